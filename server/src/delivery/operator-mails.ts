import type { DigestFacts } from '../db/stores/signup-insight';
import { MAIL_BRAND, type MailBrand } from './mail-copy';
import { renderMailHtml, renderMailText, type MailBlock, type MailDocument } from './mail-layout';
import type { ComposedMail } from './mails';

/** Mail to the founders (English: the console's language), with links into the console, never to a person's data page. */
export interface ConfirmedNoticeInput {
  to: string;
  siteUrl: string;
  person: {
    id: number;
    email: string;
    role: string;
    companySize: string;
    companyDomain: string | null;
    freeMail: boolean;
    source: string | null;
    campaign: string | null;
  };
  brand?: MailBrand;
}

const consoleLink = (siteUrl: string, hash: string) => new URL(`/admin#${hash}`, siteUrl).toString();

function compose(
  to: string,
  doc: Omit<MailDocument, 'lang' | 'footerLinks' | 'footerLines'>,
  siteUrl: string,
  brand: MailBrand,
): ComposedMail {
  const full: MailDocument = {
    ...doc,
    lang: 'en',
    footerLinks: [{ label: 'Mail settings', url: consoleLink(siteUrl, '/settings') }],
    footerLines: [`You get this because you are an operator of the ${brand.name} waitlist console and chose to in your mail settings.`],
  };
  return {
    to,
    subject: doc.subject,
    text: renderMailText(full),
    html: renderMailHtml(full),
    lang: 'en',
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'en' },
  };
}

export function composeConfirmedNotice(input: ConfirmedNoticeInput): ComposedMail {
  const brand = input.brand ?? MAIL_BRAND;
  const p = input.person;
  const company = p.freeMail ? 'personal address' : (p.companyDomain ?? 'unknown');
  const blocks: MailBlock[] = [
    { kind: 'heading', text: 'A sign-up was confirmed' },
    {
      kind: 'facts',
      rows: [
        { label: 'E-mail', value: p.email },
        { label: 'Company', value: company },
        { label: 'Role', value: p.role },
        { label: 'Company size', value: p.companySize },
        { label: 'Source', value: [p.source, p.campaign].filter(Boolean).join(' / ') || 'direct or unknown' },
      ],
    },
    { kind: 'button', label: 'Open in the console', url: consoleLink(input.siteUrl, `/signups/${p.id}`) },
  ];
  return compose(
    input.to,
    { subject: `Confirmed: ${p.email} (${company})`, preview: `${p.role}, ${p.companySize}`, brandName: brand.name, blocks },
    input.siteUrl,
    brand,
  );
}

export interface DigestInput {
  to: string;
  siteUrl: string;
  day: string;
  facts: DigestFacts;
  brand?: MailBrand;
}

export function composeDigest(input: DigestInput): ComposedMail {
  const brand = input.brand ?? MAIL_BRAND;
  const f = input.facts;
  const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));
  const blocks: MailBlock[] = [
    { kind: 'heading', text: `The waitlist, the last 24 hours (${input.day})` },
    {
      kind: 'facts',
      rows: [
        { label: 'New sign-ups', value: String(f.signups) },
        { label: 'Confirmations', value: String(f.confirmed) },
        { label: 'New companies', value: list(f.newCompanies) },
        { label: 'Another person from a company already on the list', value: list(f.returningCompanies) },
        {
          label: 'Top sources',
          value: f.topSources.length === 0 ? 'none' : f.topSources.map((s) => `${s.source} (${s.signups})`).join(', '),
        },
      ],
    },
    { kind: 'button', label: 'Open the funnel', url: consoleLink(input.siteUrl, '/funnel') },
  ];
  return compose(
    input.to,
    {
      subject: `Waitlist digest ${input.day}: ${f.signups} new, ${f.confirmed} confirmed`,
      preview: `${f.newCompanies.length} new companies`,
      brandName: brand.name,
      blocks,
    },
    input.siteUrl,
    brand,
  );
}
