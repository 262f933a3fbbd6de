import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_FIT_WEIGHTS, DESIRED_OUTCOME_OPTIONS, fitWeightsSchema, type FitWeights } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';

/** The lock the kept counts' fold and each step of the fit rescoring take (db/database.ts: exclusive). */
export const FOLD_LOCK = 'fold-signup-counts';

export interface FitRules {
  /** 1: the defaults (migration 19), set by nobody. */
  version: number;
  weights: FitWeights;
  createdAt: string | null;
  createdBy: number | null;
  rescoredThrough: number;
}

/**
 * The fit score in SQL over a waitlist_signups row: the same sum as lib/fit-score.ts `fitOf` (a test keeps the two
 * equal), so a change of weights rescores a million rows in set-based statements instead of row by row in the server.
 */
export function fitScoreSql(database: Database, weights: FitWeights): RawBuilder<number> {
  const cases = (column: string, table: Record<string, number>) => {
    const whens = Object.entries(table).filter(([, n]) => n !== 0);
    return whens.length === 0
      ? sql<number>`0`
      : sql<number>`(CASE ${sql.ref(column)} ${sql.join(
          whens.map(([value, n]) => sql`WHEN ${value} THEN ${sql.lit(n)}`),
          sql` `,
        )} ELSE 0 END)`;
  };
  const outcomes = DESIRED_OUTCOME_OPTIONS.filter((o) => weights.outcome[o] !== 0).map(
    (o) => sql<number>`(CASE WHEN ${database.listContains(sql.ref('desired_outcomes'), o)} THEN ${sql.lit(weights.outcome[o])} ELSE 0 END)`,
  );
  const colleagues =
    weights.colleagues === 0
      ? sql<number>`0`
      : sql<number>`(CASE WHEN free_mail = 0 AND company_domain IS NOT NULL AND EXISTS (SELECT 1 FROM companies WHERE companies.domain = waitlist_signups.company_domain AND companies.people >= 2) THEN ${sql.lit(weights.colleagues)} ELSE 0 END)`;
  // The answers' points: a look-up of the person's own rows of signup_answers (its primary key), only when some count.
  const weighted = Object.entries(weights.answers).filter(([, n]) => n !== 0);
  const answers =
    weighted.length === 0
      ? sql<number>`0`
      : sql<number>`COALESCE((SELECT SUM(CASE (CAST(question_id AS TEXT) || ':' || choice) ${sql.join(
          weighted.map(([key, n]) => sql`WHEN ${key} THEN ${sql.lit(n)}`),
          sql` `,
        )} ELSE 0 END) FROM signup_answers WHERE signup_answers.signup_id = waitlist_signups.id), 0)`;
  const sum = sql<number>`(${sql.lit(weights.base)} + ${cases('role', weights.role)} + ${cases('company_size', weights.company_size)} + ${sql.join(
    outcomes.length > 0 ? outcomes : [sql`0`],
    sql` + `,
  )} + (CASE WHEN free_mail = 1 THEN ${sql.lit(weights.free_mail)} ELSE ${sql.lit(weights.work_address)} END) + ${colleagues} + (CASE WHEN partner_code_id IS NOT NULL THEN ${sql.lit(weights.partner_code)} ELSE 0 END) + ${answers})`;
  return database.clampInt(sum, 0, 100);
}

/** The weights of the fit score, by version (migration 19), and the statements that keep every score current. */
export function createFitScores(database: Database) {
  const { db } = database;
  /** The newest version an owner set, or undefined (the defaults are in force). */
  async function current(executor: Executor = db): Promise<FitRules | undefined> {
    const row = await executor.selectFrom('fit_rules').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
    return (
      row && {
        version: Number(row.version),
        weights: fitWeightsSchema.parse(JSON.parse(row.weights)),
        createdAt: database.decodeTimestamp(row.created_at),
        createdBy: row.created_by === null ? null : Number(row.created_by),
        rescoredThrough: Number(row.rescored_through),
      }
    );
  }

  return {
    current,

    async add(trx: Executor, weights: FitWeights, createdBy: number | null, at: string): Promise<number> {
      const row = await trx
        .insertInto('fit_rules')
        .values({ weights: JSON.stringify(weights), created_by: createdBy, created_at: at })
        .returning('version')
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },

    /**
     * How a rescoring walk shares the writer (Database.bulkWritePauseMs, writerSliceMs): where sign-ups wait for the same
     * one writer (SQLite) it pauses between statements and keeps each within the slice; elsewhere it walks straight on.
     */
    pacing: { pauseMs: database.bulkWritePauseMs, sliceMs: database.writerSliceMs },

    /** The largest sign-up id (where a rescoring walk ends). */
    async maxId(): Promise<number> {
      const row = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /**
     * Rescores the sign-ups with ids in (after, through]; only a row whose score changes is written (a write moves the
     * row's entries in every index of the table, the trigram one included). Answers how many changed.
     */
    async rescoreRange(trx: Executor, version: number, weights: FitWeights, after: number, through: number): Promise<number> {
      const score = fitScoreSql(database, weights);
      // Not beside a fold of the kept counts, which rescores the rows it folds (the two deadlocked on each other's rows).
      await database.exclusive(trx, FOLD_LOCK);
      const result = await trx
        .updateTable('waitlist_signups')
        .set({ fit_score: score })
        .where('id', '>', after)
        .where('id', '<=', through)
        .where(sql<boolean>`fit_score <> ${score}`)
        .executeTakeFirst();
      await trx
        .updateTable('fit_rules')
        .set({ rescored_through: through })
        .where('version', '=', version)
        .where('rescored_through', '<', through)
        .execute();
      return Number(result.numUpdatedRows);
    },

    /** One person's score after they answered the questions (services/questions.ts), with the weights in force. */
    async rescoreOne(trx: Executor, signupId: number): Promise<void> {
      const rules = await current(trx);
      const score = fitScoreSql(database, rules?.weights ?? DEFAULT_FIT_WEIGHTS);
      await trx
        .updateTable('waitlist_signups')
        .set({ fit_score: score })
        .where('id', '=', signupId)
        .where(sql<boolean>`fit_score <> ${score}`)
        .execute();
    },

    /**
     * In the kept counts' fold (db/stores/signups.ts): the folded sign-ups, and the people of a company that has just
     * come to two or more on the list (their colleague now counts), scored with the weights in force.
     */
    async rescoreFolded(trx: Executor, rows: readonly { id: number; free_mail: boolean; company_domain: string | null }[]): Promise<void> {
      if (rows.length === 0) return;
      const inBatch = new Map<string, number>();
      for (const row of rows)
        if (!row.free_mail && row.company_domain) inBatch.set(row.company_domain, (inBatch.get(row.company_domain) ?? 0) + 1);
      const companies =
        inBatch.size === 0
          ? []
          : await trx
              .selectFrom('companies')
              .select(['domain', 'people'])
              .where('domain', 'in', [...inBatch.keys()])
              .execute();
      const newColleagues = companies
        .filter((c) => Number(c.people) >= 2 && Number(c.people) - (inBatch.get(c.domain) ?? 0) <= 1)
        .map((c) => c.domain);
      const rules = await current(trx);
      const score = fitScoreSql(database, rules?.weights ?? DEFAULT_FIT_WEIGHTS);
      // Two statements, each along its own index (an OR of the two would scan the table), and only the rows whose score
      // changes are written (and so locked): most were scored right as they arrived.
      await trx
        .updateTable('waitlist_signups')
        .set({ fit_score: score })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .where(sql<boolean>`fit_score <> ${score}`)
        .execute();
      // Their colleagues already folded; those still waiting are scored by the statement above when their turn comes (a
      // burst's first folds would otherwise rewrite most of the table, fold after fold).
      if (newColleagues.length > 0) {
        await trx
          .updateTable('waitlist_signups')
          .set({ fit_score: score })
          .where('company_domain', 'in', newColleagues)
          .where('free_mail', '=', 0)
          .where('counted', '=', 1)
          .where(sql<boolean>`fit_score <> ${score}`)
          .execute();
      }
    },
  };
}

export type FitScores = ReturnType<typeof createFitScores>;
