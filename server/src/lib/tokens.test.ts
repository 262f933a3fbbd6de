import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  TOKEN_LIFETIME_DAYS,
  TOKEN_PURPOSES,
  accessCodeHash,
  checkToken,
  hashToken,
  hashesEqual,
  issueAccessCode,
  issuePartnerCode,
  issueToken,
  partnerCodeHash,
  tokenLookupHash,
  type StoredToken,
} from './tokens';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const stored = (token: ReturnType<typeof issueToken>, overrides: Partial<StoredToken> = {}): StoredToken => ({
  hash: token.hash,
  purpose: token.purpose,
  expires_at: token.expiresAt.toISOString(),
  used_at: null,
  ...overrides,
});

describe('issueToken', () => {
  it('makes a 32-byte base64url token and stores only its SHA-256', () => {
    const issued = issueToken('confirm', NOW);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    expect(issued.hash).not.toContain(issued.token);
  });

  it('never repeats a token', () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => issueToken('manage').token));
    expect(tokens.size).toBe(2000);
  });

  it.each(TOKEN_PURPOSES)('gives a %s token its own lifetime', (purpose) => {
    const issued = issueToken(purpose, NOW);
    expect(issued.purpose).toBe(purpose);
    expect(issued.expiresAt.getTime() - NOW.getTime()).toBe(TOKEN_LIFETIME_DAYS[purpose] * DAY);
  });

  it('keeps a confirmation link valid for 7 days', () => {
    expect(TOKEN_LIFETIME_DAYS.confirm).toBe(7);
  });
});

describe('tokenLookupHash', () => {
  it('hashes a well-formed token', () => {
    const { token, hash } = issueToken('unsubscribe');
    expect(tokenLookupHash(token)).toBe(hash);
  });

  it.each([
    ['empty', ''],
    ['too short', 'abc'],
    ['too long', 'a'.repeat(44)],
    ['padding', `${'a'.repeat(42)}=`],
    ['standard base64 alphabet', `${'a'.repeat(42)}+`],
    ['path characters', `../${'a'.repeat(40)}`],
    ['a number', 12345],
    ['null', null],
    ['an array', ['a'.repeat(43)]],
  ])('refuses a malformed token (%s) without hashing it', (_label, value) => {
    expect(tokenLookupHash(value)).toBeNull();
  });
});

describe('hashesEqual', () => {
  it('compares hashes in constant time and refuses anything that is not a SHA-256 hex digest', () => {
    const a = hashToken('a');
    expect(hashesEqual(a, a)).toBe(true);
    expect(hashesEqual(a, hashToken('b'))).toBe(false);
    expect(hashesEqual(a, a.slice(0, 63))).toBe(false);
    expect(hashesEqual(a.toUpperCase(), a)).toBe(false);
  });
});

describe('checkToken', () => {
  it('accepts a fresh token for its own purpose', () => {
    const issued = issueToken('confirm', NOW);
    expect(checkToken(issued.token, stored(issued), 'confirm', NOW)).toEqual({ ok: true });
  });

  it('says malformed before anything else', () => {
    expect(checkToken('nope', undefined, 'confirm', NOW)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('says unknown when nothing matched, or when the row found is for another token', () => {
    const issued = issueToken('confirm', NOW);
    const other = issueToken('confirm', NOW);
    expect(checkToken(issued.token, undefined, 'confirm', NOW)).toEqual({ ok: false, problem: 'unknown' });
    expect(checkToken(issued.token, stored(other), 'confirm', NOW)).toEqual({ ok: false, problem: 'unknown' });
  });

  it('refuses a token made for another purpose', () => {
    const manage = issueToken('manage', NOW);
    expect(checkToken(manage.token, stored(manage), 'confirm', NOW)).toEqual({ ok: false, problem: 'wrong-purpose' });
    const unsubscribe = issueToken('unsubscribe', NOW);
    expect(checkToken(unsubscribe.token, stored(unsubscribe), 'manage', NOW)).toEqual({
      ok: false,
      problem: 'wrong-purpose',
    });
  });

  it('refuses a token at and after its expiry, accepts it a millisecond before', () => {
    const issued = issueToken('confirm', NOW);
    const justBefore = new Date(issued.expiresAt.getTime() - 1);
    expect(checkToken(issued.token, stored(issued), 'confirm', justBefore)).toEqual({ ok: true });
    expect(checkToken(issued.token, stored(issued), 'confirm', issued.expiresAt)).toEqual({ ok: false, problem: 'expired' });
    expect(checkToken(issued.token, stored(issued, { expires_at: new Date(NOW.getTime() - DAY) }), 'confirm', NOW)).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  it('spends a confirmation token once; manage and unsubscribe tokens stay usable until they expire', () => {
    const confirm = issueToken('confirm', NOW);
    expect(checkToken(confirm.token, stored(confirm, { used_at: NOW.toISOString() }), 'confirm', NOW)).toEqual({
      ok: false,
      problem: 'used',
    });
    const manage = issueToken('manage', NOW);
    expect(checkToken(manage.token, stored(manage, { used_at: NOW }), 'manage', NOW)).toEqual({ ok: true });
    const unsubscribe = issueToken('unsubscribe', NOW);
    expect(checkToken(unsubscribe.token, stored(unsubscribe, { used_at: NOW }), 'unsubscribe', NOW)).toEqual({ ok: true });
  });
});

describe('access and partner codes', () => {
  it('are Crockford base32 in groups of four, found again however a person types them, and never as each other', () => {
    const access = issueAccessCode();
    const partner = issuePartnerCode();
    expect(access.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(partner.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){2}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(accessCodeHash(access.code)).toBe(access.hash);
    expect(partnerCodeHash(` ${partner.code.toLowerCase().replaceAll('-', ' ')} `)).toBe(partner.hash);
    // O typed for 0 and I or L for 1, as read off a slide.
    const misread = partner.code.replaceAll('0', 'o').replaceAll('1', 'l');
    expect(partnerCodeHash(misread)).toBe(partner.hash);
    expect(partnerCodeHash(access.code)).toBeNull();
    expect(accessCodeHash(partner.code)).toBeNull();
    for (const junk of [undefined, 42, '', 'U'.repeat(12), 'x'.repeat(65)]) expect(partnerCodeHash(junk)).toBeNull();
    expect(new Set(Array.from({ length: 200 }, () => issuePartnerCode().code)).size).toBe(200);
  });
});
