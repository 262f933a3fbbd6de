import * as z from 'zod/mini';

/**
 * A few questions after confirming (issue 36 item 1): an owner asks up to five, each a single choice, several choices
 * or a short answer, in English and Swedish. People answer them on the page after confirming and on their data page;
 * every answer is optional. An edited question keeps its options' ids, a removed option or question is archived, so
 * earlier answers stay readable.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const MAX_QUESTIONS = 5;
export const MAX_QUESTION_OPTIONS = 8;
export const QUESTION_PROMPT_MAX_LENGTH = 200;
export const QUESTION_OPTION_MAX_LENGTH = 100;
export const SHORT_ANSWER_MAX_LENGTH = 300;

/** The form field of a question's answer on the person's pages (`q12`), one value per chosen option. */
export const answerField = (questionId: number) => `q${questionId}`;

const trimmedText = (max: number, what: string) =>
  z.pipe(
    z.string(),
    z.pipe(
      z.transform((v: string) => v.trim()),
      z.string().check(z.minLength(1, `${what} must not be empty`), z.maxLength(max, `${what} must be at most ${max} characters`)),
    ),
  );
const bilingual = (max: number, what: string) =>
  z.strictObject({ en: trimmedText(max, `${what} in English`), sv: trimmedText(max, `${what} in Swedish`) });

/** POST /questions, PUT /questions/:id: an option keeps its `id` when edited; one without is new. */
export const adminQuestionSaveSchema = z
  .strictObject({
    kind: z.enum(QUESTION_KINDS, { error: 'The kind must be single, multiple or text' }),
    prompt: bilingual(QUESTION_PROMPT_MAX_LENGTH, 'the question'),
    options: z._default(
      z
        .array(
          z.strictObject({
            id: z.optional(z.string().check(z.regex(/^o\d{1,4}$/, 'an option id is o and a number'))),
            en: trimmedText(QUESTION_OPTION_MAX_LENGTH, 'an option in English'),
            sv: trimmedText(QUESTION_OPTION_MAX_LENGTH, 'an option in Swedish'),
          }),
        )
        .check(z.maxLength(MAX_QUESTION_OPTIONS, `A question offers at most ${MAX_QUESTION_OPTIONS} options`)),
      [],
    ),
  })
  .check(
    z.refine((q) => q.kind === 'text' || q.options.length >= 2, 'A choice question needs at least two options'),
    z.refine((q) => q.kind !== 'text' || q.options.length === 0, 'A short-answer question has no options'),
  );
export type AdminQuestionSave = z.infer<typeof adminQuestionSaveSchema>;

export const questionOptionSchema = z.object({ id: z.string(), en: z.string(), sv: z.string(), archived: z.boolean() });
export const adminQuestionSchema = z.object({
  id: z.number(),
  position: z.number(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.object({ en: z.string(), sv: z.string() }),
  /** Every option it ever had: an archived one is no longer offered, and earlier answers still name it. */
  options: z.array(questionOptionSchema),
  archived_at: z.nullable(z.string()),
  /** How many people answered it. */
  answered: z.number(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionListSchema = z.object({ items: z.array(adminQuestionSchema) });

/** One answer as the console, the CSV and webhooks show it (in English); `choices` are option ids, `text` a short answer. */
export const signupAnswerSchema = z.object({
  question_id: z.number(),
  question: z.string(),
  choices: z.array(z.string()),
  answer: z.string(),
  answered_at: z.string(),
});
export type SignupAnswer = z.infer<typeof signupAnswerSchema>;

/** A question as the person's pages offer it, in their language, with what they answered so far. */
export interface PersonQuestion {
  id: number;
  kind: QuestionKind;
  prompt: string;
  options: { id: string; label: string }[];
  /** Option ids chosen, or the one short answer. */
  chosen: string[];
  text: string;
}
