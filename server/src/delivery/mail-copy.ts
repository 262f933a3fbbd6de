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
}

export const MAIL_BRAND: MailBrand = {
  name: 'Acme Innovate',
  legalName: 'Acme Innovate AB',
  contactEmail: 'hello@example.com',
};

export interface PersonMailFooterCopy {
  manageLabel: string;
  unsubscribeLabel: string;
  /** Why the reader got this mail. */
  reason: (brand: MailBrand) => string;
  sender: (brand: MailBrand, place: string) => string;
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
  /** Where we are, as the site's footer says it in this language (a test keeps the two equal). */
  place: string;
  footer: PersonMailFooterCopy;
  confirmation: ConfirmationMailCopy;
  dataLink: DataLinkMailCopy;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

const en: MailCopy = {
  lang: 'en',
  place: 'Gothenburg, Sweden',
  footer: {
    manageLabel: 'See, download, correct or erase your data',
    unsubscribeLabel: 'Unsubscribe from updates',
    reason: (brand) => `You get this mail because this address was entered on the ${brand.name} waitlist.`,
    sender: (brand, place) => `${brand.legalName} · ${place} · ${brand.contactEmail}`,
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
    notYou: (n) => `Did not sign up? Then ignore this mail: unconfirmed sign-ups are erased after ${days(n)}, and we will not write again.`,
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

const dagar = (n: number) => (n === 1 ? '1 dag' : `${n} dagar`);

/** Swedish: written for Swedish readers (du-form, short sentences), not translated word by word. */
const sv: MailCopy = {
  lang: 'sv',
  place: 'Göteborg, Sverige',
  footer: {
    manageLabel: 'Se, ladda ner, rätta eller radera dina uppgifter',
    unsubscribeLabel: 'Avregistrera dig från nyheter',
    reason: (brand) => `Du får det här mejlet eftersom adressen skrevs in på väntelistan hos ${brand.name}.`,
    sender: (brand, place) => `${brand.legalName} · ${place} · ${brand.contactEmail}`,
  },
  confirmation: {
    subject: (brand) => `Bekräfta din plats på väntelistan hos ${brand.name}`,
    preview: 'Ett klick bekräftar att adressen är din.',
    heading: 'Bekräfta din anmälan',
    intro: (brand) =>
      `Tack för att du skrev upp dig på väntelistan hos ${brand.name}. Vi hör av oss med information om tidig tillgång när plattformen öppnar för fler organisationer.`,
    action: 'Bekräfta att adressen är din och att du vill att vi hör av oss:',
    button: 'Bekräfta min anmälan',
    validity: (n) => `Knappen öppnar en sida där ett klick till bekräftar. Länken fungerar i ${dagar(n)}.`,
    notYou: (n) =>
      `Har du inte anmält dig? Då kan du bortse från mejlet: obekräftade anmälningar raderas efter ${dagar(n)}, och vi skriver inte igen.`,
  },
  dataLink: {
    subject: (brand) => `Din länk till dina uppgifter hos ${brand.name}`,
    preview: 'Se, ladda ner, rätta eller radera det vi har sparat om dig.',
    heading: 'Dina uppgifter, i dina händer',
    intro:
      'Någon – förhoppningsvis du – har bett om en länk till uppgifterna vi har om den här adressen. På sidan ser du allt vi sparar och kan ladda ner det, rätta det eller återkalla ditt samtycke och radera det.',
    button: 'Hantera mina uppgifter',
    validity: (n) => `Länken fungerar i ${dagar(n)}. Du kan när som helst be om en ny på vår integritetssida.`,
    notYou: 'Har du inte bett om det här? Då kan du bortse från mejlet: ingenting har ändrats.',
  },
};

export const MAIL_COPY = { en, sv } as const satisfies Record<string, MailCopy>;

export type MailLocale = keyof typeof MAIL_COPY;

export const MAIL_LOCALES = Object.keys(MAIL_COPY) as MailLocale[];

export const DEFAULT_MAIL_LOCALE: MailLocale = 'en';

/** A stored locale we have no copy for (yet) falls back to English rather than failing the delivery. */
export function mailCopyFor(locale: string): MailCopy {
  return (MAIL_COPY as Record<string, MailCopy>)[locale] ?? MAIL_COPY[DEFAULT_MAIL_LOCALE];
}
