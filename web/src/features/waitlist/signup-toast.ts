import { EMAIL_UNIQUE_CONSTRAINT, ERROR_CODES } from '@waitlist/contract/errors';
import { TOASTS } from '@waitlist/contract/messages';
import type { ToastInput } from '../../components/ui/toast';
import type { SubmitResult } from './api';

/** The one place that maps a submit result to the toast a visitor sees (success, Already Registered, Invalid Data, Error). */
export function signupToast(result: SubmitResult): ToastInput {
  if (result.ok) return { title: TOASTS.success.title, description: TOASTS.success.description };
  const { error } = result;
  if (error?.code === ERROR_CODES.uniqueViolation && error.message.includes(EMAIL_UNIQUE_CONSTRAINT)) {
    return { title: TOASTS.alreadyRegistered.title, description: TOASTS.alreadyRegistered.description, variant: 'destructive' };
  }
  if (error?.code === ERROR_CODES.checkViolation) {
    return { title: TOASTS.invalidData.title, description: TOASTS.invalidData.description, variant: 'destructive' };
  }
  return {
    title: TOASTS.error.title,
    description: error?.message?.trim() || TOASTS.error.fallbackDescription,
    variant: 'destructive',
  };
}
