import { issueToken, type IssuedToken, type TokenPurpose } from '../lib/tokens';
import { composeConfirmationMail, composeDataLinkMail } from './mails';
import type { RenderOutboxMail } from './mail-channel';
import type { ClaimedOutboxRow } from './worker';

/**
 * Turns an outbox reference (topic + sign-up id) into a mail at send time: reads the person's current row,
 * issues fresh link tokens (stored hashed) and composes the mail in their locale. A person erased or confirmed
 * since the row was queued gets nothing; an opted-out person gets only what they asked for (their data link).
 */

export const MAIL_TOPICS = {
  confirmation: 'confirmation',
  dataLink: 'data-link',
} as const;

export type MailTopic = (typeof MAIL_TOPICS)[keyof typeof MAIL_TOPICS];

export interface MailRecipient {
  id: number;
  email: string;
  locale: string;
  confirmedAt: string | null;
  marketingOptOutAt: string | null;
}

/** The reads and writes composing a mail needs; implemented over the signups and person_tokens tables. */
export interface MailSource {
  recipient(signupId: number): Promise<MailRecipient | undefined>;
  saveTokens(signupId: number, tokens: readonly IssuedToken[]): Promise<void>;
}

export interface RenderOptions {
  source: MailSource;
  siteUrl: string;
  retentionDays: number;
  now?: () => Date;
}

export function createOutboxMailRenderer(options: RenderOptions): RenderOutboxMail {
  const now = options.now ?? (() => new Date());

  const tokensFor = async <P extends TokenPurpose>(signupId: number, purposes: readonly P[]) => {
    const at = now();
    const issued = purposes.map((purpose) => issueToken(purpose, at));
    await options.source.saveTokens(signupId, issued);
    return Object.fromEntries(issued.map((t) => [t.purpose, t.token])) as Record<P, string>;
  };

  return async (row: ClaimedOutboxRow) => {
    if (row.signupId === null) return { cancel: 'no recipient' };
    const person = await options.source.recipient(row.signupId);
    if (!person) return { cancel: 'erased' };
    switch (row.topic) {
      case MAIL_TOPICS.confirmation: {
        if (person.confirmedAt) return { cancel: 'already confirmed' };
        if (person.marketingOptOutAt) return { cancel: 'opted out' };
        const tokens = await tokensFor(person.id, ['confirm', 'manage', 'unsubscribe'] as const);
        return {
          mail: composeConfirmationMail({
            to: person.email,
            locale: person.locale,
            siteUrl: options.siteUrl,
            tokens,
            retentionDays: options.retentionDays,
          }),
        };
      }
      case MAIL_TOPICS.dataLink: {
        const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
        return { mail: composeDataLinkMail({ to: person.email, locale: person.locale, siteUrl: options.siteUrl, tokens }) };
      }
      default:
        return { cancel: `unknown topic ${row.topic.slice(0, 64)}` };
    }
  };
}

/** The mail source over the person-data repository. */
export function mailSourceFrom(people: {
  person(id: number): Promise<{ id: number; email: string; locale: string; confirmedAt: string | null; marketingOptOutAt: string | null } | undefined>;
  saveTokens(signupId: number, tokens: readonly IssuedToken[]): Promise<void>;
}): MailSource {
  return {
    async recipient(signupId) {
      const p = await people.person(signupId);
      return p && { id: p.id, email: p.email, locale: p.locale, confirmedAt: p.confirmedAt, marketingOptOutAt: p.marketingOptOutAt };
    },
    saveTokens: (signupId, tokens) => people.saveTokens(signupId, tokens),
  };
}
