/** User-facing texts (validation messages and toasts) of the product specification, verbatim. */
export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address',
  role: 'Please select your role',
  companySize: 'Please select your company size',
  desiredOutcomes: 'Please select at least one desired outcome',
  privacyConsent: 'You must agree to the privacy policy',
} as const;

export const OTHER_OUTCOME_PLACEHOLDER = 'Please specify other desired outcome';

export const TOASTS = {
  alreadyRegistered: {
    title: 'Already Registered',
    description: "This email is already on our waitlist. We'll keep you updated!",
  },
  invalidData: { title: 'Invalid Data', description: 'Please check your form data and try again.' },
  error: { title: 'Error', fallbackDescription: 'Something went wrong. Please try again.' },
  success: {
    title: 'Thank you for signing up!',
    description: "We'll reach out to you soon with early access details.",
  },
} as const;

export const NOT_FOUND_TITLE = 'Oops! Page not found';
export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

/**
 * The same messages per language of the site (contract/src/locales.ts): the form, the server's pages and the pages
 * behind mail links show these. English is the spec's text above, verbatim; the other languages are written for
 * their readers. Field messages are chosen by field, so the contract's schemas stay in one language.
 */
export interface LocalizedMessages {
  validation: Record<keyof typeof VALIDATION_MESSAGES | 'otherOutcome', string>;
  otherOutcomePlaceholder: string;
  toasts: {
    alreadyRegistered: { title: string; description: string };
    invalidData: { title: string; description: string };
    error: { title: string; fallbackDescription: string };
    success: { title: string; description: string };
  };
  /**
   * What the error toast says for a refusal the server words itself (rate limit, outage): the server's own message
   * in English (the spec's "error.message"), these words in a language the server does not speak.
   */
  serverErrors: { useServerMessage: boolean; rateLimited: string; unavailable: string };
  notFoundTitle: string;
  unexpectedErrorTitle: string;
}

export const MESSAGES = {
  en: {
    validation: { ...VALIDATION_MESSAGES, otherOutcome: 'Please keep it to 500 characters or fewer' },
    otherOutcomePlaceholder: OTHER_OUTCOME_PLACEHOLDER,
    toasts: TOASTS,
    serverErrors: {
      useServerMessage: true,
      rateLimited: 'Too many sign-up attempts from your network. Please wait a minute and try again.',
      unavailable: 'The waitlist is temporarily unavailable. Please try again in a minute.',
    },
    notFoundTitle: NOT_FOUND_TITLE,
    unexpectedErrorTitle: UNEXPECTED_ERROR_TITLE,
  },
  sv: {
    validation: {
      email: 'Skriv en giltig e-postadress',
      role: 'Välj en roll i listan',
      companySize: 'Välj en storlek i listan',
      desiredOutcomes: 'Välj minst ett alternativ',
      privacyConsent: 'Du behöver godkänna integritetspolicyn',
      otherOutcome: 'Håll dig till högst 500 tecken',
    },
    otherOutcomePlaceholder: 'Beskriv vad ni vill uppnå',
    toasts: {
      alreadyRegistered: { title: 'Redan anmäld', description: 'Den här adressen finns redan på väntelistan. Vi håller dig uppdaterad!' },
      invalidData: { title: 'Något stämmer inte', description: 'Kontrollera uppgifterna i formuläret och försök igen.' },
      error: { title: 'Något gick fel', fallbackDescription: 'Något gick fel. Försök igen.' },
      success: { title: 'Tack för din anmälan!', description: 'Vi hör av oss snart med information om tidig tillgång.' },
    },
    serverErrors: {
      useServerMessage: false,
      rateLimited: 'Vi har fått för många anmälningar från ditt nätverk. Vänta en minut och försök igen.',
      unavailable: 'Väntelistan går inte att nå just nu. Försök igen om en minut.',
    },
    notFoundTitle: 'Hoppsan! Sidan finns inte',
    unexpectedErrorTitle: 'Ett oväntat fel uppstod',
  },
} as const satisfies Record<'en' | 'sv', LocalizedMessages>;
