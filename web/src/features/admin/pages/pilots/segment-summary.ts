import {
  FOLLOW_UP_STATUS_LABELS,
  SIGNUP_FLAG_LABELS,
  UNKNOWN_ANSWER,
  UNKNOWN_ANSWER_LABEL,
  type AdminFilters,
  type AdminSegment,
} from '@waitlist/contract';

/** The Sign-ups screen's filters as a segment (without the sort), and in words for the operator. */
export function segmentOf({ sort: _sort, ...segment }: AdminFilters): AdminSegment {
  return Object.fromEntries(Object.entries(segment).filter(([, value]) => value !== undefined && value !== '')) as AdminSegment;
}

export function describeSegment(segment: AdminSegment): string {
  const parts = Object.entries(segment).map(([name, value]) => {
    if (name === 'status') return `status ${FOLLOW_UP_STATUS_LABELS[value as keyof typeof FOLLOW_UP_STATUS_LABELS]}`;
    if (name === 'flag') return `flag ${SIGNUP_FLAG_LABELS[value as keyof typeof SIGNUP_FLAG_LABELS]}`;
    if (name === 'q') return `e-mail contains “${value}”`;
    if (value === UNKNOWN_ANSWER) return `${name.replace('_', ' ')} ${UNKNOWN_ANSWER_LABEL.toLowerCase()}`;
    return `${name.replace('_', ' ')} ${value}`;
  });
  return parts.length === 0 ? 'everyone on the list' : parts.join(', ');
}
