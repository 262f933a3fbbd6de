import { describe, expect, it } from 'vitest';
import { greeting, mailHostOf } from './greeting';

describe("npm start's greeting", () => {
  it('says where the site and the console are, the database, that mail is not set up, and how to make the first owner', () => {
    const text = greeting({
      localUrl: 'http://localhost:3000',
      siteUrl: 'http://localhost:3000',
      database: 'sqlite:./data/waitlist.db',
      mailHost: null,
      owners: 0,
    });
    expect(text).toContain('Waitlist site     http://localhost:3000/');
    expect(text).toContain('Console           http://localhost:3000/admin');
    expect(text).toContain('sqlite:./data/waitlist.db');
    expect(text).toContain('mail waits in the outbox until SMTP_URL is set');
    expect(text).toContain('npm run admin -- add you@company.com');
    expect(text).not.toContain('Public address');
  });

  it('names the relay by its host only, the public address when it differs, and no owner hint once there is one', () => {
    const text = greeting({
      localUrl: 'http://localhost:3000',
      siteUrl: 'https://waitlist.example.com',
      database: 'postgres:db.internal/waitlist',
      mailHost: mailHostOf('smtps://user:secret@smtp.eu.mailgun.org:465'),
      owners: 1,
    });
    expect(text).toContain('Mail              through smtp.eu.mailgun.org:465');
    expect(text).not.toContain('secret');
    expect(text).toContain('Public address    https://waitlist.example.com (SITE_URL: links in mail)');
    expect(text).not.toContain('No owner yet');
  });
});
