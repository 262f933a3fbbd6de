import { describe, expect, it } from 'vitest';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, FOLLOW_UP_STATUSES, ROLE_OPTIONS } from '@waitlist/contract';
import { servicesOn, useTestDatabase } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { seedRows } from '../../test/seed-signups';
import { companyOf } from '../../lib/company';
import { createSignupStore, type SignupRow } from './signups';
import { LARGE_LIST, LARGE_LIST_TOTAL_CAP, createSignupListing } from './signup-listing';
import { sql } from 'kysely';
import { BACKLOG_COUNT_CAP, BURST_BACKLOG, READ_FOLD_BATCH } from './signup-counts';

/**
 * The console's kept counts (signup-counts.ts) stay equal to what the rows say, whatever happens to the rows in
 * whatever order: sign-ups counted or not yet, confirmations, corrections that move a person to another company or to
 * free mail, follow-up statuses, erasures. The people on the list now are counted from the rows from scratch; the daily
 * counts are every sign-up ever made, so an erased person's answers at erasure are added to what the rows say.
 */

/** A small generator, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

describe.each(DIALECTS)('kept counts on %s', (dialect) => {
  const handle = useTestDatabase(dialect);

  it('equal a count from the rows after sign-ups, confirmations, corrections, statuses and erasures in any order', async () => {
    const { database } = handle;
    const { db } = database;
    const store = createSignupStore(database);
    const fold = servicesOn(database).services.countFold;
    const random = generator(dialect === 'sqlite' ? 11 : 17);
    const now = Date.now();
    const insert = async (count: number, offset: number) => {
      const rows = seedRows(count, now, offset);
      await db.transaction().execute((trx) => store.insertNew(trx, rows));
    };
    await insert(300, 0);
    await fold.run();
    // These stay uncounted until the end: each operation below meets both kinds.
    await insert(60, 300);

    const erased: SignupRow[] = [];
    const all = async () => (await db.selectFrom('waitlist_signups').select('id').execute()).map((r) => Number(r.id));
    for (let step = 0; step < 150; step++) {
      const ids = await all();
      const id = random.pick(ids);
      const operation = random.next();
      await db.transaction().execute(async (trx) => {
        if (operation < 0.2) await store.setConfirmed(trx, id, new Date().toISOString());
        else if (operation < 0.45) {
          const email = `moved-${step}@${random.pick(['volvo.se', 'gmail.com', 'scania.com', 'ikea.com'])}`;
          const { domain, freeMail } = companyOf(email);
          await store.update(trx, id, {
            ...(random.next() < 0.5 ? { email, company_domain: domain, free_mail: freeMail } : {}),
            role: random.pick(ROLE_OPTIONS),
            company_size: random.pick(COMPANY_SIZE_OPTIONS),
            desired_outcomes: [random.pick(DESIRED_OUTCOME_OPTIONS)],
          });
        } else if (operation < 0.7) {
          await store.setStatus(trx, [id, random.pick(ids)], random.pick(FOLLOW_UP_STATUSES));
        } else {
          const row = await store.find(trx, id);
          if (row) erased.push(row);
          await store.remove(trx, id);
        }
      });
      if (step === 75) await fold.run();
    }
    await fold.run();

    // The rows as they are, read plainly.
    const rows = (await db.selectFrom('waitlist_signups').selectAll().execute()).map(store.decode);
    // The people on the list now.
    expect(await store.totals()).toEqual({ people: rows.length, freeMail: rows.filter((r) => r.free_mail).length });
    const companies = new Map<string, { people: number; first: string; last: string; facets: Map<string, number> }>();
    for (const row of rows) {
      if (row.free_mail || !row.company_domain) continue;
      const c = companies.get(row.company_domain) ?? { people: 0, first: row.created_at, last: row.created_at, facets: new Map() };
      c.people += 1;
      if (row.created_at < c.first) c.first = row.created_at;
      if (row.created_at > c.last) c.last = row.created_at;
      for (const facet of ['role', 'company_size', 'status'] as const) {
        c.facets.set(`${facet}:${row[facet]}`, (c.facets.get(`${facet}:${row[facet]}`) ?? 0) + 1);
      }
      companies.set(row.company_domain, c);
    }
    const kept = await db.selectFrom('companies').selectAll().orderBy('domain').execute();
    expect(
      kept.map((c) => [
        c.domain,
        Number(c.people),
        database.decodeTimestamp(c.first_signup_at),
        database.decodeTimestamp(c.last_signup_at),
      ]),
    ).toEqual([...companies].sort(([a], [b]) => (a < b ? -1 : 1)).map(([domain, c]) => [domain, c.people, c.first, c.last]));
    const facets = await db.selectFrom('company_facets').selectAll().where('people', '<>', 0).execute();
    expect(new Map(facets.map((f) => [`${f.domain} ${f.facet}:${f.value}`, Number(f.people)]))).toEqual(
      new Map([...companies].flatMap(([domain, c]) => [...c.facets].map(([key, n]) => [`${domain} ${key}`, n] as const))),
    );

    // Every sign-up ever made: the rows now, and the erased ones as they were when they left.
    const daily = new Map<string, { signups: number; confirmed: number }>();
    for (const row of [...rows, ...erased]) {
      const day = row.created_at.slice(0, 10);
      const keys = [
        'all:',
        `role:${row.role}`,
        `company_size:${row.company_size}`,
        ...new Set((row.desired_outcomes ?? ['unknown']).map((o) => `outcome:${o}`)),
        `source:${row.utm_source ?? ''}`,
        `campaign:${row.utm_campaign ?? ''}`,
        `landing_path:${row.landing_path ?? ''}`,
      ];
      for (const key of keys) {
        const d = daily.get(`${day} ${key}`) ?? { signups: 0, confirmed: 0 };
        d.signups += 1;
        if (row.confirmed_at) d.confirmed += 1;
        daily.set(`${day} ${key}`, d);
      }
    }
    const keptDaily = await db.selectFrom('signup_daily_counts').selectAll().execute();
    expect(
      new Map(
        keptDaily
          .filter((d) => Number(d.signups) !== 0 || Number(d.confirmed) !== 0)
          .map((d) => [`${d.day} ${d.dimension}:${d.value}`, { signups: Number(d.signups), confirmed: Number(d.confirmed) }]),
      ),
    ).toEqual(daily);
    expect(erased.length).toBeGreaterThan(10);
  });

  it("gives the list's total with the sign-ups not yet folded in: right after a burst it said 25 of 0", async () => {
    const { database } = handle;
    const store = createSignupStore(database);
    const fold = servicesOn(database).services.countFold;
    const listing = createSignupListing(database);
    const listed = async () => {
      const { total, total_capped } = await listing.list({ sort: '-created_at' }, undefined, 25);
      return { total, capped: total_capped };
    };
    const insert = (n: number, offset: number) =>
      database.db.transaction().execute((trx) => store.insertNew(trx, seedRows(n, Date.now(), offset)));
    await fold.run();
    const before = (await store.totals()).people;

    // A few waiting: the list counts them without folding; a read that shows the kept counts folds them in first (one
    // batch at most: a backlog the background fold is working through is sized to Database.writerSliceMs instead).
    await insert(READ_FOLD_BATCH, 10_000);
    expect(await listed()).toEqual({ total: before + READ_FOLD_BATCH, capped: false });
    expect((await store.totals()).people).toBe(before);
    expect(await fold.beforeRead()).toBe(READ_FOLD_BATCH);
    expect((await store.totals()).people).toBe(before + READ_FOLD_BATCH);

    // More than a read folds: it folds one batch, the rest wait for the housekeeping fold; the list's total (which
    // does not fold) still counts them all.
    await insert(READ_FOLD_BATCH + 150, 20_000);
    expect(await listed()).toEqual({ total: before + 2 * READ_FOLD_BATCH + 150, capped: false });
    expect(await fold.beforeRead()).toBe(READ_FOLD_BATCH);
    expect((await store.totals()).people).toBe(before + 2 * READ_FOLD_BATCH);

    // Past BACKLOG_COUNT_CAP waiting, the total says "more than" (capped).
    await insert(BACKLOG_COUNT_CAP, 30_000);
    expect(await listed()).toEqual({ total: before + 2 * READ_FOLD_BATCH + BACKLOG_COUNT_CAP, capped: true });

    await fold.run({ paced: true });
    const all = before + 2 * READ_FOLD_BATCH + 150 + BACKLOG_COUNT_CAP;
    expect(await listed()).toEqual({ total: all, capped: false });
    expect((await store.totals()).people).toBe(all);

    // A filter counts up to TOTAL_CAP; on a list of more than LARGE_LIST (by its highest id), up to LARGE_LIST_TOTAL_CAP.
    const everyone = { sort: '-created_at', from: '2000-01-01' } as const;
    expect(await listing.list(everyone, undefined, 25)).toMatchObject({ total: all, total_capped: false });
    // The next sign-up gets an id past LARGE_LIST (PostgreSQL's identity column restarts; SQLite takes the row's id).
    if (dialect === 'postgres')
      await sql`ALTER TABLE waitlist_signups ALTER COLUMN id RESTART WITH ${sql.lit(LARGE_LIST + 1)}`.execute(database.db);
    const [last] = await insert(1, 40_000);
    if (dialect === 'sqlite') await sql`UPDATE waitlist_signups SET id = ${LARGE_LIST + 1} WHERE id = ${last!}`.execute(database.db);
    expect(await listing.list(everyone, undefined, 25)).toMatchObject({ total: LARGE_LIST_TOTAL_CAP, total_capped: true });
  });

  it('folds nothing for a read while the housekeeping fold works through a burst, and the newest again once it caught up', async () => {
    const { database } = handle;
    const housekeeping = createSignupStore(database);
    // The housekeeping job and the console's reads fold through the one fold of this copy: a read sees the burst too.
    const fold = servicesOn(database).services.countFold;
    await fold.run();
    const before = (await housekeeping.totals()).people;
    for (let offset = 0; offset < BURST_BACKLOG; offset += 1000)
      await database.db.transaction().execute((trx) => housekeeping.insertNew(trx, seedRows(1000, Date.now(), 50_000 + offset)));

    // The housekeeping fold finds the burst and has folded a part of it: a read adds nothing of its own.
    expect(await fold.run({ limit: 1000, atMost: 1000 })).toBe(1000);
    expect(await fold.beforeRead()).toBe(0);
    expect((await housekeeping.totals()).people).toBe(before + 1000);

    // Caught up: a sign-up of a moment ago joins the figures with the next read.
    await fold.run();
    expect((await housekeeping.totals()).people).toBe(before + BURST_BACKLOG);
    await database.db.transaction().execute((trx) => housekeeping.insertNew(trx, seedRows(2, Date.now(), 70_000)));
    expect(await fold.beforeRead()).toBe(2);
    expect((await housekeeping.totals()).people).toBe(before + BURST_BACKLOG + 2);
  });
});
