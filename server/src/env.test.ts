import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR.endsWith('data')).toBe(true);
    expect(env.WAITLIST_PUBLIC_KEY).toBe('dev-public-key');
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
});
