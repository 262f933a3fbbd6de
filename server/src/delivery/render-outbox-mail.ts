import { issueLinkToken, issueToken, type TokenPurpose } from '../lib/tokens';
import { maskEmail } from '../lib/mask-email';
import { composeCredentialMade } from './owner-alert-mails';
import type { MailSource } from '../services/mail-sources';
import { MAIL_TOPICS } from '../services/signup-events';
import { DOCUMENT_KIND_LABELS, answersUnknown, messageInLocale } from '@waitlist/contract';
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
import type { ClaimedOutboxRow } from './worker';

/**
 * Turns an outbox reference (topic + sign-up id) into a mail at send time: reads the person's current row,
 * issues fresh link tokens (stored hashed) and composes the mail in their locale. A person erased or confirmed
 * since the row was queued gets nothing; an opted-out person gets only what they asked for (their data link).
 */

export interface RenderOptions {
  source: MailSource;
  siteUrl: string;
  retentionDays: number;
  /** The person's booking link when a call is offered to them now (services/bookings.ts linkFor). */
  bookingLink?: (person: { id: number; confirmed_at: string | null; fit_score: number }) => Promise<string | undefined>;
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
    if (row.topic === MAIL_TOPICS.operatorDigest) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const day = typeof row.payload.day === 'string' ? row.payload.day : row.createdAt.toISOString().slice(0, 10);
      const until = typeof row.payload.until === 'string' ? new Date(row.payload.until) : new Date(`${day}T06:00:00.000Z`);
      const facts = await options.source.digestFacts(until);
      return { mail: composeDigest({ to, siteUrl: options.siteUrl, day, facts }) };
    }
    if (row.topic === MAIL_TOPICS.operatorFactorGuessing) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      return { mail: composeFactorGuessingAlert({ to, siteUrl: options.siteUrl, wrong: Number(row.payload.wrong) }) };
    }
    if (row.topic === MAIL_TOPICS.operatorSignInChanged) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const what = SIGN_IN_CHANGES.find((c): c is SignInChange => c === row.payload.what);
      if (!what) return { cancel: 'unknown change' };
      return { mail: composeSignInChanged({ to, siteUrl: options.siteUrl, what, owners: await options.source.ownerEmails() }) };
    }
    if (row.topic === MAIL_TOPICS.operatorReadBudget) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const reader =
        typeof row.payload.readerName === 'string'
          ? row.payload.readerName
          : ((await options.source.operatorEmail(Number(row.payload.readerId))) ?? `operator ${Number(row.payload.readerId)}`);
      const [people, budget] = [Number(row.payload.people), Number(row.payload.budget)];
      return { mail: composeReadBudgetAlert({ to, siteUrl: options.siteUrl, reader, people, budget }) };
    }
    if (row.topic === MAIL_TOPICS.operatorCredentialMade) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const actorId = Number(row.payload.actorId);
      const actor = (await options.source.operatorEmail(actorId)) ?? `operator ${actorId}`;
      const what = row.payload.what === 'sso-policy' ? 'sso-policy' : 'api-key';
      return { mail: composeCredentialMade({ to, siteUrl: options.siteUrl, actor, what, detail: String(row.payload.detail ?? '') }) };
    }
    if (row.topic === MAIL_TOPICS.operatorSendPaused) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const send = await options.source.sendName(row.payload);
      if (!send) return { cancel: 'send deleted' };
      const [reason, waiting] = [String(row.payload.reason ?? ''), Number(row.payload.waiting ?? 0)];
      return { mail: composeSendPaused({ to, siteUrl: options.siteUrl, send, reason, waiting }) };
    }
    if (row.topic === MAIL_TOPICS.operatorDocumentRequest) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const request = await options.source.documentRequest(Number(row.payload.requestId));
      if (!request) return { cancel: 'request erased' };
      const documents = request.documents.map((kind) => DOCUMENT_KIND_LABELS[kind]);
      return { mail: composeDocumentRequest({ to, siteUrl: options.siteUrl, request: { ...request, documents } }) };
    }
    if (row.topic === MAIL_TOPICS.operatorMailRefused) {
      const to = await options.source.operatorEmail(Number(row.payload.operatorId));
      if (!to) return { cancel: 'operator removed' };
      const domain = String(row.payload.domain ?? '');
      const reason = String(row.payload.reason ?? '');
      const why = BOUNCE_REASONS[reason as BounceReason]?.label ?? reason;
      return { mail: composeMailRefused({ to, siteUrl: options.siteUrl, domain, why }) };
    }
    // A notice about a person goes to an operator; the person is a reference in it (queued before issue 45: the row's own).
    if (row.topic === MAIL_TOPICS.operatorConfirmed) {
      const reader = await options.source.operatorReader(Number(row.payload.operatorId));
      if (!reader) return { cancel: 'operator removed' };
      const to = reader.email;
      const aboutId = typeof row.payload.aboutSignupId === 'number' ? row.payload.aboutSignupId : row.signupId;
      const person = aboutId === null ? undefined : await options.source.recipient(aboutId);
      if (!person) return { cancel: 'erased' };
      return {
        mail: composeConfirmedNotice({
          to,
          siteUrl: options.siteUrl,
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
    }
    if (row.topic === MAIL_TOPICS.campaignTest) {
      const campaign = await options.source.campaign(Number(row.payload.campaignId));
      if (!campaign) return { cancel: 'campaign deleted' };
      const locale = row.payload.locale === 'sv' ? 'sv' : 'en';
      const to = typeof row.payload.to === 'string' ? row.payload.to : '';
      if (!to) return { cancel: 'no recipient' };
      const message = messageInLocale(campaign.message, locale);
      return { mail: composeCampaignMail({ to, locale, siteUrl: options.siteUrl, tokens: null, message }) };
    }
    if (row.topic === MAIL_TOPICS.operatorInvitation) {
      const invitation = await options.source.operatorInvitation(Number(row.payload.invitationId));
      if (!invitation) return { cancel: 'invitation accepted or withdrawn' };
      if (Date.parse(invitation.expiresAt) <= now().getTime()) return { cancel: 'invitation expired' };
      const inviter = (await options.source.operatorEmail(Number(row.payload.inviterId))) ?? 'An owner';
      const link = issueLinkToken();
      await options.source.saveOperatorInvitationLink(invitation.id, link.hash);
      return {
        mail: composeOperatorInvitation({
          to: invitation.email,
          siteUrl: options.siteUrl,
          inviter,
          role: invitation.role,
          token: link.token,
        }),
      };
    }
    if (row.signupId === null) return { cancel: 'no recipient' };
    const person = await options.source.recipient(row.signupId);
    if (!person) return { cancel: 'erased' };
    switch (row.topic) {
      case MAIL_TOPICS.confirmation: {
        if (person.confirmed_at) return { cancel: 'already confirmed' };
        if (person.marketing_opt_out_at) return { cancel: 'opted out' };
        const tokens = await tokensFor(person.id, ['confirm', 'manage', 'unsubscribe'] as const);
        const invitedBy = person.partner_code_id ? await options.source.partnerLabel(person.partner_code_id) : undefined;
        return {
          mail: composeConfirmationMail({
            to: person.email,
            locale: person.locale,
            invitedBy,
            answersUnknown: answersUnknown(person),
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
      case MAIL_TOPICS.welcome: {
        const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
        return { mail: composeWelcomeMail({ to: person.email, locale: person.locale, siteUrl: options.siteUrl, tokens }) };
      }
      case MAIL_TOPICS.booking: {
        if (person.marketing_opt_out_at) return { cancel: 'opted out' };
        const bookingUrl = await options.bookingLink?.(person);
        if (!bookingUrl) return { cancel: 'no call offered' };
        const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
        return { mail: composeBookingMail({ to: person.email, locale: person.locale, siteUrl: options.siteUrl, tokens, bookingUrl }) };
      }
      case MAIL_TOPICS.invitation: {
        const invitation = await options.source.invitation(Number(row.payload.invitationId));
        if (!invitation || invitation.redeemedAt) return { cancel: 'invitation withdrawn or used' };
        if (Date.parse(invitation.expiresAt) <= now().getTime()) return { cancel: 'invitation expired' };
        const link = issueLinkToken();
        await options.source.saveInvitationLink(invitation.id, link.hash);
        const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
        return {
          mail: composeInvitationMail({
            to: person.email,
            locale: person.locale,
            siteUrl: options.siteUrl,
            tokens: { ...tokens, invitation: link.token },
            expiresAt: new Date(invitation.expiresAt),
            message: (invitation.waveMessage && messageInLocale(invitation.waveMessage, person.locale)) ?? null,
          }),
        };
      }
      case MAIL_TOPICS.campaign: {
        if (person.marketing_opt_out_at) return { cancel: 'opted out' };
        if (!person.confirmed_at) return { cancel: 'not confirmed' };
        const campaign = await options.source.campaign(Number(row.payload.campaignId));
        if (!campaign || campaign.state === 'cancelled') return { cancel: 'campaign cancelled' };
        const tokens = await tokensFor(person.id, ['manage', 'unsubscribe'] as const);
        const message = messageInLocale(campaign.message, person.locale);
        return { mail: composeCampaignMail({ to: person.email, locale: person.locale, siteUrl: options.siteUrl, tokens, message }) };
      }
      default:
        return { cancel: `unknown topic ${row.topic.slice(0, 64)}` };
    }
  };
}
