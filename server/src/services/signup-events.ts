import type { SignupAnswer } from '@waitlist/contract';
import type { OperatorRecipients } from '../db/stores/operator-recipients';
import type { Crm } from './crm';
import type { SignupRow } from '../db/stores/signups';
import { toWebhookSignup } from './signup-views';
import type { Change } from './use-case';

/**
 * What a change of a sign-up sends out, through the change's own doors (use-case.ts), so it commits with the change:
 * the mail topics the delivery worker knows, the webhook events (docs/decisions/0008-webhooks.md) and the founders'
 * notices (docs/decisions/0009-operator-insight.md). The rows hold references and the event body; mails are rendered
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
  /** The offer of a call with a founder to a confirmed person who fits well (services/bookings.ts). */
  booking: 'booking',
  /** A personal invitation of a wave (services/invitations.ts). */
  invitation: 'invitation',
  /** An owner invited a teammate to the console (services/operators.ts). */
  operatorInvitation: 'operator-invitation',
  /** Someone with an operator's password is guessing their second factor (services/sign-in.ts). */
  operatorFactorGuessing: 'operator-factor-guessing',
  /** How an operator signs in changed: a passkey, the authenticator, recovery codes, the password (sign-in-notices.ts). */
  operatorSignInChanged: 'operator-sign-in-changed',
  /** An operator read their hour's budget of people in the console (services/exports.ts): the owners are told. */
  operatorReadBudget: 'operator-read-budget',
  /** An owner made an API key or changed the single sign-on policy (issue 47 item 4): the other owners are told. */
  operatorCredentialMade: 'operator-credential-made',
  /** A campaign or wave paused itself for its bounces or complaints (services/send-guard.ts): the owners are told. */
  operatorSendPaused: 'operator-send-paused',
  /** A buyer asked for our security documents on the trust page (services/document-requests.ts): the owners are told. */
  operatorDocumentRequest: 'operator-document-request',
  /** A receiving domain refuses our mail for a reason (services/mail-feedback.ts): the owners are told once a week at most. */
  operatorMailRefused: 'operator-mail-refused',
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
  operators: Pick<OperatorRecipients, 'idsWanting'>;
  /** WEBHOOK_URL: every event goes to each of these; none: no event is queued. */
  webhookEndpoints: readonly string[];
  /** The CRM, when one is connected, hears of the same changes (services/crm.ts). */
  crm?: Pick<Crm, 'follow'>;
}

export function createSignupEvents({ operators, webhookEndpoints, crm }: SignupEventsDeps) {
  return {
    /**
     * Each new sign-up's confirmation mail, queued as of its sign-up (the 24 h delivery clock starts with it); `held`
     * ones wait for the mail budget (services/mail-budget.ts).
     */
    confirmationMails: (change: Change, mails: readonly { row: SignupRow; held: boolean }[]) =>
      change.mail(
        mails.map(({ row, held }) => ({
          signupId: row.id,
          topic: MAIL_TOPICS.confirmation,
          payload: { locale: row.locale },
          at: row.created_at,
          held,
        })),
      ),

    /** Another confirmation mail; these count against the re-send allowance (lib/resend-policy.ts). */
    resentConfirmationMail: (change: Change, row: SignupRow, held = false) =>
      change.mail([
        { signupId: row.id, topic: MAIL_TOPICS.confirmation, payload: { locale: row.locale, resend: true }, at: change.at, held },
      ]),

    /** The confirmation of an address that was corrected: its new owner confirms (not a re-send: a new address). */
    addressConfirmationMail: (change: Change, signupId: number, locale: string) =>
      change.mail([{ signupId, topic: MAIL_TOPICS.confirmation, payload: { locale }, at: change.at }]),

    /** The offer of a call with a founder, after confirming (services/bookings.ts decides who). */
    bookingMail: (change: Change, signupId: number) => change.mail([{ signupId, topic: MAIL_TOPICS.booking, at: change.at }]),

    dataLinkMail: (change: Change, signupId: number) => change.mail([{ signupId, topic: MAIL_TOPICS.dataLink, at: change.at }]),

    /**
     * What the world outside hears of `type` about each row, as the row is at this moment (call before deleting it):
     * the webhook event, with its answers when given, and the CRM's push or erasure. `signup.erased` carries the
     * address so a receiving system can erase the person too, and what was delivered about them before is deleted.
     */
    async announce(
      change: Change,
      type: WebhookEventType,
      rows: readonly SignupRow[],
      answers?: ReadonlyMap<number, readonly SignupAnswer[]>,
    ): Promise<void> {
      await crm?.follow(change, rows, type === 'signup.erased');
      if (webhookEndpoints.length === 0 || rows.length === 0) return;
      const { at } = change;
      const events = rows.flatMap((row) => {
        const given = answers?.get(row.id);
        const data: Record<string, unknown> =
          type === 'signup.erased' ? { id: row.id, email: row.email, erased_at: at } : toWebhookSignup(row, given);
        const body: WebhookEventBody = { type, timestamp: at, data };
        return webhookEndpoints.map((target) => ({ type, subjectId: row.id, target, body, at }));
      });
      await change.webhooks(events);
      if (type === 'signup.erased') await change.forgetWebhooksAbout(rows.map((r) => r.id));
    },

    /**
     * One notice per operator who asked for a mail on every confirmation. The row is the operator's mail, not the
     * person's (no signup_id): a bounce of an operator's mailbox never touches the person (issue 45 item 5); the person
     * it is about is a reference in the payload, read when it is sent (gone by then: nothing is sent).
     */
    async confirmedNotices(change: Change, signupId: number): Promise<void> {
      const ids = await operators.idsWanting(change.trx, 'confirmations');
      await change.mail(
        ids.map((operatorId) => ({
          signupId: null,
          topic: MAIL_TOPICS.operatorConfirmed,
          payload: { operatorId, aboutSignupId: signupId },
          at: change.at,
        })),
      );
    },
  };
}

export type SignupEvents = ReturnType<typeof createSignupEvents>;
