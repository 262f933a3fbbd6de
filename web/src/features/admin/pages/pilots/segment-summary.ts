import { answerLabel, type AdminFilters, type AdminSavedSegment, type AdminSegment } from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';

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

/**
 * A filter as the console's reader reads it, in their language ("Confirmed · role Head of Innovation · fit 60 or
 * more"); the server keeps its own English sentence of it with each send (contract filterInWords), for the record.
 */
export function describeFilter(filter: AdminSegment, words: ConsoleWords): string {
  const w = words.filterWords;
  const parts = [
    filter.confirmed === 'yes' ? w.confirmed : filter.confirmed === 'no' ? w.notConfirmed : null,
    filter.opted_out === 'yes' ? w.unsubscribed : filter.opted_out === 'no' ? w.notUnsubscribed : null,
    filter.role ? w.role(answerLabelIn(filter.role, words)) : null,
    filter.company_size ? w.size(answerLabelIn(filter.company_size, words)) : null,
    filter.outcome ? w.wants(answerLabelIn(filter.outcome, words)) : null,
    filter.min_score !== undefined ? w.fit(filter.min_score) : null,
    filter.status ? w.status(words.statuses[filter.status]) : null,
    filter.invited === 'yes' ? w.invited : filter.invited === 'no' ? w.notInvited : null,
    filter.company ? w.company(filter.company) : null,
    filter.answer ? w.answered(filter.answer) : null,
    filter.flag ? w.flagged(words.flags[filter.flag]) : null,
    filter.from ? w.from(filter.from) : null,
    filter.to ? w.to(filter.to) : null,
    filter.q ? w.search : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return w.everyone;
  const sentence = parts.join(' · ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** An answer's value as stored, or "not known" in the reader's language. */
const answerLabelIn = (value: string, words: ConsoleWords) =>
  answerLabel(value) === answerLabel(null) ? words.common.answerUnknown : value;

export const targetOfFilter = (filter: AdminSegment, words: ConsoleWords): SendTarget => ({
  filter,
  segmentId: null,
  label: words.send.theFilter,
  words: words.send.filterIs(describeFilter(filter, words)),
});
export const targetOfSegment = (segment: AdminSavedSegment, words: ConsoleWords): SendTarget => ({
  filter: segment.filter,
  segmentId: segment.id,
  label: words.send.theSegment(segment.name),
  words: words.send.segmentIs(segment.name, describeFilter(segment.filter, words)),
});

/** The body's part that names who: the segment's id, or the filter. */
export const audienceOfTarget = (target: SendTarget) =>
  target.segmentId === null ? { filter: target.filter } : { segment: target.segmentId };
