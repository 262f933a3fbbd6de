/** Option lists of the product specification, verbatim and in display order. The DB CHECK constraints are generated from these. */
export const ROLE_OPTIONS = [
  'Head of Innovation / Innovation Director',
  'Innovation Manager / Program Manager',
  'Digital Leader / Digital Transformation Lead',
  'Project Manager',
  'Product Manager',
  'R&D Manager / Lead',
  'Intrapreneur / Venture Team Member',
  'Strategy Lead / Transformation Manager',
  'HR / Learning & Development',
  'Operations / Process Excellence',
  "I'm exploring innovation in my org",
  'Consultant / Advisor',
  'Other',
] as const;

export const COMPANY_SIZE_OPTIONS = [
  '1-10 employees',
  '11-50 employees',
  '51-200 employees',
  '201-500 employees',
  '501-1000 employees',
  '1000+ employees',
] as const;

export const DESIRED_OUTCOME_OPTIONS = [
  'Speed up time-to-market',
  'Reduce uncertainty systematically at scale',
  'Make innovation efforts more structured',
  'Improve cross-functional collaboration',
  'Reuse insights',
  'Improve productivity for innovation efforts',
  'Other',
] as const;

export type Role = (typeof ROLE_OPTIONS)[number];
export type CompanySize = (typeof COMPANY_SIZE_OPTIONS)[number];
export type DesiredOutcome = (typeof DESIRED_OUTCOME_OPTIONS)[number];

/** The outcome that reveals the free-text field. */
export const OTHER_OUTCOME: DesiredOutcome = 'Other';

/**
 * An answer we do not know (issue 38 item 5): people imported from a list of addresses have no role, size or outcomes
 * until they give them on their own page. Stored as NULL; this is its name in the console's filters and counts, and
 * in the kept counts (never one of the options above).
 */
export const UNKNOWN_ANSWER = 'unknown';

/** Whether any of a person's answers is not known (they were imported from a list of addresses and have not given it). */
export const answersUnknown = (person: {
  role: string | null;
  company_size: string | null;
  desired_outcomes: readonly string[] | null;
}): boolean => person.role === null || person.company_size === null || person.desired_outcomes === null;
