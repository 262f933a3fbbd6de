import { TOKEN_LIFETIME_DAYS } from '../lib/tokens';
import { MAIL_BRAND, mailCopyFor, type MailBrand, type MailCopy } from './mail-copy';
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument } from './mail-layout';

/**
 * The mails we send, composed from the copy of the person's locale and links built from SITE_URL. Tokens are
 * made by the caller at send time and appear only in the links, never in what is stored (see the outbox record
 * in docs/decisions/).
 */

/** Where a person's links land; a locale other than English lives under its own prefix (/sv/confirm). */
export const PERSON_LINK_PATHS = {
  confirm: '/confirm',
  manage: '/manage',
  unsubscribe: '/unsubscribe',
} as const;

export type PersonLinkKind = keyof typeof PERSON_LINK_PATHS;

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
function personFooter(copy: MailCopy, brand: MailBrand, links: PersonMailLinks) {
  return {
    footerLinks: [
      { label: copy.footer.manageLabel, url: links.manage },
      { label: copy.footer.unsubscribeLabel, url: links.unsubscribe },
    ],
    footerLines: [copy.footer.reason(brand), copy.footer.sender(brand, copy.place)],
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}

function compose(to: string, copy: MailCopy, doc: Omit<MailDocument, 'lang'>, headers: Record<string, string>): ComposedMail {
  const full: MailDocument = { ...doc, lang: copy.lang };
  return {
    to,
    subject: doc.subject,
    text: renderMailText(full),
    html: renderMailHtml(full),
    lang: copy.lang,
    headers: { ...headers, 'Content-Language': copy.lang },
  };
}

export interface ConfirmationMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  tokens: { confirm: string; manage: string; unsubscribe: string };
  /** Days an unconfirmed sign-up is kept (UNCONFIRMED_RETENTION_DAYS); the mail says so. */
  retentionDays: number;
  brand?: MailBrand;
}

export function composeConfirmationMail(input: ConfirmationMailInput): ComposedMail {
  const brand = input.brand ?? MAIL_BRAND;
  const copy = mailCopyFor(input.locale);
  const c = copy.confirmation;
  const link = (kind: PersonLinkKind) => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(copy, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro(brand) },
    { kind: 'paragraph', text: c.action },
    { kind: 'button', label: c.button, url: link('confirm') },
    { kind: 'note', text: c.validity(TOKEN_LIFETIME_DAYS.confirm) },
    { kind: 'note', text: c.notYou(input.retentionDays) },
  ];
  return compose(input.to, copy, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}

export interface DataLinkMailInput {
  to: string;
  locale: string;
  siteUrl: string;
  tokens: { manage: string; unsubscribe: string };
  brand?: MailBrand;
}

export function composeDataLinkMail(input: DataLinkMailInput): ComposedMail {
  const brand = input.brand ?? MAIL_BRAND;
  const copy = mailCopyFor(input.locale);
  const c = copy.dataLink;
  const link = (kind: 'manage' | 'unsubscribe') => personLinkUrl(input.siteUrl, input.locale, kind, input.tokens[kind]);
  const { headers, ...footer } = personFooter(copy, brand, { manage: link('manage'), unsubscribe: link('unsubscribe') });
  const blocks: MailBlock[] = [
    { kind: 'heading', text: c.heading },
    { kind: 'paragraph', text: c.intro },
    { kind: 'button', label: c.button, url: link('manage') },
    { kind: 'note', text: c.validity(TOKEN_LIFETIME_DAYS.manage) },
    { kind: 'note', text: c.notYou },
  ];
  return compose(input.to, copy, { subject: c.subject(brand), preview: c.preview, brandName: brand.name, blocks, ...footer }, headers);
}
