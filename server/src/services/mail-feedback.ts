import { normalizeEmail } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { MailFeedbackKind } from '../db/schema';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { SendGuard } from './send-guard';
import type { Suppressions } from './suppressions';
import type { UseCases } from './use-case';

/** The key of the per-mail bounce addresses' tags in server_secrets (lib/verp.ts; made once, in every backup). */
export const BOUNCE_ADDRESS_KEY = 'bounce-addresses';

/** Where a bounce or complaint came from: the relay's answer at RCPT, a report to our bounce address, a relay's webhook. */
export const FEEDBACK_SOURCES = ['rcpt', 'dsn', 'arf', 'postmark', 'mailgun', 'resend'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/**
 * What came back about a mail, whichever way it came (issue 35 items 1-2; docs/decisions/0030): the one internal event
 * the inbound SMTP listener, the relays' webhooks and the mail channel all hand to `record`.
 */
export interface MailFeedbackEvent {
  kind: MailFeedbackKind;
  source: FeedbackSource;
  /** Our outbox row, when the report names it (its VERP address, our Message-ID). */
  outboxId?: number;
  /** The address, when the reporter names it (a relay's webhook, a DSN's Final-Recipient). */
  email?: string;
  /** A status such as 5.1.1, for the trail: never an address. */
  detail?: string;
}

export function createMailFeedback({
  database,
  stores,
  useCases,
  suppressions,
  guard,
  metrics,
}: {
  database: Database;
  stores: Stores;
  useCases: UseCases;
  suppressions: Suppressions;
  guard: SendGuard;
  metrics?: Pick<MetricsRecorder, 'count'>;
}) {
  return {
    /**
     * Records a bounce or complaint: the mail row keeps it (its send's rates), the address is suppressed (at once, or
     * at the transient limit) and the send it belongs to is judged. Answers whether anything was recognised.
     */
    async record(event: MailFeedbackEvent): Promise<{ known: boolean; suppressed?: string }> {
      let row = event.outboxId !== undefined ? await stores.outbox.mailRow(event.outboxId) : undefined;
      if (!row && event.email) {
        const signupId = await stores.signups.idByEmail(database.db, normalizeEmail(event.email));
        const last = signupId === undefined ? undefined : await stores.outbox.lastSentTo(signupId);
        row = last === undefined ? undefined : await stores.outbox.mailRow(last);
      }
      // The address of the mail we sent wins over what a report says (a forwarder may name another).
      const email = row?.email ?? event.email;
      if (!row && !email) return { known: false };
      if (event.kind === 'complaint') metrics?.count('complaints', { source: event.source === 'arf' ? 'arf' : 'relay' });
      else metrics?.count('bounces', { kind: event.kind === 'hard-bounce' ? 'hard' : 'soft' });
      const cause = [row ? `outbox:${row.id}` : null, event.source, event.detail?.slice(0, 40)].filter(Boolean).join(' ');
      const suppressed = await useCases.run(async (change) => {
        if (row) await stores.outbox.setFeedback(change.trx, row.id, event.kind);
        return email ? suppressions.feedbackIn(change, email, event.kind, cause) : undefined;
      });
      if (row?.campaignId != null) await guard.check({ campaignId: row.campaignId });
      else if (row?.waveId != null) await guard.check({ waveId: row.waveId });
      return { known: true, ...(suppressed ? { suppressed } : {}) };
    },
  };
}

export type MailFeedback = ReturnType<typeof createMailFeedback>;
