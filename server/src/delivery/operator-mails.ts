import { BRAND, CATALOGUE, type Brand } from '@waitlist/catalogue';
import { CONSOLE_PATHS, consoleJoinPath, consoleUrl, type SiteLocale } from '@waitlist/contract';
import type { DigestFacts } from '../db/stores/signup-insight';
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument } from './mail-layout';
import type { ComposedMail } from './mails';

/**
 * Mail to the founders, with links into the console, never to a person's data page. Written in the language the
 * operator chose for the console (operators.locale; English until they choose); the words are the catalogue's
 * `operatorMails`. People's answers and fit reasons stay as stored, as in the console (docs/decisions/0050).
 */
export const operatorMailWords = (lang?: SiteLocale | null) => CATALOGUE[lang ?? 'en'].operatorMails;

/** Whom an operator mail goes to, and in which language. */
export interface OperatorMailTo {
  to: string;
  siteUrl: string;
  /** The operator's console language; English when absent (they have not chosen one). */
  lang?: SiteLocale | null;
  brand?: Brand;
}

export interface ConfirmedNoticeInput extends OperatorMailTo {
  person: {
    id: number;
    email: string;
    role: string | null;
    companySize: string | null;
    companyDomain: string | null;
    freeMail: boolean;
    source: string | null;
    campaign: string | null;
  };
}

const consoleLink = consoleUrl;

function compose(
  input: OperatorMailTo,
  doc: Omit<MailDocument, 'lang' | 'footerLinks' | 'footerLines'>,
  brand: Brand,
  footer?: Pick<MailDocument, 'footerLinks' | 'footerLines'>,
): ComposedMail {
  const lang = input.lang ?? 'en';
  const words = operatorMailWords(lang);
  // The mails an operator chose get a link to their mail settings; the others say why they come.
  const withFooter = footer ?? {
    footerLinks: [{ label: words.settingsLink, url: consoleLink(input.siteUrl, CONSOLE_PATHS.notifications) }],
    footerLines: [words.reason(brand)],
  };
  const full: MailDocument = { ...doc, lang, ...withFooter };
  return {
    to: input.to,
    subject: doc.subject,
    text: renderMailText(full),
    html: renderMailHtml(full),
    lang,
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': lang },
  };
}

export function composeConfirmedNotice(input: ConfirmedNoticeInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = operatorMailWords(input.lang);
  const w = words.confirmed;
  const p = input.person;
  const company = p.freeMail ? w.personalAddress : (p.companyDomain ?? w.unknownCompany);
  // An answer not known (imported without it) says so.
  const [role, size] = [p.role ?? w.unknownAnswer, p.companySize ?? w.unknownAnswer];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: w.heading },
    {
      kind: 'facts',
      rows: [
        { label: w.labels.email, value: p.email },
        { label: w.labels.company, value: company },
        { label: w.labels.role, value: role },
        { label: w.labels.companySize, value: size },
        { label: w.labels.source, value: [p.source, p.campaign].filter(Boolean).join(' / ') || w.unknownSource },
      ],
    },
    { kind: 'button', label: w.button, url: consoleLink(input.siteUrl, CONSOLE_PATHS.signup(p.id)) },
  ];
  return compose(input, { subject: w.subject(p.email, company), preview: w.preview(role, size), brandName: brand.name, blocks }, brand);
}

export interface DigestInput extends OperatorMailTo {
  day: string;
  facts: DigestFacts;
}

export function composeDigest(input: DigestInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const words = operatorMailWords(input.lang);
  const w = words.digest;
  const f = input.facts;
  const list = (items: readonly string[]) => (items.length === 0 ? words.none : items.join(', '));
  const blocks: MailBlock[] = [
    { kind: 'heading', text: w.heading(input.day) },
    {
      kind: 'facts',
      rows: [
        { label: w.labels.signups, value: String(f.signups) },
        { label: w.labels.confirmed, value: String(f.confirmed) },
        { label: w.labels.newCompanies, value: list(f.newCompanies) },
        { label: w.labels.returningCompanies, value: list(f.returningCompanies) },
        { label: w.labels.topSources, value: list(f.topSources.map((s) => `${s.source} (${s.signups})`)) },
      ],
    },
    { kind: 'button', label: w.button, url: consoleLink(input.siteUrl, CONSOLE_PATHS.funnel) },
  ];
  return compose(
    input,
    { subject: w.subject(input.day, f.signups, f.confirmed), preview: w.preview(f.newCompanies.length), brandName: brand.name, blocks },
    brand,
  );
}

export interface OperatorInvitationInput extends OperatorMailTo {
  /** The inviting owner's address. */
  inviter: string;
  role: 'owner' | 'member' | 'viewer';
  /** The link's token: in the address's fragment, so it reaches neither a server log nor a Referer. */
  token: string;
}

/**
 * An alert to an operator: a heading, its paragraphs and one button into the console, and a footer that says why they
 * get it (no settings link: alerts cannot be turned off). Every alert below is one of these, and owner-alert-mails.ts's.
 */
export function alert(
  input: OperatorMailTo,
  w: { heading: string; button: string; reason: (brand: Brand) => string },
  parts: (brand: Brand) => { subject: string; preview: string; paragraphs: readonly string[]; path: string },
): ComposedMail {
  const brand = input.brand ?? BRAND;
  const { subject, preview, paragraphs, path } = parts(brand);
  const blocks: MailBlock[] = [
    { kind: 'heading', text: w.heading },
    ...paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
    { kind: 'button', label: w.button, url: consoleLink(input.siteUrl, path) },
  ];
  return compose(input, { subject, preview, brandName: brand.name, blocks }, brand, {
    footerLinks: [],
    footerLines: [w.reason(brand)],
  });
}

/** Someone gave the operator's password right and then too many wrong codes within an hour (services/sign-in.ts). */
export function composeFactorGuessingAlert(input: OperatorMailTo & { wrong: number }): ComposedMail {
  const w = operatorMailWords(input.lang).factorGuessing;
  return alert(input, w, (brand) => ({
    subject: w.subject(brand),
    preview: w.preview(input.wrong),
    paragraphs: [w.body(input.wrong), w.advice],
    path: CONSOLE_PATHS.security,
  }));
}

/** An owner invited this address to the console: a link to choose a password (48 hours, once). */
export function composeOperatorInvitation(input: OperatorInvitationInput): ComposedMail {
  const brand = input.brand ?? BRAND;
  const w = operatorMailWords(input.lang).invitation;
  const role = w.roles[input.role];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: w.heading },
    { kind: 'paragraph', text: w.body(input.inviter, role, brand) },
    { kind: 'button', label: w.button, url: consoleLink(input.siteUrl, consoleJoinPath(input.token)) },
    { kind: 'note', text: w.ignore },
  ];
  return compose(input, { subject: w.subject(brand), preview: w.preview(role), brandName: brand.name, blocks }, brand, {
    footerLinks: [],
    footerLines: [w.reason(brand)],
  });
}

/**
 * How the operator signs in changed (services/sign-in-notices.ts): what changed, and whom to tell if it was not them
 * (the other owners, by address: a stolen session cannot read this mail or stop it).
 */
export function composeSignInChanged(
  input: OperatorMailTo & { what: keyof ReturnType<typeof operatorMailWords>['signInChanged']['what']; owners: readonly string[] },
): ComposedMail {
  const w = operatorMailWords(input.lang).signInChanged;
  const owners = input.owners.filter((o) => o !== input.to);
  return alert(input, w, (brand) => ({
    subject: w.subject(brand),
    preview: w.what[input.what],
    paragraphs: [w.what[input.what], w.ifYou, owners.length > 0 ? w.ifNotYou(owners.join(', ')) : w.noOtherOwner],
    path: CONSOLE_PATHS.security,
  }));
}

/** An operator read their hour's budget of people (services/exports.ts): each other owner is told, with who it was. */
export function composeReadBudgetAlert(input: OperatorMailTo & { reader: string; people: number; budget: number }): ComposedMail {
  const w = operatorMailWords(input.lang).readBudget;
  return alert(input, w, (brand) => ({
    subject: w.subject(brand),
    preview: w.preview(input.people),
    paragraphs: [w.body(input.reader, input.people, input.budget), w.advice],
    path: CONSOLE_PATHS.audit,
  }));
}

/** A receiving domain refuses our mail for a reason (services/mail-feedback.ts): every owner is told, once a week at most. */
export function composeMailRefused(input: OperatorMailTo & { domain: string; why: string }): ComposedMail {
  const w = operatorMailWords(input.lang).mailRefused;
  return alert(input, w, (brand) => ({
    subject: w.subject(brand, input.domain, input.why),
    preview: w.preview(input.domain),
    paragraphs: [w.body(input.domain, input.why), w.advice],
    path: CONSOLE_PATHS.deliverability,
  }));
}

/** A campaign or wave paused itself (services/send-guard.ts): every owner is told why and how many mails wait. */
export function composeSendPaused(
  input: OperatorMailTo & { send: { kind: 'campaign' | 'wave'; name: string }; reason: string; waiting: number },
): ComposedMail {
  const w = operatorMailWords(input.lang).sendPaused;
  const send = input.send.kind === 'campaign' ? w.campaign(input.send.name) : w.wave(input.send.name);
  return alert(input, w, (brand) => ({
    subject: w.subject(brand, send),
    preview: w.preview(input.waiting),
    paragraphs: [w.body(send, input.reason, input.waiting), w.advice],
    path: input.send.kind === 'campaign' ? CONSOLE_PATHS.updates : CONSOLE_PATHS.waves,
  }));
}

/** A buyer asked for our security documents on the trust page (services/document-requests.ts): a reply goes to them. */
export function composeDocumentRequest(
  input: OperatorMailTo & {
    request: {
      name: string;
      email: string;
      company: string;
      documents: readonly string[];
      message: string | null;
      locale: string;
      proofOfWork: boolean;
    };
  },
): ComposedMail {
  const brand = input.brand ?? BRAND;
  const w = operatorMailWords(input.lang).documentRequest;
  const r = input.request;
  const documents = r.documents.join(', ');
  const blocks: MailBlock[] = [
    { kind: 'heading', text: w.heading },
    { kind: 'paragraph', text: w.body(r.name, r.company) },
    {
      kind: 'facts',
      rows: [
        { label: w.labels.name, value: r.name },
        { label: w.labels.email, value: r.email },
        { label: w.labels.company, value: r.company },
        { label: w.labels.documents, value: documents },
        { label: w.labels.message, value: r.message ?? w.noMessage },
        { label: w.labels.language, value: r.locale },
      ],
    },
    ...(r.proofOfWork ? [] : [{ kind: 'note' as const, text: w.unproven }]),
    { kind: 'button', label: w.button, url: consoleLink(input.siteUrl, CONSOLE_PATHS.calls) },
  ];
  const mail = compose(input, { subject: w.subject(r.company), preview: w.preview(documents), brandName: brand.name, blocks }, brand, {
    footerLinks: [],
    footerLines: [w.reason(brand)],
  });
  return { ...mail, headers: { ...mail.headers, 'Reply-To': r.email } };
}
