import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { MetricsRecorder } from '../lib/metrics';
import { createOperatorDigest } from './operator-digest';
import { createPersonLinks } from './person-links';
import { createSignupEvents } from './signup-events';
import { createSignupService } from './signups';

export interface ServiceSettings {
  /** SIGNUP_BATCH_WINDOW_MS */
  batchWindowMs: number;
  /** WEBHOOK_URL */
  webhookEndpoints: readonly string[];
  metrics?: MetricsRecorder;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Every service over the stores, built once by app.ts (and by the CLI and benchmarks the same way). */
export function createServices(database: Database, stores: Stores, settings: ServiceSettings) {
  const events = createSignupEvents({
    outbox: stores.outbox,
    operators: stores.operatorAccounts,
    webhookEndpoints: settings.webhookEndpoints,
  });
  const signups = createSignupService({
    database,
    stores,
    events,
    batchWindowMs: settings.batchWindowMs,
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
    ...(settings.log ? { log: settings.log } : {}),
    ...(settings.now ? { now: settings.now } : {}),
  });
  return {
    events,
    signups,
    personLinks: createPersonLinks({ database, signups, stores, events, ...(settings.now ? { now: settings.now } : {}) }),
    operatorDigest: createOperatorDigest({ database, operators: stores.operatorAccounts, outbox: stores.outbox }),
  };
}

export type Services = ReturnType<typeof createServices>;
