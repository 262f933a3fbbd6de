import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { Services } from '../services';
import type { MetricsRecorder } from '../lib/metrics';
import { BRAND } from '@waitlist/catalogue';
import { createOutboxMailRenderer, type MailSource } from './render-outbox-mail';
import { createMailChannel } from './mail-channel';
import { createMailTransport } from './smtp-transport';
import { createWebhookChannel } from './webhook-channel';
import { createDeliveryWorker, type DeliveryQueue, type DeliveryWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery workers of this process (tests drive them; the console reads what is configured). */
    delivery: { worker: DeliveryWorker; configured: boolean; webhooks: DeliveryWorker };
  }
}

/** The From address when MAIL_FROM is unset: the brand, at SITE_URL's host. */
export function defaultMailFrom(siteUrl: string): string {
  return `${BRAND.name} <no-reply@${new URL(siteUrl).hostname}>`;
}

/**
 * Starts this process's delivery worker once the app is ready and stops it (waiting for the mail in flight)
 * before the database closes. Without SMTP_URL the worker runs but claims nothing: mail waits in the outbox.
 */
export interface MailDeliverySettings {
  /** SMTP_URL; undefined: not configured. */
  smtpUrl: string | undefined;
  /** MAIL_FROM; undefined: the default at SITE_URL's host. */
  mailFrom: string | undefined;
  /** SITE_URL: the origin links in mail point to. */
  siteUrl: string;
  /** UNCONFIRMED_RETENTION_DAYS, which the confirmation mail states. */
  retentionDays: number;
  /** WEBHOOK_SECRET; unset: webhook events wait in the outbox. */
  webhookSecret?: string | undefined;
  pollMs?: number;
  firstRetryMs?: number;
  metrics?: MetricsRecorder;
}

/** The outbox as the worker sees it, with the sign-up's rules applied when a row was delivered. */
export function deliveryQueue(stores: Stores, services: Services): DeliveryQueue {
  return {
    claimDue: stores.outbox.claimDue,
    markSent: services.signups.recordDelivery,
    markRetry: stores.outbox.markRetry,
    markFailed: stores.outbox.markFailed,
    markCancelled: stores.outbox.markCancelled,
  };
}

/** What composing a mail reads and writes: the person's row, their fresh link tokens, an operator's address, the digest. */
export function mailSource(database: Database, stores: Stores): MailSource {
  return {
    recipient: (signupId) => stores.signups.find(database.db, signupId),
    saveTokens: (signupId, tokens) => stores.personTokens.save(signupId, tokens),
    operatorEmail: (operatorId) => stores.operatorAccounts.email(database.db, operatorId),
    digestFacts: (until) => stores.signupInsight.digestFacts(until),
  };
}

export interface DeliveryDeps {
  database: Database;
  stores: Stores;
  services: Services;
}

export async function startMailDelivery(
  app: FastifyInstance,
  { database, stores, services }: DeliveryDeps,
  settings: MailDeliverySettings,
): Promise<void> {
  const mailFrom = settings.mailFrom ?? defaultMailFrom(settings.siteUrl);
  const transport = createMailTransport({ smtpUrl: settings.smtpUrl, mailFrom });
  const log = app.log.child({ component: 'delivery' });
  const common = {
    store: deliveryQueue(stores, services),
    log,
    ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
    ...(settings.firstRetryMs ? { firstRetryMs: settings.firstRetryMs } : {}),
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
  };
  const worker = createDeliveryWorker({
    ...common,
    channel: createMailChannel({
      transport,
      render: createOutboxMailRenderer({
        source: mailSource(database, stores),
        siteUrl: settings.siteUrl,
        retentionDays: settings.retentionDays,
      }),
      messageIdDomain: /@([^>\s]+)/.exec(mailFrom)?.[1] ?? new URL(settings.siteUrl).hostname,
    }),
  });
  const webhooks = createDeliveryWorker({ ...common, channel: createWebhookChannel({ secret: settings.webhookSecret }) });
  settings.metrics?.readOutboxOnScrape(() => stores.outboxReports.pendingStats());
  app.decorate('delivery', { worker, configured: transport.configured, webhooks });
  if (!transport.configured) log.info('SMTP_URL is not set: mail waits in the outbox');
  else log.info({ smtp: transport.endpoint }, 'mail delivery on');
  app.addHook('onReady', async () => {
    worker.start();
    webhooks.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all([worker.stop(), webhooks.stop()]);
    transport.close();
  });
}
