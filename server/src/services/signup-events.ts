import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { OperatorAccounts } from '../db/stores/operator-accounts';
import type { OutboxStore } from '../db/stores/outbox';
import type { SignupRow } from '../db/stores/signups';
import { toWebhookSignup } from './signup-views';

/**
 * What a change of a sign-up sends out, written to the outbox in the change's own transaction: the mail topics
 * the delivery worker knows, the webhook events (docs/decisions/0008-webhooks.md) and the founders' notices
 * (docs/decisions/0009-operator-insight.md). The rows hold references and the event body; mails are rendered
 * when they go out.
 */

export const MAIL_TOPICS = {
  confirmation: 'confirmation',
  dataLink: 'data-link',
  operatorConfirmed: 'operator-confirmed',
  operatorDigest: 'operator-digest',
  /** An update to the list (services/campaigns.ts), and the copy an operator sends themselves first. */
  campaign: 'campaign',
  campaignTest: 'campaign-test',
  /** The welcome of someone who joined with a partner code: their links, no confirmation needed. */
  welcome: 'welcome',
  /** A personal invitation of a wave (services/invitations.ts). */
  invitation: 'invitation',
  /** An owner invited a teammate to the console (services/operators.ts). */
  operatorInvitation: 'operator-invitation',
} as const;

export const WEBHOOK_EVENT_TYPES = [
  'signup.created',
  'signup.confirmed',
  'signup.updated',
  'signup.unsubscribed',
  'signup.erased',
  'signup.invited',
  'signup.accepted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEventBody {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface SignupEventsDeps {
  outbox: OutboxStore;
  operators: OperatorAccounts;
  /** WEBHOOK_URL: every event goes to each of these; none: no event is queued. */
  webhookEndpoints: readonly string[];
}

export function createSignupEvents({ outbox, operators, webhookEndpoints }: SignupEventsDeps) {
  return {
    /**
     * Each new sign-up's confirmation mail, queued as of its sign-up (the 24 h delivery clock starts with it); `held`
     * ones wait for the mail budget (services/mail-budget.ts).
     */
    confirmationMails: (trx: Kysely<Schema>, mails: readonly { row: SignupRow; held: boolean }[]) =>
      outbox.queueMail(
        trx,
        mails.map(({ row, held }) => ({
          signupId: row.id,
          topic: MAIL_TOPICS.confirmation,
          payload: { locale: row.locale },
          at: row.created_at,
          held,
        })),
      ),

    /** Another confirmation mail; these count against the re-send allowance (lib/resend-policy.ts). */
    resentConfirmationMail: (trx: Kysely<Schema>, row: SignupRow, at: string, held = false) =>
      outbox.queueMail(trx, [
        { signupId: row.id, topic: MAIL_TOPICS.confirmation, payload: { locale: row.locale, resend: true }, at, held },
      ]),

    welcomeMail: (trx: Kysely<Schema>, signupId: number, at: string) =>
      outbox.queueMail(trx, [{ signupId, topic: MAIL_TOPICS.welcome, at }]),
    dataLinkMail: (trx: Kysely<Schema>, signupId: number, at: string) =>
      outbox.queueMail(trx, [{ signupId, topic: MAIL_TOPICS.dataLink, at }]),

    /**
     * `type` about each row, as the row is at this moment (call before deleting it). `signup.erased` carries the
     * address so a receiving CRM can erase the person too, and what was delivered about them before is deleted.
     */
    async webhook(trx: Kysely<Schema>, type: WebhookEventType, rows: readonly SignupRow[], at: string): Promise<void> {
      if (webhookEndpoints.length === 0 || rows.length === 0) return;
      const events = rows.flatMap((row) => {
        const data: Record<string, unknown> =
          type === 'signup.erased' ? { id: row.id, email: row.email, erased_at: at } : toWebhookSignup(row);
        const body: WebhookEventBody = { type, timestamp: at, data };
        return webhookEndpoints.map((target) => ({ type, subjectId: row.id, target, body, at }));
      });
      await outbox.queueWebhooks(trx, events);
      if (type === 'signup.erased') {
        await outbox.deleteFinishedWebhooksAbout(
          trx,
          rows.map((r) => r.id),
        );
      }
    },

    /** One notice per operator who asked for a mail on every confirmation. */
    async confirmedNotices(trx: Kysely<Schema>, signupId: number, at: string): Promise<void> {
      const ids = await operators.idsWanting(trx, 'confirmations');
      await outbox.queueMail(
        trx,
        ids.map((operatorId) => ({ signupId, topic: MAIL_TOPICS.operatorConfirmed, payload: { operatorId }, at })),
      );
    },
  };
}

export type SignupEvents = ReturnType<typeof createSignupEvents>;
