import {
  MAX_QUESTIONS,
  SHORT_ANSWER_MAX_LENGTH,
  answerField,
  type AdminQuestion,
  type AdminQuestionSave,
  type PersonQuestion,
  type SignupAnswer,
} from '@waitlist/contract';
import type { Stores } from '../db/stores';
import type { AnswerRow, QuestionOption, QuestionRow } from '../db/stores/questions';
import type { SignupEvents } from './signup-events';
import type { UseCases } from './use-case';

/** A change the rules of the questions do not allow: the route answers 400 (or 404) with its message. */
export class QuestionRuleError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

const optionLabel = (question: QuestionRow, id: string, locale: 'en' | 'sv' = 'en') =>
  question.options.find((o) => o.id === id)?.[locale] ?? id;

/** One answer in English words, for the console, the CSV and webhooks. */
function describeAnswer(question: QuestionRow | undefined, answer: AnswerRow): SignupAnswer {
  return {
    question_id: answer.questionId,
    question: question?.prompt.en ?? `Question ${answer.questionId}`,
    choices: answer.choices,
    answer: answer.text ?? (question ? answer.choices.map((c) => optionLabel(question, c)).join(', ') : answer.choices.join(', ')),
    answered_at: answer.answeredAt,
  };
}

/**
 * The questions after confirming (issue 36 item 1; docs/decisions/0032): owners ask up to five, people answer any of
 * them on the page after confirming or on their data page, and their answers are their data (in their download, on
 * their page to change, erased with them).
 */
export function createQuestions({ stores, useCases, events }: { stores: Stores; useCases: UseCases; events: SignupEvents }) {
  const toAdmin = (q: QuestionRow, answered: Map<number, number>): AdminQuestion => ({
    id: q.id,
    position: q.position,
    kind: q.kind,
    prompt: q.prompt,
    options: q.options,
    archived_at: q.archivedAt,
    answered: answered.get(q.id) ?? 0,
  });

  /** The options as saved: given ids kept, new ones numbered after the highest, the ones left out archived. */
  const mergeOptions = (before: readonly QuestionOption[], given: AdminQuestionSave['options']): QuestionOption[] => {
    let next = Math.max(0, ...before.map((o) => Number(o.id.slice(1)))) + 1;
    const kept = new Set<string>();
    const saved = given.map((o) => {
      const known = o.id !== undefined && before.some((b) => b.id === o.id);
      const id = known ? o.id! : `o${next++}`;
      kept.add(id);
      return { id, en: o.en, sv: o.sv, archived: false };
    });
    const archived = before.filter((b) => !kept.has(b.id)).map((b) => ({ ...b, archived: true }));
    return [...saved, ...archived];
  };

  const active = async () => (await stores.questions.list()).filter((q) => q.archivedAt === null);

  return {
    async list(): Promise<AdminQuestion[]> {
      const [questions, answered] = await Promise.all([stores.questions.list(), stores.questions.answeredCounts()]);
      return questions.map((q) => toAdmin(q, answered));
    },

    async create(input: AdminQuestionSave, operatorId: number): Promise<number> {
      return useCases.run(async (change) => {
        const all = await stores.questions.list(change.trx);
        if (all.filter((q) => q.archivedAt === null).length >= MAX_QUESTIONS) {
          throw new QuestionRuleError(`At most ${MAX_QUESTIONS} questions are asked at once: archive one first`);
        }
        const position = Math.max(0, ...all.map((q) => q.position)) + 1;
        const id = await stores.questions.insert(
          change.trx,
          { position, kind: input.kind, prompt: input.prompt, options: mergeOptions([], input.options) },
          change.at,
        );
        await change.audit({ action: 'questions.create', operatorId, target: `question:${id}` });
        return id;
      });
    },

    async update(id: number, input: AdminQuestionSave, operatorId: number): Promise<void> {
      await useCases.run(async (change) => {
        const question = (await stores.questions.list(change.trx)).find((q) => q.id === id);
        if (!question) throw new QuestionRuleError('No such question', 404);
        if (question.archivedAt !== null) throw new QuestionRuleError('An archived question is kept as it was; ask a new one');
        if (question.kind !== input.kind) {
          throw new QuestionRuleError('A question keeps its kind (earlier answers were given to it); archive it and ask a new one');
        }
        await stores.questions.update(
          change.trx,
          id,
          { prompt: input.prompt, options: mergeOptions(question.options, input.options) },
          change.at,
        );
        await change.audit({ action: 'questions.update', operatorId, target: `question:${id}` });
      });
    },

    async archive(id: number, operatorId: number): Promise<void> {
      await useCases.run(async (change) => {
        const question = (await stores.questions.list(change.trx)).find((q) => q.id === id);
        if (!question) throw new QuestionRuleError('No such question', 404);
        if (question.archivedAt === null) await stores.questions.archive(change.trx, id, change.at);
        await change.audit({ action: 'questions.archive', operatorId, target: `question:${id}` });
      });
    },

    /** The questions a person is asked now, in their language, with what they answered. */
    async forPerson(signupId: number, locale: string): Promise<PersonQuestion[]> {
      const questions = await active();
      if (questions.length === 0) return [];
      const answers = (await stores.questions.answersOf([signupId])).get(signupId) ?? [];
      const lang = locale === 'sv' ? 'sv' : 'en';
      return questions.map((q) => {
        const answer = answers.find((a) => a.questionId === q.id);
        return {
          id: q.id,
          kind: q.kind,
          prompt: q.prompt[lang],
          options: q.options.filter((o) => !o.archived).map((o) => ({ id: o.id, label: o[lang] })),
          chosen: answer?.choices ?? [],
          text: answer?.text ?? '',
        };
      });
    },

    /**
     * A person's answers from a form (field `q<id>`, one value per chosen option): every question asked now is set to
     * what came (nothing: the answer is withdrawn); values that are not offered options are refused, nothing changed.
     * Answers whether the form was valid.
     */
    async answer(signupId: number, form: (name: string) => string[]): Promise<boolean> {
      const questions = await active();
      const given = questions.map((q) => {
        const values = form(answerField(q.id));
        if (q.kind === 'text') {
          const text = (values[0] ?? '').trim();
          return { q, ok: text.length <= SHORT_ANSWER_MAX_LENGTH, choices: [], text: text || null };
        }
        const offered = new Set(q.options.filter((o) => !o.archived).map((o) => o.id));
        const choices = [...new Set(values.filter((v) => v !== ''))];
        const ok = choices.every((c) => offered.has(c)) && (q.kind === 'multiple' || choices.length <= 1);
        return { q, ok, choices, text: null };
      });
      if (given.some((g) => !g.ok)) return false;
      await useCases.run(async (change) => {
        const row = await stores.signups.lock(change.trx, signupId);
        if (!row) return;
        for (const g of given)
          await stores.questions.replaceAnswer(change.trx, signupId, g.q.id, { choices: g.choices, text: g.text }, change.at);
        // Answers may count in the fit score (an owner's weights): the person's score follows at once.
        await stores.fitScores.rescoreOne(change.trx, signupId);
        await change.auditPerson({ action: 'correct', actor: 'person', signupId, fields: ['answers'] });
        const answers = (await stores.questions.answersOf([signupId], change.trx)).get(signupId) ?? [];
        const all = await stores.questions.list(change.trx);
        const rescored = (await stores.signups.find(change.trx, signupId)) ?? row;
        await events.announce(
          change,
          'signup.updated',
          [rescored],
          new Map([
            [
              signupId,
              answers.map((a) =>
                describeAnswer(
                  all.find((q) => q.id === a.questionId),
                  a,
                ),
              ),
            ],
          ]),
        );
      });
      return true;
    },

    /** People's answers in English words (the console's person page, the CSV, the person's own download). */
    async answersOf(signupIds: readonly number[]): Promise<Map<number, SignupAnswer[]>> {
      const [questions, answers] = await Promise.all([stores.questions.list(), stores.questions.answersOf(signupIds)]);
      return new Map(
        [...answers].map(([id, list]) => [
          id,
          list.map((a) =>
            describeAnswer(
              questions.find((q) => q.id === a.questionId),
              a,
            ),
          ),
        ]),
      );
    },
  };
}

export type Questions = ReturnType<typeof createQuestions>;
