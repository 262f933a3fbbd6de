import {
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_DOMAIN_REFUSED_MESSAGE,
  ADMIN_ERROR_CODES,
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  PARTNER_CODE_REFUSED_MESSAGE,
  checkViolationMessage,
} from '@waitlist/contract';
import {
  CheckViolationError,
  classifyDbError,
  DatabaseUnavailableError,
  DuplicateEmailError,
  IdempotencyKeyReusedError,
  PartnerCodeRefusedError,
} from '../db/errors';
import { PasswordCheckBusy } from '../lib/passwords';
import { EmailDomainRefusedError } from '../lib/refused-domains';
import { HttpError } from './http-error';

const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/**
 * The HTTP answer to an error a repository raised, in PostgreSQL's words (docs/decisions/0002); undefined for
 * anything else. The error handler applies it to every route; a route passes `duplicateHint` to say more.
 */
export function httpErrorOf(error: unknown, options: { duplicateHint?: string } = {}): HttpError | undefined {
  if (error instanceof DuplicateEmailError)
    return new HttpError(409, ERROR_CODES.uniqueViolation, DUPLICATE_EMAIL_MESSAGE, options.duplicateHint ?? null);
  if (error instanceof EmailDomainRefusedError) {
    const hint = {
      disposable: 'Use your work e-mail address: temporary addresses cannot receive our updates.',
      blocked: 'Addresses at this domain cannot join the waitlist; use another address.',
      undeliverable: 'This domain has no mail server (no MX, A or AAAA record): check the address.',
    }[error.reason];
    return new HttpError(400, ERROR_CODES.raisedException, EMAIL_DOMAIN_REFUSED_MESSAGE, hint, {}, error.reason);
  }
  if (error instanceof PartnerCodeRefusedError) {
    const hint = {
      unknown: 'Check the code: it is on the invitation your partner passed on.',
      expired: 'This code has expired; ask the partner who gave it to you, or sign up with the form on the home page.',
      full: 'As many people have joined with this code as it allows; sign up with the form on the home page.',
      withdrawn: 'This code is no longer valid; sign up with the form on the home page.',
    }[error.problem];
    return new HttpError(400, ERROR_CODES.raisedException, PARTNER_CODE_REFUSED_MESSAGE, hint, {}, error.problem);
  }
  // Too many password hashes waiting (lib/passwords.ts): wherever a password is hashed, the answer is "busy", never a 500.
  if (error instanceof PasswordCheckBusy) {
    return new HttpError(503, ADMIN_ERROR_CODES.busy, 'Many passwords are being checked right now. Try again in a moment.', null, {
      'retry-after': '1',
    });
  }
  if (error instanceof CheckViolationError) return new HttpError(400, ERROR_CODES.checkViolation, checkViolationMessage(error.constraint));
  if (error instanceof IdempotencyKeyReusedError) {
    return new HttpError(
      422,
      ERROR_CODES.idempotencyKeyReused,
      `This ${IDEMPOTENCY_HEADER} was already used for a different request`,
      'Use a new key for a new sign-up.',
    );
  }
  // A driver's own fault (a pool that gave no connection in time, a dropped link) is the same answer as a translated one.
  if (error instanceof DatabaseUnavailableError || classifyDbError(error).kind === 'unavailable') {
    return new HttpError(
      503,
      ERROR_CODES.databaseUnavailable,
      'The waitlist is temporarily unavailable. Please try again in a minute.',
      null,
      {
        'retry-after': String(RETRY_AFTER_UNAVAILABLE_SECONDS),
      },
    );
  }
  return undefined;
}
