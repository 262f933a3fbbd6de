import { EMAIL_UNIQUE_CONSTRAINT, ERROR_CODES } from '@waitlist/contract/errors';
import type { SiteCopy } from '../../config/site';
import type { ToastInput } from '../../components/ui/toast';
import type { SubmitResult } from './api';

/**
 * The one place that maps a submit result to the toast a visitor sees (success, Already Registered, Invalid Data,
 * Error), in the page's language. English shows the server's own message for other errors, as the spec says; a
 * language the server does not speak gets its own words for the refusals the server words (rate limit, outage).
 */
export function signupToast(result: SubmitResult, messages: SiteCopy['signup']['messages']): ToastInput {
  const { toasts, serverErrors } = messages;
  if (result.ok) return { title: toasts.success.title, description: toasts.success.description };
  const { error } = result;
  if (error?.code === ERROR_CODES.uniqueViolation && error.message.includes(EMAIL_UNIQUE_CONSTRAINT)) {
    return { title: toasts.alreadyRegistered.title, description: toasts.alreadyRegistered.description, variant: 'destructive' };
  }
  if (error?.code === ERROR_CODES.checkViolation) {
    return { title: toasts.invalidData.title, description: toasts.invalidData.description, variant: 'destructive' };
  }
  const localized =
    error?.code === ERROR_CODES.rateLimited
      ? serverErrors.rateLimited
      : error?.code === ERROR_CODES.databaseUnavailable
        ? serverErrors.unavailable
        : undefined;
  const description = serverErrors.useServerMessage ? error?.message?.trim() : localized;
  return { title: toasts.error.title, description: description || toasts.error.fallbackDescription, variant: 'destructive' };
}
