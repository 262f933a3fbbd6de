import { DESIRED_OUTCOME_OPTIONS, type FitWeights } from '@waitlist/contract';

/** What a sign-up's fit is judged on (a row of waitlist_signups, and whether colleagues are on the list). */
export interface FitFacts {
  /** null: not known (imported without answers): no points, and a reason that says so. */
  role: string | null;
  company_size: string | null;
  desired_outcomes: readonly string[] | null;
  free_mail: boolean;
  partner_code_id: number | null;
  /** Two or more people of this person's company (a work address) are on the list. */
  colleagues: boolean;
  /** Their answers to the questions after confirming: each question's chosen options (`<question id>:<option id>`) and its words. */
  answerTerms?: readonly { keys: readonly string[]; label: string }[];
}

/** 0 to 100: the weights' sum for this person, held between the two. */
export const clampScore = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * The fit score and the reasons for it, one sentence per term that counted ("+30 1000+ employees", "−40 free mail"),
 * the largest first (issue 36 item 2). The same sum as the SQL db/stores/fit-scores.ts writes (a test keeps them equal).
 */
export function fitOf(facts: FitFacts, weights: FitWeights): { score: number; reasons: string[] } {
  const terms: [number, string][] = [];
  const add = (n: number | undefined, why: string) => {
    if (n) terms.push([n, why]);
  };
  if (facts.role !== null) add(weights.role[facts.role as keyof FitWeights['role']], facts.role);
  if (facts.company_size !== null) add(weights.company_size[facts.company_size as keyof FitWeights['company_size']], facts.company_size);
  for (const outcome of DESIRED_OUTCOME_OPTIONS) {
    if (facts.desired_outcomes?.includes(outcome)) add(weights.outcome[outcome], outcome);
  }
  add(facts.free_mail ? weights.free_mail : weights.work_address, facts.free_mail ? 'free mail' : 'work address');
  if (facts.colleagues && !facts.free_mail) add(weights.colleagues, 'colleagues on the list');
  if (facts.partner_code_id !== null) add(weights.partner_code, "a partner's code");
  for (const answer of facts.answerTerms ?? [])
    add(
      answer.keys.reduce((sum, key) => sum + (weights.answers[key] ?? 0), 0),
      answer.label,
    );
  const score = clampScore(weights.base + terms.reduce((sum, [n]) => sum + n, 0));
  const reasons = terms.sort((a, b) => Math.abs(b[0]) - Math.abs(a[0])).map(([n, why]) => `${signed(n)} ${why}`);
  const unknown = unknownAnswers(facts);
  if (unknown.length > 0) reasons.push(`no points for ${listed(unknown)}: not known yet`);
  return { score, reasons };
}

/** Which of a person's answers are not known (imported from a list of addresses: contract answersUnknown). */
const unknownAnswers = (facts: FitFacts) =>
  [facts.role === null && 'role', facts.company_size === null && 'company size', facts.desired_outcomes === null && 'outcomes'].filter(
    (name): name is string => name !== false,
  );

/** "role", "role and outcomes", "role, company size and outcomes". */
const listed = (names: readonly string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
