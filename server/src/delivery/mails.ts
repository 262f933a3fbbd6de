import { BRAND, LINK_LIFETIME_DAYS, catalogueFor, type Brand, type Catalogue } from '@waitlist/catalogue';
import { PERSON_LINK_PATHS, messageInLocale, type PersonLinkKind } from '@waitlist/contract';
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument } from './mail-layout';
import { renderMailMarkdown } from './mail-markdown';

/**
 * The mails we send to a person, composed from the catalogue's words in their language (@waitlist/catalogue:
 * `mails`) and links built from SITE_URL. Tokens are
 * made by the caller at send time and appear only in the links, never in what is stored (see the outbox record
 * in docs/decisions/).
 */

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Content-Language and the HTML part's lang. */
  lang: string;
  /** Extra header lines: List-Unsubscribe (RFC 2369), List-Unsubscribe-Post (RFC 8058), Auto-Submitted (RFC 3834). */
  headers: Record<string, string>;
}

export function personLinkUrl(siteUrl: string, locale: string, kind: PersonLinkKind, token: string): string {
  const prefix = locale === 'en' ? '' : `/${encodeURIComponent(locale)}`;
  const url = new URL(`${prefix}${PERSON_LINK_PATHS[kind]}`, siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export interface PersonMailLinks {
  manage: string;
  unsubscribe: string;
}

/** The two links every mail to a person carries, and the list headers mail clients turn into an unsubscribe button. */
function personFooter(words: Catalogue, brand: Brand, links: PersonMailLinks) {
  const copy = words.mails;
  return {
    footerLinks: [
      { label: copy.footer.manageLabel, url: links.manage },
      { label: copy.footer.unsubscribeLabel, url: links.unsubscribe },
    ],
    footerLines: [copy.footer.reason(brand), copy.footer.sender(brand, `${words.site.city}, ${words.site.country}`)],
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}

function compose(to: string, words: Catalogue, doc: Omit<MailDocument, 'lang'>, headers: Record<string, string>): ComposedMail {
  const full: MailDocument = { ...doc, lang: words.lang };
  return {
    to,
    subject: doc.subject,
    text: renderMailText(full),
    html: renderMailHtml(full),
    lang: words.lang,
    headers: { ...headers, 'Content-Language': words.lang },
  };
}

export interface ConfirmationMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  tokens: { confirm: string; manage: string; unsubscribe: string };
  /** Days an unconfirmed sign-up is kept (UNCONFIRMED_RETENTION_DAYS); the mail says so. */
  retentionDays: number;
  /** The partner whose code someone entered this address with (the join page): the mail says who invited them, and why. */
  invitedBy?: string | null;
  /** Their role, size or outcomes are not known (imported from a list of addresses): the mail asks for them. */
  answersUnknown?: boolean;
  brand?: Brand;
}

export function composeConfirmationMail(input: ConfirmationMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.confirmation;
  const link = (kind: keyof ConfirmationMailInput['tokens']) => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    input.invitedBy ? { kind: 'paragraph', text: c.invitedBy(input.invitedBy, brand) } : { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'paragraph', text: c.action },
    { kind: 'button', label: c.button, url: link('confirm') },
    { kind: 'note', text: c.validity(LINK_LIFETIME_DAYS.confirm) },
    ...(input.answersUnknown
      ? [{ kind: 'link', text: c.answersUnknown(brand), label: c.answersLink, url: link('manage') } as const satisfies MailBlock]
      : []),
    { kind: 'note', text: c.notYou(input.retentionDays) },
  ];
  return compose(input.to, words, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

export interface DataLinkMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  tokens: { manage: string; unsubscribe: string };
  brand?: Brand;
}

export function composeDataLinkMail(input: DataLinkMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.dataLink;
  const link = (kind: 'manage' | 'unsubscribe') => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro },
    { kind: 'button', label: c.button, url: link('manage') },
    { kind: 'note', text: c.validity(LINK_LIFETIME_DAYS.manage) },
    { kind: 'note', text: c.notYou },
  ];
  return compose(input.to, words, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

/** The welcome of someone who joined with a partner code (issue 23): confirmed already, so their links and no button to confirm. */
export function composeWelcomeMail(input: DataLinkMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.welcome;
  const link = (kind: 'manage' | 'unsubscribe') => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'button', label: c.button, url: link('manage') },
    { kind: 'note', text: c.validity(LINK_LIFETIME_DAYS.manage) },
    { kind: 'note', text: c.notYou },
  ];
  return compose(input.to, words, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

/** The offer of a call with a founder (BOOKING_URL; issue 36 item 3): the person's booking link, with their reference. */
export function composeBookingMail(input: DataLinkMailInput & { bookingUrl: string }): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.booking;
  const link = (kind: 'manage' | 'unsubscribe') => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'button', label: c.button, url: input.bookingUrl },
    { kind: 'note', text: c.note },
  ];
  return compose(input.to, words, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

export interface CampaignMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  /** The person's fresh links; absent for an operator's test copy (its links are examples). */
  tokens: { manage: string; unsubscribe: string } | null;
  /** In the person's language: the subject and the body in the Markdown subset. */
  message: { subject: string; body: string };
  brand?: Brand;
}

/** An update to the list in the person's language, with the links every mail to a person carries. */
export function composeCampaignMail(input: CampaignMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.campaign;
  const link = (kind: 'manage' | 'unsubscribe') => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens?.[kind] ?? 'test-copy');
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const body = renderMailMarkdown(input.message.body);
  const blocks: MailBlock[] = [...(input.tokens ? [] : [{ kind: 'note' as const, text: c.testNotice }]), { kind: 'rendered', ...body }];
  const subject = input.tokens ? input.message.subject : `${c.testPrefix} ${input.message.subject}`;
  const preview = body.text.split('\n').find((line) => line.trim() !== '') ?? '';
  return compose(
    input.to,
    words,
    { subject, preview: preview.slice(0, 140), brandName: brand.name, blocks, ...footer },
    // A test copy goes to an operator: no unsubscribe button that could not work.
    input.tokens ? headers : { 'Auto-Submitted': headers['Auto-Submitted']! },
  );
}

export interface InvitationMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  tokens: { invitation: string; manage: string; unsubscribe: string };
  /** When the invitation stops working. */
  expiresAt: Date;
  /** The founders' own words for this wave in the person's language, when they wrote some. */
  message: { subject: string; body: string } | null;
  brand?: Brand;
}

/** A personal invitation to the pilot: what it is, the button to see and accept it, and until when. */
export function composeInvitationMail(input: InvitationMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.invitation;
  const link = (kind: keyof InvitationMailInput['tokens']) => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const until = input.expiresAt.toLocaleDateString(words.lang === 'sv' ? 'sv-SE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading(brand) },
    input.message ? { kind: 'rendered', ...renderMailMarkdown(input.message.body) } : { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'button', label: c.button, url: link('invitation') },
    { kind: 'note', text: c.validity(until) },
  ];
  const subject = input.message?.subject ?? c.subject(brand);
  return compose(input.to, words, { subject, preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

/**
 * How a wave's invitation or a campaign will read in each language, for the console's preview: composed exactly as
 * when it is sent, with example links. A campaign needs English text; Swedish readers get English without Swedish.
 */
export function previewMails(
  input: {
    kind: 'invitation' | 'campaign';
    message?: { en?: { subject: string; body: string }; sv?: { subject: string; body: string } } | undefined;
  },
  siteUrl: string,
): { locale: 'en' | 'sv'; subject: string; text: string }[] {
  const example = { manage: 'example', unsubscribe: 'example', invitation: 'example' };
  return (['en', 'sv'] as const).map((locale) => {
    const own = input.message && messageInLocale(input.message, locale);
    const mail =
      input.kind === 'invitation'
        ? composeInvitationMail({
            to: 'person@example.com',
            locale,
            siteUrl,
            tokens: example,
            expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
            message: own ?? null,
          })
        : composeCampaignMail({ to: 'person@example.com', locale, siteUrl, tokens: example, message: own ?? { subject: '', body: '' } });
    return { locale, subject: mail.subject, text: mail.text };
  });
}
