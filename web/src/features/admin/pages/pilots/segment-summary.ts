import { filterInWords, type AdminFilters, type AdminSavedSegment, type AdminSegment } from '@waitlist/contract';

/** The Sign-ups screen's filters as a segment (without the sort). */
export function segmentOf({ sort: _sort, ...segment }: AdminFilters): AdminSegment {
  return Object.fromEntries(Object.entries(segment).filter(([, value]) => value !== undefined && value !== '')) as AdminSegment;
}

/**
 * Who a wave or an update goes to (issue 48 item 2): the Sign-ups screen's filter, or a saved segment (sent by its id,
 * so the send keeps its name); `words` is what the form says and the send keeps (server/src/services/segments.ts).
 */
export interface SendTarget {
  filter: AdminSegment;
  segmentId: number | null;
  /** "the Sign-ups filter", "the segment “Enterprise leads”": the forms' headings. */
  label: string;
  words: string;
}

export const targetOfFilter = (filter: AdminSegment): SendTarget => ({
  filter,
  segmentId: null,
  label: 'the Sign-ups filter',
  words: `the Sign-ups filter: ${filterInWords(filter)}`,
});
export const targetOfSegment = (segment: AdminSavedSegment): SendTarget => ({
  filter: segment.filter,
  segmentId: segment.id,
  label: `the segment “${segment.name}”`,
  words: `the segment “${segment.name}”: ${segment.in_words}`,
});

/** The body's part that names who: the segment's id, or the filter. */
export const audienceOfTarget = (target: SendTarget) =>
  target.segmentId === null ? { filter: target.filter } : { segment: target.segmentId };
