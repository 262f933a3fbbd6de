import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LINK_LIFETIME_DAYS } from '@waitlist/catalogue';
import type { TokenProblem as LinkProblem } from '@waitlist/contract';
import { randomToken, sha256 } from './crypto';

/**
 * Tokens in the links we mail to a person (confirm, manage, unsubscribe). The raw token exists only in the mail
 * and the request; the database keeps its SHA-256. Why each lifetime is what it is: docs/decisions/0007-outbox-and-self-service-links.md.
 */

export const TOKEN_PURPOSES = ['confirm', 'manage', 'unsubscribe'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of link works: a fact the privacy page and the mails state (the catalogue's facts.ts). */
export const TOKEN_LIFETIME_DAYS: Readonly<Record<TokenPurpose, number>> = LINK_LIFETIME_DAYS;

/** Whether a token may be spent once (confirm) or used until it expires (manage, unsubscribe are idempotent). */
export const TOKEN_SINGLE_USE: Readonly<Record<TokenPurpose, boolean>> = {
  confirm: true,
  manage: false,
  unsubscribe: false,
};

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;

export interface IssuedToken {
  /** Goes into the link, never into the database or a log line. */
  token: string;
  /** What the database stores and looks up. */
  hash: string;
  purpose: TokenPurpose;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return sha256(token);
}

export function issueToken(purpose: TokenPurpose, now: Date = new Date()): IssuedToken {
  const token = randomToken(TOKEN_BYTES);
  return {
    token,
    hash: hashToken(token),
    purpose,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_DAYS[purpose] * DAY_MS),
  };
}

/** A link token whose lifetime lives elsewhere (an invitation's link works as long as the invitation). */
export function issueLinkToken(): { token: string; hash: string } {
  const token = randomToken(TOKEN_BYTES);
  return { token, hash: hashToken(token) };
}

/**
 * The hash to look a presented token up by, or null when it cannot be one of ours (wrong length or alphabet),
 * so malformed input never reaches the database. Looking up by hash keeps the lookup constant-time with respect
 * to the token: an index comparison leaks at most a prefix of a SHA-256, which says nothing about the token.
 */
export function tokenLookupHash(presented: unknown): string | null {
  if (typeof presented !== 'string' || !TOKEN_PATTERN.test(presented)) return null;
  return hashToken(presented);
}

/** Constant-time comparison of two stored hashes, for checks done in memory rather than by the database. */
export function hashesEqual(a: string, b: string): boolean {
  if (!HASH_PATTERN.test(a) || !HASH_PATTERN.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

export interface StoredToken {
  hash: string;
  purpose: string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** What a presented token can get wrong (the page's `missing` is about no token at all). */
export type TokenProblem = Exclude<LinkProblem, 'missing'>;

export type TokenCheck = { ok: true } | { ok: false; problem: TokenProblem };

/**
 * Decides whether a stored token row may be used for `purpose` now. `row` is what the lookup by
 * `tokenLookupHash(presented)` found (undefined when nothing matched).
 */
export function checkToken(presented: unknown, row: StoredToken | undefined, purpose: TokenPurpose, now: Date = new Date()): TokenCheck {
  const hash = tokenLookupHash(presented);
  if (hash === null) return { ok: false, problem: 'malformed' };
  if (!row || !hashesEqual(row.hash, hash)) return { ok: false, problem: 'unknown' };
  if (row.purpose !== purpose) return { ok: false, problem: 'wrong-purpose' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
  if (TOKEN_SINGLE_USE[purpose] && row.used_at !== null) return { ok: false, problem: 'used' };
  return { ok: true };
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from a screen survives. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A personal access code: 80 random bits. A partner code, shared by a partner's audience and capped by its claim limit: 60. */
const CODE_LENGTH = { access: 16, partner: 12 } as const;
type CodeKind = keyof typeof CODE_LENGTH;

function issueCode(kind: CodeKind): { code: string; hash: string } {
  const bytes = randomBytes(CODE_LENGTH[kind]);
  const plain = [...bytes].map((b) => CODE_ALPHABET[b % 32]).join('');
  return { code: plain.match(/.{4}/g)!.join('-'), hash: sha256(plain) };
}

/** The hash to look a presented code up by (case, spaces and dashes ignored; O read as 0, I and L as 1), or null. */
function codeHash(kind: CodeKind, presented: unknown): string | null {
  if (typeof presented !== 'string' || presented.length > 64) return null;
  const plain = presented.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== CODE_LENGTH[kind] || [...plain].some((c) => !CODE_ALPHABET.includes(c))) return null;
  return sha256(plain);
}

/**
 * A personal access code for the product (issue 23): 16 characters of Crockford base32 in groups of four. Only its
 * SHA-256 is stored; the person sees it once, and the product redeems it with their address.
 */
export const issueAccessCode = () => issueCode('access');
export const accessCodeHash = (presented: unknown) => codeHash('access', presented);

/** A partner code (issue 23): 12 characters in groups of four, shown to the operator once; only its SHA-256 is stored. */
export const issuePartnerCode = () => issueCode('partner');
export const partnerCodeHash = (presented: unknown) => codeHash('partner', presented);
