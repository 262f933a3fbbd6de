/**
 * What a receiver said about a mail, by strength (docs/decisions/0030): a complaint outranks a permanent bounce, then a
 * refusal, then a transient bounce. A mail keeps the strongest word said of it; an address on the suppression list
 * keeps the first reason recorded, except that a complaint replaces any other (the person called our mail spam).
 */
export type FeedbackKind = 'soft-bounce' | 'refused' | 'hard-bounce' | 'complaint';

const STRENGTH: Record<FeedbackKind, number> = { 'soft-bounce': 1, refused: 2, 'hard-bounce': 3, complaint: 4 };

/** The words `kind` replaces on a mail: every weaker one. */
export const weakerThan = (kind: FeedbackKind): FeedbackKind[] =>
  (Object.keys(STRENGTH) as FeedbackKind[]).filter((k) => STRENGTH[k] < STRENGTH[kind]);

/** Whether a suppression for `reason` replaces the one an address already has. */
export const replacesSuppression = (reason: string): boolean => reason === 'complaint';
