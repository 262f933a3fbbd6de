/**
 * Words of the pages a person reaches from our mail, per locale (English now; issue-free to add a language: one
 * more object of this shape). Kept beside the routes until these pages render through the web's page renderer.
 */
export interface SelfServiceCopy {
  lang: string;
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
    erasedText: 'We have removed your sign-up and everything queued for you. Our records keep only that an erasure happened, without your address.',
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
    malformed: { title: 'This link is incomplete', text: 'The link seems to have been cut off. Open it straight from the mail, or copy all of it.' },
    unknown: { title: 'This link does not work', text: 'We do not recognise this link. It may belong to data that has been erased.' },
    'wrong-purpose': { title: 'This link does not work here', text: 'This link is meant for another page. Use the matching link from the mail.' },
    expired: { title: 'This link has expired', text: 'For your safety, links in our mail stop working after a while.' },
    used: { title: 'This link has already been used', text: 'Nothing more is needed: this confirmation link was used before.' },
  },
  newLinkHint: 'You can ask for a fresh link to your data on our privacy page.',
  privacyLink: 'Privacy policy',
};

export const SELF_SERVICE_COPY: Record<string, SelfServiceCopy> = { en };

export const selfServiceCopy = (locale: string): SelfServiceCopy => SELF_SERVICE_COPY[locale] ?? en;
