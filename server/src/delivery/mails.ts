import { BRAND, LINK_LIFETIME_DAYS, catalogueFor, type Brand, type Catalogue } from '@waitlist/catalogue';
import { PERSON_LINK_PATHS, type PersonLinkKind } from '@waitlist/contract';
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument } from './mail-layout';

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
  brand?: Brand;
}

export function composeConfirmationMail(input: ConfirmationMailInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = catalogueFor(input.locale);
  const c = words.mails.confirmation;
  const link = (kind: PersonLinkKind) => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(words, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'paragraph', text: c.action },
    { kind: 'button', label: c.button, url: link('confirm') },
    { kind: 'note', text: c.validity(LINK_LIFETIME_DAYS.confirm) },
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
