import { CheckViolationError, DatabaseUnavailableError, DuplicateEmailError, IdempotencyKeyReusedError } from '../../db/errors';
import { EmailDomainRefusedError } from '../../lib/refused-domains';
import type { SignupOutcome } from '../../lib/metrics-recorder';

/** How a failed insert ends for the visitor, for the sign-up outcome counter. */
export const outcomeOf = (error: unknown): SignupOutcome => {
  if (error instanceof DuplicateEmailError) return 'duplicate';
  if (error instanceof CheckViolationError || error instanceof IdempotencyKeyReusedError) return 'invalid';
  if (error instanceof EmailDomainRefusedError) return 'refused-domain';
  if (error instanceof DatabaseUnavailableError) return 'unavailable';
  return 'error';
};
