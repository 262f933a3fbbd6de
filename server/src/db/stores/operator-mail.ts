import type { Transaction } from 'kysely';
import type { Database } from '../connection';
import type { Schema } from '../schema';
import { outboxMailValues } from './outbox';

/**
 * Mail to the founders, through the outbox like every other mail (retried, never lost): an instant notice for each
 * confirmed sign-up to operators who opted in, and a daily digest after 06:00 UTC, queued once a day however many
 * copies run (the operator_digests row is the day's claim). See docs/decisions/0009-operator-insight.md.
 */
export const OPERATOR_MAIL_TOPICS = { confirmed: 'operator-confirmed', digest: 'operator-digest' } as const;
export const DIGEST_HOUR_UTC = 6;

export interface DigestFacts {
  signups: number;
  confirmed: number;
  newCompanies: string[];
  /** Companies already on the list before the period that got another person in it. */
  returningCompanies: string[];
  topSources: { source: string; signups: number }[];
}

export function createOperatorMail(database: Database) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();

  return {
    /** In the confirmation's transaction: one notice per operator who wants them. */
    async queueConfirmedNotices(trx: Transaction<Schema>, signupId: number, at: Date): Promise<void> {
      const operators = await trx.selectFrom('operators').select('id').where('notify_on_confirm', '=', 1).execute();
      if (operators.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          operators.map((o) =>
            outboxMailValues({ signupId, topic: OPERATOR_MAIL_TOPICS.confirmed, payload: { operatorId: Number(o.id) } }, iso(at)),
          ),
        )
        .execute();
    },

    /**
     * Queues today's digest (the 24 hours before now) to each operator who wants it, once per day across all
     * copies; answers how many. Nothing is claimed while no operator wants one, so an operator added later that
     * day still gets it.
     */
    async queueDailyDigest(now = new Date(), hourUtc = DIGEST_HOUR_UTC): Promise<number> {
      if (now.getUTCHours() < hourUtc) return 0;
      const day = iso(now).slice(0, 10);
      return db.transaction().execute(async (trx) => {
        const operators = await trx.selectFrom('operators').select('id').where('notify_digest', '=', 1).execute();
        if (operators.length === 0) return 0;
        const claimed = await trx
          .insertInto('operator_digests')
          .values({ day, queued_at: iso(now) })
          .onConflict((oc) => oc.column('day').doNothing())
          .returning('day')
          .executeTakeFirst();
        if (!claimed) return 0;
        await trx
          .insertInto('outbox')
          .values(
            operators.map((o) =>
              outboxMailValues(
                { signupId: null, topic: OPERATOR_MAIL_TOPICS.digest, payload: { operatorId: Number(o.id), day, until: iso(now) } },
                iso(now),
              ),
            ),
          )
          .execute();
        return operators.length;
      });
    },

    async operatorEmail(operatorId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('operators')
        .select(['email', 'notify_on_confirm', 'notify_digest'])
        .where('id', '=', operatorId)
        .executeTakeFirst();
      return row?.email;
    },

    /** What the digest of the 24 hours before `until` says. */
    async digestFacts(until: Date): Promise<DigestFacts> {
      const since = iso(new Date(until.getTime() - 24 * 60 * 60 * 1000));
      const end = iso(until);
      const inPeriod = await db
        .selectFrom('waitlist_signups')
        .select(['company_domain', 'free_mail', 'utm_source'])
        .where('created_at', '>=', since)
        .where('created_at', '<', end)
        .execute();
      const { n: confirmed } = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('confirmed_at', '>=', since)
        .where('confirmed_at', '<', end)
        .executeTakeFirstOrThrow();
      const domains = [
        ...new Set(inPeriod.filter((r) => Number(r.free_mail) === 0 && r.company_domain).map((r) => r.company_domain!)),
      ].sort();
      const before =
        domains.length === 0
          ? new Set<string>()
          : new Set(
              (
                await db
                  .selectFrom('waitlist_signups')
                  .select('company_domain')
                  .where('company_domain', 'in', domains)
                  .where('created_at', '<', since)
                  .execute()
              ).map((r) => r.company_domain!),
            );
      const sources = new Map<string, number>();
      for (const r of inPeriod) {
        const source = r.utm_source ?? '(none)';
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
      return {
        signups: inPeriod.length,
        confirmed: Number(confirmed),
        newCompanies: domains.filter((d) => !before.has(d)),
        returningCompanies: domains.filter((d) => before.has(d)),
        topSources: [...sources]
          .map(([source, signups]) => ({ source, signups }))
          .sort((a, b) => b.signups - a.signups || a.source.localeCompare(b.source))
          .slice(0, 5),
      };
    },
  };
}

export type OperatorMail = ReturnType<typeof createOperatorMail>;
