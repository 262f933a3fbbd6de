import * as z from 'zod/mini';
import {
  FOLLOW_UP_STATUS_LABELS,
  SIGNUP_FLAG_LABELS,
  adminSegmentAnswerSchema,
  adminSegmentSchema,
  answerLabel,
  type AdminSegment,
} from './admin';
import { trimmedText } from './campaigns';

/**
 * Saved segments (issue 48 item 2): a filter of the list with a name ("Enterprise innovation leads, fit ≥ 60") that the
 * team sees with its live count, and that a wave, an update, an export or the CRM is sent to. Owners and members save,
 * viewers use. A segment never holds an address search (`q`): a typed address stays in the operator's own screen.
 */
export const SEGMENT_NAME_MAX_LENGTH = 100;

export const segmentFilterSchema = adminSegmentSchema.check(
  z.refine((filter) => filter.q === undefined, { message: 'a segment cannot search by address: save it without the search', path: ['q'] }),
  z.refine(
    (filter) => Object.values(filter).some((v) => v !== undefined),
    'choose at least one filter: everyone on the list needs no segment',
  ),
);

/** POST /api/admin/segments and PATCH /api/admin/segments/:id. */
export const adminSegmentSaveSchema = z.strictObject({
  name: trimmedText(SEGMENT_NAME_MAX_LENGTH, 'the name'),
  filter: segmentFilterSchema,
});
export type AdminSegmentSave = z.infer<typeof adminSegmentSaveSchema>;

export const adminSavedSegmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  filter: adminSegmentAnswerSchema,
  /** The filter as a sentence (filterInWords). */
  in_words: z.string(),
  /** How many it selects now, counted as the list counts (up to its cap: `capped`). */
  count: z.number(),
  capped: z.boolean(),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** What sends to it now (the CRM): it cannot be deleted until that changes. */
  used_by: z.array(z.string()),
});
export type AdminSavedSegment = z.infer<typeof adminSavedSegmentSchema>;

/** POST /api/admin/segments answers the new segment's id. */
export const adminSegmentCreatedSchema = z.object({ id: z.number() });

export const adminSavedSegmentListSchema = z.object({ items: z.array(adminSavedSegmentSchema) });
export type AdminSavedSegmentList = z.infer<typeof adminSavedSegmentListSchema>;

/** A filter as a person reads it: "Confirmed · Head of Innovation / Innovation Director · fit 60 or more". */
export function filterInWords(filter: AdminSegment): string {
  const parts = [
    filter.confirmed === 'yes' ? 'confirmed' : filter.confirmed === 'no' ? 'not confirmed' : null,
    filter.opted_out === 'yes' ? 'unsubscribed' : filter.opted_out === 'no' ? 'not unsubscribed' : null,
    filter.role ? `role ${answerLabel(filter.role)}` : null,
    filter.company_size ? `size ${answerLabel(filter.company_size)}` : null,
    filter.outcome ? `wants “${answerLabel(filter.outcome)}”` : null,
    filter.min_score !== undefined ? `fit ${filter.min_score} or more` : null,
    filter.status ? `status ${FOLLOW_UP_STATUS_LABELS[filter.status]}` : null,
    filter.invited === 'yes' ? 'invited' : filter.invited === 'no' ? 'not invited yet' : null,
    filter.company ? `company ${filter.company}` : null,
    filter.answer ? `answered ${filter.answer}` : null,
    filter.flag ? `flagged “${SIGNUP_FLAG_LABELS[filter.flag]}”` : null,
    filter.from ? `signed up from ${filter.from}` : null,
    filter.to ? `signed up until ${filter.to}` : null,
    filter.q ? 'an address search' : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'Everyone on the list';
  const sentence = parts.join(' · ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
