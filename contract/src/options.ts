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
 * What each option is called on a page in each language. The stored value (and the API, the CHECK constraints,
 * exports and webhooks) is always the spec's English value above; only the label a person reads changes.
 */
export interface OptionLabels {
  role: Record<Role, string>;
  companySize: Record<CompanySize, string>;
  desiredOutcome: Record<DesiredOutcome, string>;
}

const asLabels = <T extends string>(options: readonly T[]) =>
  Object.fromEntries(options.map((o) => [o, o])) as unknown as Record<T, string>;

export const OPTION_LABELS = {
  en: { role: asLabels(ROLE_OPTIONS), companySize: asLabels(COMPANY_SIZE_OPTIONS), desiredOutcome: asLabels(DESIRED_OUTCOME_OPTIONS) },
  sv: {
    role: {
      'Head of Innovation / Innovation Director': 'Innovationschef / innovationsdirektör',
      'Innovation Manager / Program Manager': 'Innovationsledare / programledare',
      'Digital Leader / Digital Transformation Lead': 'Digital ledare / ansvarig för digital transformation',
      'Project Manager': 'Projektledare',
      'Product Manager': 'Produktchef / produktägare',
      'R&D Manager / Lead': 'FoU-chef / FoU-ledare',
      'Intrapreneur / Venture Team Member': 'Intraprenör / del av ett venture-team',
      'Strategy Lead / Transformation Manager': 'Strategiansvarig / transformationsledare',
      'HR / Learning & Development': 'HR / lärande och utveckling',
      'Operations / Process Excellence': 'Verksamhetsutveckling / processförbättring',
      "I'm exploring innovation in my org": 'Jag utforskar innovation i min organisation',
      'Consultant / Advisor': 'Konsult / rådgivare',
      Other: 'Annan roll',
    },
    companySize: {
      '1-10 employees': '1–10 anställda',
      '11-50 employees': '11–50 anställda',
      '51-200 employees': '51–200 anställda',
      '201-500 employees': '201–500 anställda',
      '501-1000 employees': '501–1 000 anställda',
      '1000+ employees': 'Fler än 1 000 anställda',
    },
    desiredOutcome: {
      'Speed up time-to-market': 'Kortare tid till marknad',
      'Reduce uncertainty systematically at scale': 'Minska osäkerheten systematiskt, i stor skala',
      'Make innovation efforts more structured': 'Mer struktur i innovationsarbetet',
      'Improve cross-functional collaboration': 'Bättre samarbete över funktionsgränser',
      'Reuse insights': 'Återanvända insikter',
      'Improve productivity for innovation efforts': 'Högre produktivitet i innovationsarbetet',
      Other: 'Något annat',
    },
  },
} as const satisfies Record<'en' | 'sv', OptionLabels>;
