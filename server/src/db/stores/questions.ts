import { sql } from 'kysely';
import type { QuestionKind } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import { translateDbError } from '../errors';

export interface QuestionOption {
  id: string;
  en: string;
  sv: string;
  archived: boolean;
}

export interface QuestionRow {
  id: number;
  position: number;
  kind: QuestionKind;
  prompt: { en: string; sv: string };
  options: QuestionOption[];
  archivedAt: string | null;
}

export interface AnswerRow {
  signupId: number;
  questionId: number;
  /** Option ids; empty for a short answer. */
  choices: string[];
  text: string | null;
  answeredAt: string;
}

/** The questions after confirming (signup_questions) and people's answers (signup_answers), migration 20. */
export function createQuestionStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  const decode = (row: {
    id: number;
    position: number;
    kind: string;
    prompt: string;
    options: string;
    archived_at: Date | string | null;
  }) => ({
    id: Number(row.id),
    position: Number(row.position),
    kind: row.kind as QuestionKind,
    prompt: JSON.parse(row.prompt) as QuestionRow['prompt'],
    options: JSON.parse(row.options) as QuestionOption[],
    archivedAt: row.archived_at === null ? null : ts(row.archived_at),
  });

  return {
    /** Every question (the archived ones too, whose answers stay readable), in their order. */
    async list(executor: Executor = db): Promise<QuestionRow[]> {
      const rows = await executor
        .selectFrom('signup_questions')
        .selectAll()
        .orderBy('position')
        .orderBy('id')
        .execute()
        .catch(translateDbError);
      return rows.map(decode);
    },

    async insert(trx: Executor, q: Omit<QuestionRow, 'id' | 'archivedAt'>, at: string): Promise<number> {
      const row = await trx
        .insertInto('signup_questions')
        .values({
          position: q.position,
          kind: q.kind,
          prompt: JSON.stringify(q.prompt),
          options: JSON.stringify(q.options),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(trx: Executor, id: number, q: Pick<QuestionRow, 'prompt' | 'options'>, at: string): Promise<void> {
      await trx
        .updateTable('signup_questions')
        .set({ prompt: JSON.stringify(q.prompt), options: JSON.stringify(q.options), updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async archive(trx: Executor, id: number, at: string): Promise<void> {
      await trx.updateTable('signup_questions').set({ archived_at: at, updated_at: at }).where('id', '=', id).execute();
    },

    /** How many people answered each question. */
    async answeredCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('signup_answers')
        .select(['question_id', sql<number>`count(distinct signup_id)`.as('n')])
        .groupBy('question_id')
        .execute()
        .catch(translateDbError);
      return new Map(rows.map((r) => [Number(r.question_id), Number(r.n)]));
    },

    /** The answers of these people, by person (a page of the list, a batch of the export, one person). */
    async answersOf(signupIds: readonly number[], executor: Executor = db): Promise<Map<number, AnswerRow[]>> {
      const byPerson = new Map<number, AnswerRow[]>();
      if (signupIds.length === 0) return byPerson;
      const rows = await executor
        .selectFrom('signup_answers')
        .selectAll()
        .where('signup_id', 'in', [...signupIds])
        .orderBy('signup_id')
        .orderBy('question_id')
        .orderBy('choice')
        .execute()
        .catch(translateDbError);
      for (const row of rows) {
        const signupId = Number(row.signup_id);
        const list = byPerson.get(signupId) ?? [];
        let answer = list.find((a) => a.questionId === Number(row.question_id));
        if (!answer) {
          answer = { signupId, questionId: Number(row.question_id), choices: [], text: null, answeredAt: ts(row.answered_at) };
          list.push(answer);
        }
        if (row.choice === '') answer.text = row.answer_text;
        else answer.choices.push(row.choice);
        byPerson.set(signupId, list);
      }
      return byPerson;
    },

    /** Replaces a person's answer to one question (none: the answer is withdrawn). */
    async replaceAnswer(
      trx: Executor,
      signupId: number,
      questionId: number,
      answer: { choices: string[]; text: string | null },
      at: string,
    ) {
      await trx.deleteFrom('signup_answers').where('signup_id', '=', signupId).where('question_id', '=', questionId).execute();
      const values = [
        ...answer.choices.map((choice) => ({ signup_id: signupId, question_id: questionId, choice, answer_text: null, answered_at: at })),
        ...(answer.text ? [{ signup_id: signupId, question_id: questionId, choice: '', answer_text: answer.text, answered_at: at }] : []),
      ];
      if (values.length > 0) await trx.insertInto('signup_answers').values(values).execute();
    },
  };
}

export type QuestionStore = ReturnType<typeof createQuestionStore>;
