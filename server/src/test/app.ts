import type net from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { isApiError, type ApiError } from '@waitlist/contract';
import { buildApp, type App } from '../app';
import type { Database, DialectName } from '../db/connection';
import { migrate } from '../db/migrations';
import { createStores } from '../db/stores';
import { createServices } from '../services';
import type { SessionLifetime } from '../lib/session-expiry';
import { createTestDatabase, type TestDatabase } from './databases';
import { testEnv } from './fixtures';

export type EnvOverrides = Record<string, string | undefined>;

export interface TestDatabaseHandle {
  /** The fresh database of this suite (available from beforeAll on). */
  readonly testDb: TestDatabase;
  /** An open, migrated connection to it. */
  readonly database: Database;
}

/** In a describe block: a fresh database for the suite, migrated and open; closed and dropped after it. */
export function useTestDatabase(dialect: DialectName): TestDatabaseHandle {
  let testDb: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect, { migrated: true });
    database = testDb.open();
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });
  return {
    get testDb() {
      return ready(testDb);
    },
    get database() {
      return ready(database);
    },
  };
}

export interface TestAppHandle {
  /** The suite's app on its fresh database (available from beforeAll on). */
  readonly app: App;
  readonly testDb: TestDatabase;
  /** Another app on the same database with more settings; closed after the suite. */
  makeApp(overrides?: EnvOverrides): Promise<App>;
  /** Such an app, listening on 127.0.0.1 (real HTTP). */
  listen(overrides?: EnvOverrides): Promise<{ app: App; url: string; port: number }>;
}

/**
 * In a describe block: creates a fresh database and builds the app on it before the suite (test key, no rate
 * limit, no built site, plus `overrides`); closes every app and drops the database after it.
 */
export function useTestApp(
  dialect: DialectName,
  overrides: EnvOverrides | ((testDb: TestDatabase) => EnvOverrides) = {},
  options: { beforeBuild?: (testDb: TestDatabase) => void | Promise<void> } = {},
): TestAppHandle {
  let testDb: TestDatabase | undefined;
  let app: App | undefined;
  const others: App[] = [];
  const build = (more: EnvOverrides = {}) => {
    const base = typeof overrides === 'function' ? overrides(ready(testDb)) : overrides;
    return buildApp({ env: testEnv(ready(testDb), { ...base, ...more }), logger: false });
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect, { migrated: true });
    await options.beforeBuild?.(testDb);
    app = await build();
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await app?.close();
    await testDb?.drop();
  });

  const makeApp = async (more: EnvOverrides = {}) => {
    const other = await build(more);
    others.push(other);
    return other;
  };
  return {
    get app() {
      return ready(app);
    },
    get testDb() {
      return ready(testDb);
    },
    makeApp,
    async listen(more = {}) {
      const other = await makeApp(more);
      await other.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.server.address() as net.AddressInfo;
      return { app: other, url: `http://127.0.0.1:${port}`, port };
    },
  };
}

/** The value a suite's hook set up; a clear error when read before the hook ran. */
export function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('not set up yet: use it inside a test or a hook');
  return value;
}

/** The body is the API's one error shape `{code, message, details, hint}` (exactly those keys), with `expected` values. */
export function expectApiError(body: unknown, expected: Partial<ApiError> = {}, context?: string): asserts body is ApiError {
  expect(isApiError(body), context).toBe(true);
  expect(body, context).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    details: null,
    hint: expect.toSatisfy((hint: unknown) => hint === null || typeof hint === 'string'),
    ...expected,
  });
}

/** The stores and services over a test database, as the app builds them (no group commit unless asked). */
export function servicesOn(
  database: Database,
  options: { batchWindowMs?: number; webhookEndpoints?: string[]; now?: () => Date; sessionLifetime?: SessionLifetime } = {},
) {
  const stores = createStores(database);
  const services = createServices(database, stores, {
    batchWindowMs: options.batchWindowMs ?? 0,
    webhookEndpoints: options.webhookEndpoints ?? [],
    ...(options.now ? { now: options.now } : {}),
    ...(options.sessionLifetime ? { sessionLifetime: options.sessionLifetime } : {}),
  });
  return { stores, services };
}
