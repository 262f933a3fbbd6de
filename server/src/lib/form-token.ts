import { FORM_TOKEN_PLACEHOLDER } from '@waitlist/contract';
import { randomToken, sha256 } from './crypto';

/**
 * The token a page's sign-up form carries (one per response): posted without script, it is the post's
 * Idempotency-Key, so a double click or a reloaded POST stores one row. Stored only as a hash, in the
 * idempotency keys that expire after a day.
 */
export const newFormToken = (): string => randomToken(16);

const FORM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** A posted token that can serve as a key: the shape we hand out, never the unfilled placeholder. */
export const isFormToken = (value: string): boolean => value !== FORM_TOKEN_PLACEHOLDER && FORM_TOKEN_PATTERN.test(value);

/** The idempotency key a form token stands for (hashed, and apart from keys API clients choose). */
export const formTokenKey = (token: string): string => `form-${sha256(token)}`;
