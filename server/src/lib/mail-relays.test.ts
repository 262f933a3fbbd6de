import { describe, expect, it } from 'vitest';
import { relayOf } from './mail-relays';

describe('the relay behind SMTP_URL', () => {
  it.each([
    ['smtp://postmaster%40mg.example.com:secret@smtp.eu.mailgun.org:587', { name: 'Mailgun (EU region)', country: 'Germany' }],
    ['smtps://user:pass@smtp.mailgun.org:465', { name: 'Mailgun', country: 'United States' }],
    ['smtp://key:key@smtp.postmarkapp.com:587', { name: 'Postmark', country: 'United States' }],
    ['smtp://apikey:x@smtp.sendgrid.net:587', { name: 'SendGrid (Twilio)', country: 'United States' }],
    ['smtp://a:b@email-smtp.eu-north-1.amazonaws.com:587', { name: 'Amazon SES', country: 'Sweden' }],
    ['smtp://a:b@email-smtp.ap-south-9.amazonaws.com:587', { name: 'Amazon SES', country: 'ap-south-9' }],
    ['smtp://a:b@smtp-relay.brevo.com:587', { name: 'Brevo', country: 'France' }],
    // Not in the table: the host, and no country rather than a guess.
    ['smtp://relay.internal.example.se:25', { name: 'relay.internal.example.se', country: null }],
    // A look-alike of a known host is not that provider.
    ['smtp://smtp.mailgun.org.attacker.example:25', { name: 'smtp.mailgun.org.attacker.example', country: null }],
  ])('%s is %o', (url, relay) => {
    expect(relayOf(url)).toEqual(relay);
  });

  it('never shows the credentials of the URL', () => {
    expect(JSON.stringify(relayOf('smtp://user:s3cret@smtp.eu.mailgun.org:587'))).not.toMatch(/user|s3cret/);
    expect(relayOf('not a url')).toBeNull();
  });
});
