import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations';
import { servicesOn } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { validSignup } from '../test/fixtures';
import { messageIdOf } from './mail-channel';

describe('the Message-ID of a mail', () => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const testDb of made) await testDb.drop();
  });

  /** A fresh installation's first mail, as its worker claims it. */
  async function firstMailOfAFreshInstallation() {
    const testDb = await createTestDatabase('sqlite');
    made.push(testDb);
    const database = testDb.open();
    try {
      await migrate(database);
      const { stores, services } = servicesOn(database);
      await services.signups.signUp(validSignup());
      const claim = () =>
        stores.outbox.claimDue('mail', { workerId: 'w', now: new Date(), leaseUntil: new Date(), limit: 1, lane: 'urgent' });
      const [row] = await claim();
      return { row: row!, again: (await claim())[0]! };
    } finally {
      await database.close();
    }
  }

  it('differs between installations whose outbox ids both start at 1, and stays the same on a retry of the row', async () => {
    const a = await firstMailOfAFreshInstallation();
    const b = await firstMailOfAFreshInstallation();
    expect(a.row.id).toBe(b.row.id);
    expect(messageIdOf(a.row, 'example.com')).not.toBe(messageIdOf(b.row, 'example.com'));
    // The lease ran out at once: the same row claimed again (a retry) gives the same Message-ID.
    expect(a.again.id).toBe(a.row.id);
    expect(messageIdOf(a.again, 'example.com')).toBe(messageIdOf(a.row, 'example.com'));
  });

  it('keeps the old form for rows queued before rows had a key', () => {
    expect(messageIdOf({ id: 7, payload: { locale: 'en' } }, 'example.com')).toBe('<outbox-7@example.com>');
  });
});
