import * as z from 'zod/mini';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from './options';

/**
 * The fit score's weights (issue 36 item 2): points for each role, company size and desired outcome, for a work
 * address or free mail, for colleagues on the list and for a partner's code, on top of a base; a score is the sum,
 * held between 0 and 100. Owners set them in the console; every set is a new version (audited).
 */
const points = z.number().check(z.int(), z.minimum(-100), z.maximum(100));

export const fitWeightsSchema = z.strictObject({
  base: points,
  role: z.record(z.enum(ROLE_OPTIONS), points),
  company_size: z.record(z.enum(COMPANY_SIZE_OPTIONS), points),
  outcome: z.record(z.enum(DESIRED_OUTCOME_OPTIONS), points),
  work_address: points,
  free_mail: points,
  /** Two or more people from the same company (work addresses) on the list. */
  colleagues: points,
  partner_code: points,
  /** An answer to a question after confirming, by `<question id>:<option id>` (issue 36 item 1); none by default. */
  answers: z._default(z.record(z.string().check(z.regex(/^\d{1,9}:o\d{1,4}$/, 'an answer is <question id>:<option id>')), points), {}),
});
export type FitWeights = z.infer<typeof fitWeightsSchema>;

/** GET /api/admin/fit-weights: the weights in force and their version (1: the defaults, set by nobody). */
export const adminFitWeightsSchema = z.object({
  version: z.number(),
  weights: fitWeightsSchema,
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
  /** The rescoring after the last change: how many sign-ups still carry an older version's score. */
  rescoring: z.object({ done: z.boolean(), remaining: z.number() }),
});
export type AdminFitWeights = z.infer<typeof adminFitWeightsSchema>;

/**
 * The defaults, before an owner changes anything: the buyers of an innovation-management platform first, large
 * companies over small, a work address over free mail (a Head of Innovation at a 1000+ company with a work address
 * scores 100; an "Other" role at a company of 1-10 with free mail 0).
 */
export const DEFAULT_FIT_WEIGHTS: FitWeights = {
  base: 20,
  role: {
    'Head of Innovation / Innovation Director': 25,
    'Innovation Manager / Program Manager': 20,
    'Digital Leader / Digital Transformation Lead': 15,
    'R&D Manager / Lead': 15,
    'Strategy Lead / Transformation Manager': 15,
    'Intrapreneur / Venture Team Member': 10,
    'Product Manager': 8,
    'Project Manager': 8,
    'Operations / Process Excellence': 5,
    'HR / Learning & Development': 5,
    "I'm exploring innovation in my org": 3,
    'Consultant / Advisor': 0,
    Other: 0,
  } as FitWeights['role'],
  company_size: {
    '1-10 employees': 0,
    '11-50 employees': 5,
    '51-200 employees': 10,
    '201-500 employees': 15,
    '501-1000 employees': 22,
    '1000+ employees': 30,
  },
  outcome: {
    'Speed up time-to-market': 3,
    'Reduce uncertainty systematically at scale': 5,
    'Make innovation efforts more structured': 5,
    'Improve cross-functional collaboration': 3,
    'Reuse insights': 3,
    'Improve productivity for innovation efforts': 3,
    Other: 0,
  },
  work_address: 10,
  free_mail: -40,
  colleagues: 10,
  partner_code: 10,
  answers: {},
};

/** The dashboard's spread of the fit score: how many people on the list now score in each band, best last. */
export const FIT_BANDS = [
  { label: '0-19', from: 0, to: 19 },
  { label: '20-39', from: 20, to: 39 },
  { label: '40-59', from: 40, to: 59 },
  { label: '60-79', from: 60, to: 79 },
  { label: '80-100', from: 80, to: 100 },
] as const;
export const adminFitSpreadSchema = z.object({ bands: z.array(z.object({ label: z.string(), count: z.number() })) });
export type AdminFitSpread = z.infer<typeof adminFitSpreadSchema>;
