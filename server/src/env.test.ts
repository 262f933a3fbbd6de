import { describe, expect, it } from 'vitest';
import { DEV_PUBLIC_KEY } from '@waitlist/contract';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR.endsWith('data')).toBe(true);
    expect(env.WAITLIST_PUBLIC_KEY).toBe(DEV_PUBLIC_KEY);
    expect(env.SIGNUP_RATE_LIMIT).toBe(5);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('parses every setting', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      SIGNUP_RATE_LIMIT: 'off',
      TRUST_PROXY: '2',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      LOG_LEVEL: 'warn',
    });
    expect(env.PORT).toBe(8080);
    expect(env.SIGNUP_RATE_LIMIT).toBeNull();
    expect(env.TRUST_PROXY).toBe(2);
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads the mail settings: optional SMTP, SITE_URL defaulting to the local origin, 30 days of retention', () => {
    const none = parseEnv({ PORT: '4000' });
    expect(none.SMTP_URL).toBeUndefined();
    expect(none.MAIL_FROM).toBeUndefined();
    expect(none.SITE_URL).toBe('http://localhost:4000');
    expect(none.UNCONFIRMED_RETENTION_DAYS).toBe(30);
    const set = parseEnv({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Acme <hello@example.com>',
      SITE_URL: 'https://waitlist.example.se/',
      UNCONFIRMED_RETENTION_DAYS: '14',
    });
    expect(set).toMatchObject({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Acme <hello@example.com>',
      SITE_URL: 'https://waitlist.example.se',
      UNCONFIRMED_RETENTION_DAYS: 14,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['MAIL_FROM', 'nobody'],
    ['SITE_URL', 'waitlist.example.se'],
    ['SITE_URL', 'https://example.se/path'],
    ['UNCONFIRMED_RETENTION_DAYS', '0'],
    ['UNCONFIRMED_RETENTION_DAYS', 'forever'],
  ])('refuses %s=%s', (key, value) => {
    expect(() => parseEnv({ [key]: value })).toThrow(EnvError);
  });

  it('fails fast listing every bad key at once', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SIGNUP_RATE_LIMIT: 'lots', LOG_LEVEL: 'loud', WAITLIST_PUBLIC_KEY: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'SIGNUP_RATE_LIMIT', 'LOG_LEVEL', 'WAITLIST_PUBLIC_KEY']) expect(message).toContain(key);
  });

  it('takes an optional Redis URL and metrics token, and never echoes a bad value (it may hold a password)', () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    const env = parseEnv({ REDIS_URL: 'rediss://:s3cret@cache.internal:6380/2', METRICS_TOKEN: 'a-long-random-token-123' });
    expect(env.REDIS_URL).toBe('rediss://:s3cret@cache.internal:6380/2');
    expect(env.METRICS_TOKEN).toBe('a-long-random-token-123');
    let error: unknown;
    try {
      parseEnv({ REDIS_URL: 'http://:hunter2@cache:6379', METRICS_TOKEN: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('METRICS_TOKEN');
    expect(message).not.toContain('hunter2');
    expect(() => parseEnv({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(EnvError);
  });
});
