import { issueLinkToken, issueToken, type TokenPurpose } from '../lib/tokens';
import { maskEmail } from '../lib/mask-email';
import { composeCredentialMade } from './owner-alert-mails';
import type { MailSource } from '../services/mail-sources';
import { MAIL_TOPICS } from '../services/signup-events';
import { answersUnknown, messageInLocale } from '@waitlist/contract';
import { consoleWordsFor } from '@waitlist/catalogue/console';
import {
  composeBookingMail,
  composeCampaignMail,
  composeConfirmationMail,
  composeDataLinkMail,
  composeInvitationMail,
  composeWelcomeMail,
} from './mails';
import {
  composeConfirmedNotice,
  composeDigest,
  composeDocumentRequest,
  composeFactorGuessingAlert,
  composeMailRefused,
  composeOperatorInvitation,
  composeReadBudgetAlert,
  composeSendPaused,
  composeSignInChanged,
} from './operator-mails';
import { SIGN_IN_CHANGES, type SignInChange } from '../services/sign-in-notices';
import { BOUNCE_REASONS, type BounceReason } from '../lib/bounces/reasons';
import type { RenderOutboxMail } from './mail-channel';
import type { SignupRow } from '../db/stores/signups';
import type { OperatorMailReader } from '../db/stores/operator-recipients';
import type { ClaimedOutboxRow } from './worker';

/**
 * Turns an outbox reference (topic + sign-up id) into a mail at send time: reads the person's current row,
 * issues fresh link tokens (stored hashed) and composes the mail in their locale. A person erased or confirmed
 * since the row was queued gets nothing; an opted-out person gets only what they asked for (their data link).
 *
 * One table from each kind of mail to its renderer, in three groups by whom it goes to: an operator (the payload's
 * `operatorId`, read first: removed since, nothing is sent), an address of its own (a test send, a teammate's
 * invitation), or the person of the row (read first: erased since, nothing is sent).
 */

export interface RenderOptions {
  source: MailSource;
  siteUrl: string;
  retentionDays: number;
  /** The person's booking link when a call is offered to them now (services/bookings.ts linkFor). */
  bookingLink?: (person: { id: number; confirmed_at: string | null; fit_score: number }) => Promise<string | undefined>;
  now?: () => Date;
}

type Topic = (typeof MAIL_TOPICS)[keyof typeof MAIL_TOPICS];
type Rendered = Awaited<ReturnType<RenderOutboxMail>>;
type OperatorReader = OperatorMailReader;

export function createOutboxMailRenderer(options: RenderOptions): RenderOutboxMail {
  const now = options.now ?? (() => new Date());
  const { source, siteUrl } = options;

  const tokensFor = async <P extends TokenPurpose>(signupId: number, purposes: readonly P[]) => {
    const at = now();
    const issued = purposes.map((purpose) => issueToken(purpose, at));
    await source.saveTokens(signupId, issued);
    return Object.fromEntries(issued.map((t) => [t.purpose, t.token])) as Record<P, string>;
  };
  const operatorName = async (id: number) => (await source.operatorEmail(id)) ?? `operator ${id}`;

  /** Mail to an operator: `to` is theirs, and whether they see people's whole addresses. */
  const toOperator: Partial<Record<Topic, (to: OperatorReader, row: ClaimedOutboxRow) => Promise<Rendered>>> = {
    [MAIL_TOPICS.operatorDigest]: async ({ email, locale }, row) => {
      const day = typeof row.payload.day === 'string' ? row.payload.day : row.createdAt.toISOString().slice(0, 10);
      const until = typeof row.payload.until === 'string' ? new Date(row.payload.until) : new Date(`${day}T06:00:00.000Z`);
      return { mail: composeDigest({ to: email, lang: locale, siteUrl, day, facts: await source.digestFacts(until) }) };
    },
    [MAIL_TOPICS.operatorFactorGuessing]: async ({ email, locale }, row) => ({
      mail: composeFactorGuessingAlert({ to: email, lang: locale, siteUrl, wrong: Number(row.payload.wrong) }),
    }),
    [MAIL_TOPICS.operatorSignInChanged]: async ({ email, locale }, row) => {
      const what = SIGN_IN_CHANGES.find((c): c is SignInChange => c === row.payload.what);
      if (!what) return { cancel: 'unknown change' };
      return { mail: composeSignInChanged({ to: email, lang: locale, siteUrl, what, owners: await source.ownerEmails() }) };
    },
    [MAIL_TOPICS.operatorReadBudget]: async ({ email, locale }, row) => {
      const reader = typeof row.payload.readerName === 'string' ? row.payload.readerName : await operatorName(Number(row.payload.readerId));
      const [people, budget] = [Number(row.payload.people), Number(row.payload.budget)];
      return { mail: composeReadBudgetAlert({ to: email, lang: locale, siteUrl, reader, people, budget }) };
    },
    [MAIL_TOPICS.operatorCredentialMade]: async ({ email, locale }, row) => {
      const actor = await operatorName(Number(row.payload.actorId));
      const what = row.payload.what === 'sso-policy' ? 'sso-policy' : 'api-key';
      return { mail: composeCredentialMade({ to: email, lang: locale, siteUrl, actor, what, detail: String(row.payload.detail ?? '') }) };
    },
    [MAIL_TOPICS.operatorSendPaused]: async ({ email, locale }, row) => {
      const send = await source.sendName(row.payload);
      if (!send) return { cancel: 'send deleted' };
      const [reason, waiting] = [String(row.payload.reason ?? ''), Number(row.payload.waiting ?? 0)];
      return { mail: composeSendPaused({ to: email, lang: locale, siteUrl, send, reason, waiting }) };
    },
    [MAIL_TOPICS.operatorDocumentRequest]: async ({ email, locale }, row) => {
      const request = await source.documentRequest(Number(row.payload.requestId));
      if (!request) return { cancel: 'request erased' };
      // The kinds in the reader's language, as the console names them.
      const documents = request.documents.map((kind) => consoleWordsFor(locale ?? 'en').documents.kinds[kind]);
      return { mail: composeDocumentRequest({ to: email, lang: locale, siteUrl, request: { ...request, documents } }) };
    },
    [MAIL_TOPICS.operatorMailRefused]: async ({ email, locale }, row) => {
      const reason = String(row.payload.reason ?? '');
      const why = reason in BOUNCE_REASONS ? consoleWordsFor(locale ?? 'en').bounceReasons[reason as BounceReason] : reason;
      return { mail: composeMailRefused({ to: email, lang: locale, siteUrl, domain: String(row.payload.domain ?? ''), why }) };
    },
    // A notice about a person; the person is a reference in it (queued before issue 45: the row's own).
    [MAIL_TOPICS.operatorConfirmed]: async (reader, row) => {
      const aboutId = typeof row.payload.aboutSignupId === 'number' ? row.payload.aboutSignupId : row.signupId;
      const person = aboutId === null ? undefined : await source.recipient(aboutId);
      if (!person) return { cancel: 'erased' };
      return {
        mail: composeConfirmedNotice({
          to: reader.email,
          lang: reader.locale,
          siteUrl,
          person: {
            id: person.id,
            // A viewer who does not see addresses in the console does not get them by mail either (issue 47 item 3).
            email: reader.seesAddresses ? person.email : maskEmail(person.email),
            role: person.role,
            companySize: person.company_size,
            companyDomain: person.company_domain,
            freeMail: person.free_mail,
            source: person.utm_source ?? person.referrer_origin ?? null,
            campaign: person.utm_campaign,
          },
        }),
      };
    },
  };

  /** Mail to an address of its own, neither an operator's row nor a person's. */
  const toAddress: Partial<Record<Topic, (row: ClaimedOutboxRow) => Promise<Rendered>>> = {
    [MAIL_TOPICS.campaignTest]: async (row) => {
      const campaign = await source.campaign(Number(row.payload.campaignId));
      if (!campaign) return { cancel: 'campaign deleted' };
      const locale = row.payload.locale === 'sv' ? 'sv' : 'en';
      const to = typeof row.payload.to === 'string' ? row.payload.to : '';
      if (!to) return { cancel: 'no recipient' };
      return { mail: composeCampaignMail({ to, locale, siteUrl, tokens: null, message: messageInLocale(campaign.message, locale) }) };
    },
    [MAIL_TOPICS.operatorInvitation]: async (row) => {
      const invitation = await source.operatorInvitation(Number(row.payload.invitationId));
      if (!invitation) return { cancel: 'invitation accepted or withdrawn' };
      if (Date.parse(invitation.expiresAt) <= now().getTime()) return { cancel: 'invitation expired' };
      // In the inviting owner's console language: the invitee has chosen none yet.
      const owner = await source.operatorReader(Number(row.payload.inviterId));
      const inviter = owner?.email ?? 'An owner';
      const link = issueLinkToken();
      await source.saveOperatorInvitationLink(invitation.id, link.hash);
      return {
        mail: composeOperatorInvitation({
          to: invitation.email,
          lang: owner?.locale ?? null,
          siteUrl,
          inviter,
          role: invitation.role,
          token: link.token,
        }),
      };
    },
  };

  /** Mail to the person of the row, in their language, with their own fresh links. */
  const toPerson: Partial<Record<Topic, (person: SignupRow, row: ClaimedOutboxRow) => Promise<Rendered>>> = {
    [MAIL_TOPICS.confirmation]: async (person) => {
      if (person.confirmed_at) return { cancel: 'already confirmed' };
      if (person.marketing_opt_out_at) return { cancel: 'opted out' };
      const tokens = await tokensFor(person.id, ['confirm', 'manage', 'unsubscribe'] as const);
      const invitedBy = person.partner_code_id ? await source.partnerLabel(person.partner_code_id) : undefined;
      return {
        mail: composeConfirmationMail({
          to: person.email,
          locale: person.locale,
          invitedBy,
          answersUnknown: answersUnknown(person),
          siteUrl,
          tokens,
          retentionDays: options.retentionDays,
        }),
      };
    },
    [MAIL_TOPICS.dataLink]: async (person) => {
      const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
      return { mail: composeDataLinkMail({ to: person.email, locale: person.locale, siteUrl, tokens }) };
    },
    [MAIL_TOPICS.welcome]: async (person) => {
      const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
      return { mail: composeWelcomeMail({ to: person.email, locale: person.locale, siteUrl, tokens }) };
    },
    [MAIL_TOPICS.booking]: async (person) => {
      if (person.marketing_opt_out_at) return { cancel: 'opted out' };
      const bookingUrl = await options.bookingLink?.(person);
      if (!bookingUrl) return { cancel: 'no call offered' };
      const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
      return { mail: composeBookingMail({ to: person.email, locale: person.locale, siteUrl, tokens, bookingUrl }) };
    },
    [MAIL_TOPICS.invitation]: async (person, row) => {
      const invitation = await source.invitation(Number(row.payload.invitationId));
      if (!invitation || invitation.redeemedAt) return { cancel: 'invitation withdrawn or used' };
      if (Date.parse(invitation.expiresAt) <= now().getTime()) return { cancel: 'invitation expired' };
      const link = issueLinkToken();
      await source.saveInvitationLink(invitation.id, link.hash);
      const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
      return {
        mail: composeInvitationMail({
          to: person.email,
          locale: person.locale,
          siteUrl,
          tokens: { ...tokens, invitation: link.token },
          expiresAt: new Date(invitation.expiresAt),
          message: (invitation.waveMessage && messageInLocale(invitation.waveMessage, person.locale)) ?? null,
        }),
      };
    },
    [MAIL_TOPICS.campaign]: async (person, row) => {
      if (person.marketing_opt_out_at) return { cancel: 'opted out' };
      if (!person.confirmed_at) return { cancel: 'not confirmed' };
      const campaign = await source.campaign(Number(row.payload.campaignId));
      if (!campaign || campaign.state === 'cancelled') return { cancel: 'campaign cancelled' };
      const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
      const message = messageInLocale(campaign.message, person.locale);
      return { mail: composeCampaignMail({ to: person.email, locale: person.locale, siteUrl, tokens, message }) };
    },
  };

  return async (row: ClaimedOutboxRow) => {
    const topic = row.topic as Topic;
    const forOperator = toOperator[topic];
    if (forOperator) {
      const operator = await source.operatorReader(Number(row.payload.operatorId));
      return operator ? forOperator(operator, row) : { cancel: 'operator removed' };
    }
    const forAddress = toAddress[topic];
    if (forAddress) return forAddress(row);
    if (row.signupId === null) return { cancel: 'no recipient' };
    const person = await source.recipient(row.signupId);
    if (!person) return { cancel: 'erased' };
    const forPerson = toPerson[topic];
    return forPerson ? forPerson(person, row) : { cancel: `unknown topic ${row.topic.slice(0, 64)}` };
  };
}
