import type { FastifyInstance } from 'fastify';
import type { DkimSigning } from '../io/dkim-key';
import type { Stores } from '../db/stores';
import type { Services } from '../services';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { BRAND } from '@waitlist/catalogue';
import { createOutboxMailRenderer } from './render-outbox-mail';
import { createMailChannel } from './mail-channel';
import { DEFAULT_SMTP_CONNECTIONS, createMailTransport } from './smtp-transport';
import { createWebhookChannel } from './webhook-channel';
import { createCrmChannel } from './crm-channel';
import { HUBSPOT_BATCH } from '../io/crm/hubspot';
import { bounceAddress } from '../lib/verp';
import { BOUNCE_ADDRESS_KEY } from '../services/mail-feedback';
import { sharedSecret } from '../services/shared-secrets';
import { startInboundSmtp, type InboundSmtp } from './inbound-smtp';
import { createDeliveryWorker, type DeliveryQueue, type DeliveryWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The outbox's delivery workers of this process (tests drive them; the console reads what is configured): the
     * urgent mail lane, the paced bulk lane (waves, campaigns) and webhooks.
     */
    delivery: {
      worker: DeliveryWorker;
      bulk: DeliveryWorker;
      configured: boolean;
      webhooks: DeliveryWorker;
      /** The CRM's pushes and erasures (issue 49), a batch of up to HUBSPOT_BATCH a round. */
      crm: DeliveryWorker;
      /** The inbound SMTP listener for bounce reports, once listening (INBOUND_SMTP_PORT); null: none. */
      inbound: InboundSmtp | null;
    };
  }
}

/** CRM rows a round: HubSpot's batch upsert takes up to 100 contacts a request. */
const CRM_BATCH = HUBSPOT_BATCH;

/** Mails in flight per pooled SMTP connection in the urgent lane (measured with `npm run bench:mail`). */
const IN_FLIGHT_PER_CONNECTION = 4;

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
  /** SMTP_MAX_CONNECTIONS: the pool's size, and how many mails each lane has in flight at most. */
  smtpMaxConnections?: number;
  /** MAIL_FROM; undefined: the default at SITE_URL's host. */
  mailFrom: string | undefined;
  /** SITE_URL: the origin links in mail point to. */
  siteUrl: string;
  /** UNCONFIRMED_RETENTION_DAYS, which the confirmation mail states. */
  retentionDays: number;
  /** WEBHOOK_SECRET; unset: webhook events wait in the outbox. */
  webhookSecret?: string | undefined;
  pollMs?: number;
  /** OUTBOX_LEASE_MS: how long a claim holds before another worker may take the row over. */
  leaseMs?: number;
  firstRetryMs?: number;
  metrics?: MetricsRecorder;
  /** DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR, read (io/dkim-key.ts); null or absent: mail is not signed by us. */
  dkim?: DkimSigning | null;
  /** BOUNCE_DOMAIN: every mail's return path is its own address there (lib/verp.ts). */
  bounceDomain?: string | undefined;
  /** INBOUND_SMTP_PORT, _HOST and _MAX_BYTES: the listener for reports to BOUNCE_DOMAIN; absent: none. */
  inbound?: { port: number; host: string; maxBytes: number } | undefined;
}

/** The outbox as the worker sees it, with the sign-up's rules applied when a row was delivered. */
export function deliveryQueue(stores: Stores, services: Services): DeliveryQueue {
  return {
    // Mail held for the budget is freed first, as far as the budget allows; then due rows are claimed as always.
    async claimDue(kind, input) {
      if (kind === 'mail') await services.mailBudget.release(input.now);
      return stores.outbox.claimDue(kind, input);
    },
    anyDue: stores.outbox.anyDue,
    markSent: services.deliveries.record,
    extendLease: stores.outbox.extendLease,
    markRetry: stores.outbox.markRetry,
    markFailed: stores.outbox.markFailed,
    markCancelled: stores.outbox.markCancelled,
  };
}

export interface DeliveryDeps {
  stores: Stores;
  services: Services;
}

export async function startMailDelivery(
  app: FastifyInstance,
  { stores, services }: DeliveryDeps,
  settings: MailDeliverySettings,
): Promise<void> {
  const mailFrom = settings.mailFrom ?? defaultMailFrom(settings.siteUrl);
  const connections = settings.smtpMaxConnections ?? DEFAULT_SMTP_CONNECTIONS;
  const transport = createMailTransport({ smtpUrl: settings.smtpUrl, mailFrom, maxConnections: connections, dkim: settings.dkim ?? null });
  const log = app.log.child({ component: 'delivery' });
  const { bounceDomain } = settings;
  const verpKey = sharedSecret({ stores, useCases: services.useCases }, BOUNCE_ADDRESS_KEY);
  const common = {
    store: deliveryQueue(stores, services),
    log,
    ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
    ...(settings.leaseMs ? { leaseMs: settings.leaseMs } : {}),
    ...(settings.firstRetryMs ? { firstRetryMs: settings.firstRetryMs } : {}),
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
  };
  const mail = createMailChannel({
    transport,
    render: createOutboxMailRenderer({
      source: services.mailSources,
      siteUrl: settings.siteUrl,
      retentionDays: settings.retentionDays,
      bookingLink: (person) => services.bookings.linkFor(person),
    }),
    messageIdDomain: /@([^>\s]+)/.exec(mailFrom)?.[1] ?? new URL(settings.siteUrl).hostname,
    suppressions: services.suppressions,
    feedback: services.mailFeedback,
    ...(bounceDomain
      ? { returnPath: async (mail: { id: number; createdAt: Date }) => bounceAddress(mail, await verpKey(), bounceDomain) }
      : {}),
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
  });
  // Both lanes share the pool. The urgent lane keeps a few mails per connection in flight, so each mail's database
  // work (its tokens, then its bookkeeping) overlaps with others on the wire; the bulk lane keeps at most half the
  // connections busy, so the urgent lane always finds one soon, and never claims more than its shared pace allows.
  const worker = createDeliveryWorker({ ...common, channel: mail, lane: 'urgent', concurrency: connections * IN_FLIGHT_PER_CONNECTION });
  const bulk = createDeliveryWorker({
    ...common,
    channel: mail,
    lane: 'bulk',
    concurrency: Math.max(1, Math.floor(connections / 2)),
    pace: services.bulkPace,
  });
  const webhooks = createDeliveryWorker({ ...common, channel: createWebhookChannel({ secret: settings.webhookSecret }) });
  const crm = createDeliveryWorker({ ...common, channel: createCrmChannel(services.crmSync), batchSize: CRM_BATCH });
  settings.metrics?.readOutboxOnScrape(() => stores.outboxReports.pendingStats());
  const delivery = { worker, bulk, configured: transport.configured, webhooks, crm, inbound: null as InboundSmtp | null };
  app.decorate('delivery', delivery);
  if (!transport.configured) log.info('SMTP_URL is not set: mail waits in the outbox');
  else log.info({ smtp: transport.endpoint }, 'mail delivery on');
  app.addHook('onReady', async () => {
    worker.start();
    bulk.start();
    webhooks.start();
    crm.start();
    if (settings.inbound && bounceDomain) {
      delivery.inbound = await startInboundSmtp({
        ...settings.inbound,
        bounceDomain,
        target: (parsed) => services.mailFeedback.bounceTarget(parsed),
        record: (event) => services.mailFeedback.record(event),
        log: log.child({ component: 'inbound-smtp' }),
      });
      log.info({ port: delivery.inbound.port, domain: bounceDomain }, 'bounce reports accepted by SMTP');
    }
  });
  app.addHook('preClose', async () => {
    await Promise.all([worker.stop(), bulk.stop(), webhooks.stop(), crm.stop(), delivery.inbound?.close()]);
    transport.close();
  });
}
