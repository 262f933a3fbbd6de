/**
 * The words of every mail, one copy object per locale. Adding a language is adding one object of this shape
 * (the type makes a missing key a compile error). Sentences that carry numbers or names are functions, so each
 * language can order them its own way.
 */

/** Who sends the mails: mirrors the site config (web/src/config/site.ts); a test keeps the two equal. */
export interface MailBrand {
  name: string;
  legalName: string;
  contactEmail: string;
  city: string;
  country: string;
}

export const MAIL_BRAND: MailBrand = {
  name: 'Acme Innovate',
  legalName: 'Acme Innovate AB',
  contactEmail: 'hello@example.com',
  city: 'Gothenburg',
  country: 'Sweden',
};

export interface PersonMailFooterCopy {
  manageLabel: string;
  unsubscribeLabel: string;
  /** Why the reader got this mail. */
  reason: (brand: MailBrand) => string;
  sender: (brand: MailBrand) => string;
}

export interface ConfirmationMailCopy {
  subject: (brand: MailBrand) => string;
  preview: string;
  heading: string;
  intro: (brand: MailBrand) => string;
  action: string;
  button: string;
  validity: (days: number) => string;
  notYou: (retentionDays: number) => string;
}

export interface DataLinkMailCopy {
  subject: (brand: MailBrand) => string;
  preview: string;
  heading: string;
  intro: string;
  button: string;
  validity: (days: number) => string;
  notYou: string;
}

export interface MailCopy {
  /** BCP 47 tag for <html lang> and Content-Language. */
  lang: string;
  footer: PersonMailFooterCopy;
  confirmation: ConfirmationMailCopy;
  dataLink: DataLinkMailCopy;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

const en: MailCopy = {
  lang: 'en',
  footer: {
    manageLabel: 'See, download, correct or erase your data',
    unsubscribeLabel: 'Unsubscribe from updates',
    reason: (brand) => `You get this mail because this address was entered on the ${brand.name} waitlist.`,
    sender: (brand) => `${brand.legalName} · ${brand.city}, ${brand.country} · ${brand.contactEmail}`,
  },
  confirmation: {
    subject: (brand) => `Confirm your place on the ${brand.name} waitlist`,
    preview: 'One click confirms that this address is yours.',
    heading: 'Please confirm your sign-up',
    intro: (brand) =>
      `Thank you for joining the ${brand.name} waitlist. We will reach out with early access details as the platform opens to more organisations.`,
    action: 'Please confirm that this address is yours and that you want to hear from us:',
    button: 'Confirm my sign-up',
    validity: (n) => `The button opens a page where one more click confirms. The link works for ${days(n)}.`,
    notYou: (n) =>
      `Did not sign up? Then ignore this mail: unconfirmed sign-ups are erased after ${days(n)}, and we will not write again.`,
  },
  dataLink: {
    subject: (brand) => `Your link to your ${brand.name} waitlist data`,
    preview: 'See, download, correct or erase what we hold about you.',
    heading: 'Your data, in your hands',
    intro:
      'Someone — hopefully you — asked for a link to the data we hold about this address. On that page you can see everything we store, download it, correct it, or withdraw and erase it.',
    button: 'Manage my data',
    validity: (n) => `The link works for ${days(n)}. You can ask for a new one on our privacy page at any time.`,
    notYou: 'Did not ask for this? Then ignore this mail: nothing has changed.',
  },
};

export const MAIL_COPY = { en } as const satisfies Record<string, MailCopy>;

export type MailLocale = keyof typeof MAIL_COPY;

export const MAIL_LOCALES = Object.keys(MAIL_COPY) as MailLocale[];

export const DEFAULT_MAIL_LOCALE: MailLocale = 'en';

/** A stored locale we have no copy for (yet) falls back to English rather than failing the delivery. */
export function mailCopyFor(locale: string): MailCopy {
  return (MAIL_COPY as Record<string, MailCopy>)[locale] ?? MAIL_COPY[DEFAULT_MAIL_LOCALE];
}
