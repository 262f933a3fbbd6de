import type { AttributionField, FollowUpStatus, SiteLocale } from '@waitlist/contract';

/**
 * Words of the pages a person reaches from our mail, per language of the site (the type makes a missing key a
 * compile error). Kept beside the routes until these pages render through the web's page renderer. Option labels
 * and field messages come from the contract (OPTION_LABELS, MESSAGES), like the form's.
 */
export interface SelfServiceCopy {
  lang: SiteLocale;
  brand: string;
  home: string;
  confirm: { title: string; lead: string; button: string; doneTitle: string; doneText: string };
  manage: {
    title: string;
    lead: string;
    storedHeading: string;
    fields: {
      email: string;
      role: string;
      companySize: string;
      outcomes: string;
      otherOutcome: string;
      signedUp: string;
      consent: string;
      policyVersion: string;
      confirmed: string;
      optOut: string;
      language: string;
      company: string;
      cameFrom: string;
      followUp: string;
    };
    notYet: string;
    none: string;
    /** What the stored codes mean, in this language (the download keeps the codes). */
    languageNames: Record<SiteLocale, string>;
    followUpStatuses: Record<FollowUpStatus, string>;
    attributionFields: Record<AttributionField, string>;
    downloadHeading: string;
    downloadText: string;
    downloadButton: string;
    correctHeading: string;
    correctButton: string;
    saved: string;
    eraseHeading: string;
    eraseText: string;
    eraseConfirm: string;
    eraseButton: string;
    erasedTitle: string;
    erasedText: string;
    unsubscribeHeading: string;
    unsubscribeText: string;
  };
  unsubscribe: { title: string; lead: string; button: string; doneTitle: string; doneText: string };
  dataLink: { title: string; text: string };
  tooMany: { title: string; text: string };
  problems: Record<'malformed' | 'unknown' | 'wrong-purpose' | 'expired' | 'used', { title: string; text: string }>;
  newLinkHint: string;
  privacyLink: string;
}

const en: SelfServiceCopy = {
  lang: 'en',
  brand: 'Acme Innovate',
  home: 'Return to Home',
  confirm: {
    title: 'Confirm your sign-up',
    lead: 'Press the button to confirm that this address is yours and that you want to hear from us about early access.',
    button: 'Confirm my sign-up',
    doneTitle: 'Thank you, you are confirmed',
    doneText: 'Your place on the waitlist is confirmed. We will reach out with early access details.',
  },
  manage: {
    title: 'Your data',
    lead: 'This is everything we store about you. You can download it, correct it, or withdraw your consent and erase it.',
    storedHeading: 'What we store',
    fields: {
      email: 'E-mail',
      role: 'Role',
      companySize: 'Company size',
      outcomes: 'Desired outcomes',
      otherOutcome: 'Other outcome',
      signedUp: 'Signed up',
      consent: 'Consent given',
      policyVersion: 'Privacy policy version',
      confirmed: 'Address confirmed',
      optOut: 'Opted out of updates',
      language: 'Language',
      company: 'Company (from your address)',
      cameFrom: 'Where you came from',
      followUp: 'Our follow-up',
    },
    notYet: 'Not yet',
    none: '—',
    languageNames: { en: 'English', sv: 'Swedish' },
    followUpStatuses: { new: 'New', contacted: 'Contacted', invited: 'Invited to early access', joined: 'Joined', declined: 'Declined' },
    attributionFields: {
      utm_source: 'Source',
      utm_medium: 'Medium',
      utm_campaign: 'Campaign',
      utm_content: 'Campaign content',
      utm_term: 'Campaign term',
      referrer_origin: 'Linked from',
      landing_path: 'Signed up on',
    },
    downloadHeading: 'Download',
    downloadText: 'A JSON file with everything listed above.',
    downloadButton: 'Download my data (JSON)',
    correctHeading: 'Correct',
    correctButton: 'Save changes',
    saved: 'Your changes are saved.',
    eraseHeading: 'Withdraw and erase',
    eraseText: 'This removes your sign-up and every mail queued for you. It cannot be undone; you are welcome to sign up again later.',
    eraseConfirm: 'Yes, erase my data',
    eraseButton: 'Erase my data',
    erasedTitle: 'Your data is erased',
    erasedText:
      'We have removed your sign-up and everything queued for you. Our records keep only that an erasure happened, without your address.',
    unsubscribeHeading: 'Updates by mail',
    unsubscribeText: 'Every mail we send has a one-click unsubscribe link.',
  },
  unsubscribe: {
    title: 'Unsubscribe from updates',
    lead: 'Press the button and we will send you no more updates. You stay on the waitlist, and can still ask for your data link.',
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    doneText: 'We will send you no more updates. Mails you ask for yourself, such as a link to your data, still reach you.',
  },
  dataLink: {
    title: 'Check your inbox',
    text: 'If that address is on our waitlist, we have sent it a link to see, download, correct or erase your data. The link works for 7 days.',
  },
  tooMany: { title: 'Please wait a moment', text: 'Too many requests came from your network. Please try again in a few minutes.' },
  problems: {
    malformed: {
      title: 'This link is incomplete',
      text: 'The link seems to have been cut off. Open it straight from the mail, or copy all of it.',
    },
    unknown: { title: 'This link does not work', text: 'We do not recognise this link. It may belong to data that has been erased.' },
    'wrong-purpose': {
      title: 'This link does not work here',
      text: 'This link is meant for another page. Use the matching link from the mail.',
    },
    expired: { title: 'This link has expired', text: 'For your safety, links in our mail stop working after a while.' },
    used: { title: 'This link has already been used', text: 'Nothing more is needed: this confirmation link was used before.' },
  },
  newLinkHint: 'You can ask for a fresh link to your data on our privacy page.',
  privacyLink: 'Privacy policy',
};

const sv: SelfServiceCopy = {
  lang: 'sv',
  brand: 'Acme Innovate',
  home: 'Till startsidan',
  confirm: {
    title: 'Bekräfta din anmälan',
    lead: 'Tryck på knappen för att bekräfta att adressen är din och att du vill att vi hör av oss om tidig tillgång.',
    button: 'Bekräfta min anmälan',
    doneTitle: 'Tack, nu är du bekräftad',
    doneText: 'Din plats på väntelistan är bekräftad. Vi hör av oss med information om tidig tillgång.',
  },
  manage: {
    title: 'Dina uppgifter',
    lead: 'Här är allt vi sparar om dig. Du kan ladda ner det, rätta det eller återkalla ditt samtycke och radera det.',
    storedHeading: 'Det här sparar vi',
    fields: {
      email: 'E-post',
      role: 'Roll',
      companySize: 'Företagets storlek',
      outcomes: 'Vad ni vill uppnå',
      otherOutcome: 'Annat ni vill uppnå',
      signedUp: 'Anmäld',
      consent: 'Samtycke lämnat',
      policyVersion: 'Version av integritetspolicyn',
      confirmed: 'Adressen bekräftad',
      optOut: 'Tackat nej till nyheter',
      language: 'Språk',
      company: 'Företag (från din adress)',
      cameFrom: 'Var du kom ifrån',
      followUp: 'Vår uppföljning',
    },
    notYet: 'Inte än',
    none: '—',
    languageNames: { en: 'Engelska', sv: 'Svenska' },
    followUpStatuses: {
      new: 'Ny',
      contacted: 'Kontaktad',
      invited: 'Inbjuden till tidig tillgång',
      joined: 'Med i piloten',
      declined: 'Tackat nej',
    },
    attributionFields: {
      utm_source: 'Källa',
      utm_medium: 'Kanal',
      utm_campaign: 'Kampanj',
      utm_content: 'Kampanjinnehåll',
      utm_term: 'Sökord',
      referrer_origin: 'Länkad från',
      landing_path: 'Anmäld på sidan',
    },
    downloadHeading: 'Ladda ner',
    downloadText: 'En JSON-fil med allt som står ovan.',
    downloadButton: 'Ladda ner mina uppgifter (JSON)',
    correctHeading: 'Rätta',
    correctButton: 'Spara ändringarna',
    saved: 'Dina ändringar är sparade.',
    eraseHeading: 'Återkalla och radera',
    eraseText:
      'Det här tar bort din anmälan och alla mejl som väntar på att skickas till dig. Det går inte att ångra, men du är välkommen att anmäla dig igen senare.',
    eraseConfirm: 'Ja, radera mina uppgifter',
    eraseButton: 'Radera mina uppgifter',
    erasedTitle: 'Dina uppgifter är raderade',
    erasedText:
      'Vi har tagit bort din anmälan och allt som väntade på att skickas till dig. Vi sparar bara att en radering har skett, utan din adress.',
    unsubscribeHeading: 'Nyheter via mejl',
    unsubscribeText: 'Varje mejl vi skickar har en länk som avregistrerar dig med ett klick.',
  },
  unsubscribe: {
    title: 'Avregistrera dig från nyheter',
    lead: 'Tryck på knappen så skickar vi inga fler nyheter. Du står kvar på väntelistan och kan fortfarande be om länken till dina uppgifter.',
    button: 'Avregistrera mig',
    doneTitle: 'Du är avregistrerad',
    doneText: 'Vi skickar inga fler nyheter. Mejl som du själv ber om, som en länk till dina uppgifter, kommer ändå fram.',
  },
  dataLink: {
    title: 'Titta i din inkorg',
    text: 'Om adressen finns på väntelistan har vi skickat en länk dit där du kan se, ladda ner, rätta eller radera dina uppgifter. Länken fungerar i 7 dagar.',
  },
  tooMany: { title: 'Vänta en stund', text: 'Vi har fått för många förfrågningar från ditt nätverk. Försök igen om några minuter.' },
  problems: {
    malformed: {
      title: 'Länken är ofullständig',
      text: 'Det verkar som att länken har klippts av. Öppna den direkt från mejlet, eller kopiera hela.',
    },
    unknown: { title: 'Länken fungerar inte', text: 'Vi känner inte igen länken. Den kan höra till uppgifter som redan har raderats.' },
    'wrong-purpose': { title: 'Länken fungerar inte här', text: 'Länken är avsedd för en annan sida. Använd motsvarande länk i mejlet.' },
    expired: { title: 'Länken har gått ut', text: 'Av säkerhetsskäl slutar länkarna i våra mejl att fungera efter en tid.' },
    used: { title: 'Länken är redan använd', text: 'Du behöver inte göra något mer: bekräftelselänken har redan använts.' },
  },
  newLinkHint: 'Du kan be om en ny länk till dina uppgifter på vår integritetssida.',
  privacyLink: 'Integritetspolicy',
};

export const SELF_SERVICE_COPY: Record<SiteLocale, SelfServiceCopy> = { en, sv };

export const selfServiceCopy = (locale: string): SelfServiceCopy => SELF_SERVICE_COPY[locale as SiteLocale] ?? en;
