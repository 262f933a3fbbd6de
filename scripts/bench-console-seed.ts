/**
 * The seed of `npm run bench:console`: N sign-ups with the spread a real list has (server/src/test/seed-signups.ts),
 * written through the sign-up store the API writes through (db/stores/signups.ts: insertNew), so whatever that store
 * keeps beside the rows is kept here too. Beside each sign-up, the mail history the outbox keeps: its confirmation
 * mail, sent (a few failed, for the outbox view).
 */
import { sql } from 'kysely';
import { migrate } from '../server/src/db/migrations';
import { createSignupStore } from '../server/src/db/stores/signups';
import type { TestDatabase } from '../server/src/test/databases';
import { seedRows } from '../server/src/test/seed-signups';
import { servicesOn } from '../server/src/test/app';

export interface ConsoleProbe {
  middleCursor: string;
  middleEmailCursor: string;
  searchPart: string;
  companyPart: string;
  company: string;
  personId: number;
  monthFrom: string;
  monthTo: string;
  yearFrom: string;
  today: string;
}

const DAY_MS = 86_400_000;
const BATCH = 1000;

/** Seeds (unless reusing) and answers what the timed reads ask for: cursors in the middle, a part of an address, … */
export async function seedConsole(
  testDb: TestDatabase,
  options: {
    rows: number;
    reuse: boolean;
    /**
     * As right after a burst of sign-ups (issue 36 item 5): every confirmation mail still waiting (no relay), nothing
     * folded into the kept counts yet, and no statistics gathered (no VACUUM ANALYZE): what the server meets first.
     */
    burst?: boolean;
  },
): Promise<ConsoleProbe> {
  const database = testDb.open();
  const { db } = database;
  try {
    await migrate(database);
    const now = Date.now();
    if (!options.reuse) {
      const store = createSignupStore(database);
      for (let start = 0; start < options.rows; start += BATCH) {
        const rows = seedRows(Math.min(BATCH, options.rows - start), now, start);
        await db.transaction().execute((trx) => store.insertNew(trx, rows));
        if (start % 100_000 === 0 && start > 0) process.stdout.write(`  ${start.toLocaleString('en-US')}\n`);
      }
      // The mail history the outbox keeps beside the list: every confirmation mail, sent; a few failed for good.
      // Statements over a million rows: without the request timeouts.
      await database.withoutTimeouts(async (long) => {
        if (options.burst) {
          await sql`INSERT INTO outbox (kind, topic, signup_id, payload, status, attempts, next_attempt_at, created_at, lane)
            SELECT 'mail', 'confirmation', id, '{}', 'pending', 0, created_at, created_at, 'urgent' FROM waitlist_signups`.execute(long);
          return;
        }
        await sql`INSERT INTO outbox (kind, topic, signup_id, payload, status, attempts, next_attempt_at, created_at, sent_at, lane)
          SELECT 'mail', 'confirmation', id, '{}', 'sent', 1, created_at, created_at, created_at, 'urgent' FROM waitlist_signups`.execute(
          long,
        );
        await sql`INSERT INTO outbox (kind, topic, signup_id, payload, status, attempts, next_attempt_at, created_at, last_error, lane)
          SELECT 'mail', 'confirmation', id, '{}', 'failed', 12, created_at, created_at, '550 5.1.1: mailbox unavailable', 'urgent'
          FROM waitlist_signups WHERE id % 997 = 0`.execute(long);
      });
      if (options.burst) return await probeOf(database, now);
      // What the server's housekeeping does every 30 s as sign-ups arrive: count them in the console's kept counts.
      const foldStart = performance.now();
      await servicesOn(database).services.countFold.run();
      process.stdout.write(`  folded into the kept counts in ${((performance.now() - foldStart) / 1000).toFixed(1)} s\n`);
      // What autovacuum does on its own after a load like this on PostgreSQL (SQLite plans without statistics here,
      // as a freshly started server's database does).
      if (database.dialect === 'postgres') await database.withoutTimeouts((long) => sql`VACUUM ANALYZE`.execute(long));
    }
    return await probeOf(database, now);
  } finally {
    await database.close();
  }
}

/** What the timed reads ask for: cursors in the middle, a part of an address, a person, dates. */
async function probeOf(database: ReturnType<TestDatabase['open']>, now: number): Promise<ConsoleProbe> {
  const { db } = database;
  {
    const count = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM waitlist_signups`.execute(db)).rows[0]!.n);
    const half = Math.floor(count / 2);
    const middle = (
      await sql<{
        created_at: string | Date;
        id: number;
      }>`SELECT created_at, id FROM waitlist_signups ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${half}`.execute(db)
    ).rows[0]!;
    const middleEmail = (
      await sql<{
        email: string;
        id: number;
      }>`SELECT email, id FROM waitlist_signups ORDER BY email DESC, id DESC LIMIT 1 OFFSET ${half}`.execute(db)
    ).rows[0]!;
    const person = (
      await sql<{
        id: number;
        email: string;
        company_domain: string;
      }>`SELECT id, email, company_domain FROM waitlist_signups WHERE free_mail = 0 ORDER BY id LIMIT 1 OFFSET ${Math.floor(count / 3)}`.execute(
        db,
      )
    ).rows[0]!;
    // The cursor the list hands out: base64url of [sort value, id] (db/stores/signup-listing.ts).
    const cursor = (value: string, id: number) => Buffer.from(JSON.stringify([value, Number(id)])).toString('base64url');
    const local = person.email.split('@')[0]!;
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    return {
      middleCursor: cursor(database.decodeTimestamp(middle.created_at), middle.id),
      middleEmailCursor: cursor(middleEmail.email, middleEmail.id),
      searchPart: local.slice(2, 8),
      companyPart: person.company_domain.slice(1, 6),
      company: person.company_domain,
      personId: Number(person.id),
      monthFrom: day(now - 60 * DAY_MS),
      monthTo: day(now - 30 * DAY_MS),
      yearFrom: day(now - 364 * DAY_MS),
      today: day(now),
    };
  }
}
