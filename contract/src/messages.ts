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
