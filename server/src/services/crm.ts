import {
  CRM_PROVIDER_NAMES,
  crmFieldMapSchema,
  crmRuleSchema,
  type AdminCrmConnect,
  type AdminCrmState,
  type AdminCrmTest,
  type CrmField,
  type CrmProvider,
  type CrmRule,
  ruleInWords,
} from '@waitlist/contract';
import type { Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import type { CrmConnectionRow } from '../db/stores/crm';
import type { SignupRow } from '../db/stores/signup-rows';
import { createHubSpotClient, HUBSPOT_DEFAULT_URL } from '../io/crm/hubspot';
import { createPipedriveClient, pipedriveDefaultUrl } from '../io/crm/pipedrive';
import type { CrmClient } from '../io/crm/types';
import type { SecretBox } from '../lib/secret-box';
import { chosenBy, completeMapping } from './crm-records';
import type { Change, UseCases } from './use-case';
import type { Segments } from './segments';
import type { CrmAudience } from '../db/stores/outbox';

/**
 * The founders' CRM (issue 49; docs/decisions/0046-crm-sync.md): owners connect HubSpot or Pipedrive, and every change
 * of a person the rule chooses (or who is there already) queues a push through the outbox in the change's own
 * transaction; an erasure queues the deletion of their record there. The pushes themselves are crm-sync.ts.
 */

export interface CrmSettings {
  /** HUBSPOT_API_URL: HubSpot's API (default https://api.hubapi.com). */
  hubspotUrl?: string | undefined;
  /** PIPEDRIVE_API_URL: Pipedrive's API; `{company_domain}` is replaced (default https://{company_domain}.pipedrive.com). */
  pipedriveUrl?: string | undefined;
}

/** How long a copy trusts what it last read of the connection: a copy learns of a new one within this. */
export const CRM_CONNECTION_CACHE_MS = 5_000;

export class CrmRefused extends Error {
  constructor(
    readonly reason: 'segment' | 'no-key' | 'not-connected' | 'mapping',
    message: string,
  ) {
    super(message);
  }
}

/** The connection as the services use it: the rule parsed, the mapping complete, the token still sealed. */
export interface CrmConnection {
  provider: CrmProvider;
  sealedToken: string;
  companyDomain: string | null;
  /** Who goes there: a rule, or (`segment` set) the saved segment's filter as saved now. */
  rule: CrmRule;
  segment: number | null;
  mapping: Record<CrmField, string | null>;
  connectedAt: string;
}

export function connectionOf(row: CrmConnectionRow): CrmConnection {
  const audience = JSON.parse(row.audience) as { rule?: unknown; segment?: number };
  const rule = crmRuleSchema.safeParse(audience.rule ?? {});
  const fields = crmFieldMapSchema.safeParse(JSON.parse(row.fields));
  return {
    provider: row.provider,
    sealedToken: row.sealedToken,
    companyDomain: row.companyDomain,
    rule: rule.success ? rule.data : {},
    segment: typeof audience.segment === 'number' ? audience.segment : null,
    mapping: completeMapping(fields.success ? fields.data : {}),
    connectedAt: row.connectedAt,
  };
}

export interface CrmDeps {
  stores: Pick<Stores, 'crm' | 'outbox' | 'outboxReports' | 'operatorAccounts' | 'signupListing'>;
  segments: Pick<Segments, 'resolve'>;
  useCases: UseCases;
  secretBox: SecretBox | null;
  settings: CrmSettings;
  now?: () => Date;
}

export function createCrm({ stores, segments, useCases, secretBox, settings, now = () => new Date() }: CrmDeps) {
  let cached: { at: number; connection: CrmConnection | null } | undefined;
  /** The connection as of at most CRM_CONNECTION_CACHE_MS ago (a sign-up's transaction reads it once per window). */
  async function connectionIn(executor?: Executor): Promise<CrmConnection | null> {
    if (!cached || Date.now() - cached.at > CRM_CONNECTION_CACHE_MS) {
      const row = await stores.crm.connection(executor);
      cached = { at: Date.now(), connection: row ? connectionOf(row) : null };
    }
    return cached.connection;
  }

  let client: { key: string; client: CrmClient } | undefined;
  /** The CRM's client for this connection (one per connection, so its pace holds across rounds). */
  function clientFor(connection: CrmConnection): CrmClient {
    const key = `${connection.provider}:${connection.connectedAt}:${connection.sealedToken}`;
    if (client?.key === key) return client.client;
    if (!secretBox) throw new CrmRefused('no-key', 'No secrets key: the CRM token cannot be read (SECRETS_KEY or SECRETS_KEY_FILE)');
    const token = secretBox.open(connection.sealedToken);
    const made =
      connection.provider === 'hubspot'
        ? createHubSpotClient({ baseUrl: settings.hubspotUrl ?? HUBSPOT_DEFAULT_URL, token })
        : createPipedriveClient({
            baseUrl: (settings.pipedriveUrl ?? pipedriveDefaultUrl('{company_domain}')).replaceAll(
              '{company_domain}',
              connection.companyDomain ?? '',
            ),
            token,
          });
    client = { key, client: made };
    return made;
  }

  /** Who the connection sends: its rule, or its segment's filter as saved now (a segment gone: nobody new). */
  async function audienceOf(connection: CrmConnection): Promise<CrmAudience> {
    if (connection.segment === null) return { rule: connection.rule };
    const segment = await segments.resolve(connection.segment);
    return segment ? { filter: segment.filter } : { rule: { min_fit_score: 101 } };
  }

  /** Which of these people the connection chooses now (never one who unsubscribed). */
  async function chosenAmong(connection: CrmConnection, rows: readonly SignupRow[], executor: Executor): Promise<Set<number>> {
    const open = rows.filter((r) => r.marketing_opt_out_at === null);
    const audience = await audienceOf(connection);
    if ('rule' in audience) return new Set(open.filter((r) => chosenBy(audience.rule, r)).map((r) => r.id));
    return stores.signupListing.matchingIds(
      executor,
      audience.filter,
      open.map((r) => r.id),
    );
  }

  return {
    connectionIn,
    clientFor,
    audienceOf,
    chosenAmong,
    /** Reads the connection afresh next time (this copy changed it; tests). */
    forgetCachedConnection: () => void (cached = undefined),

    /**
     * What a change of these people means for the CRM, in the change's transaction (signup-events.ts calls it beside the
     * webhooks): an erasure queues the deletion of their records there; any other change queues a push of each person
     * the rule chooses now or who is there already. Nothing when no CRM is connected.
     */
    async follow(change: Change, rows: readonly SignupRow[], erased: boolean): Promise<void> {
      if (rows.length === 0) return;
      const connection = await connectionIn(change.trx);
      if (!connection) return;
      const there = await stores.crm.contactsOf(
        rows.map((r) => r.id),
        change.trx,
      );
      if (erased) {
        await change.crm.deletions([...there.values()].map((c) => ({ signupId: c.signupId, provider: c.provider, crmId: c.crmId })));
        return;
      }
      const chosen = await chosenAmong(connection, rows, change.trx);
      await change.crm.syncs(rows.filter((row) => there.has(row.id) || chosen.has(row.id)).map((row) => row.id));
    },

    /** PUT /api/admin/crm: connect, or change the token, the rule or the mapping; everyone chosen is queued. */
    async connect(input: Omit<AdminCrmConnect, 'password' | 'totp' | 'recovery_code'>, operatorId: number): Promise<AdminCrmState> {
      const segment = input.segment === undefined ? undefined : await segments.resolve(input.segment);
      if (input.segment !== undefined && !segment) throw new CrmRefused('segment', 'No saved segment with this id: save the filter first');
      if (!secretBox)
        throw new CrmRefused('no-key', 'No secrets key: the CRM token cannot be kept sealed (SECRETS_KEY or SECRETS_KEY_FILE)');
      const mapping = completeMapping(input.fields);
      const properties = Object.values(mapping).filter((p): p is string => p !== null);
      if (new Set(properties).size !== properties.length)
        throw new CrmRefused('mapping', 'Two fields are mapped to one property: give each field its own');
      const audience: CrmAudience = segment ? { filter: segment.filter } : { rule: input.rule ?? {} };
      const inWords = segment ? `the segment “${segment.name}”` : ruleInWords(input.rule ?? {});
      await useCases.run(async (change) => {
        const before = await stores.crm.connection(change.trx);
        const left = before && before.provider !== input.provider ? await stores.crm.forgetProvider(change.trx, before.provider) : 0;
        await stores.crm.saveConnection(change.trx, {
          provider: input.provider,
          sealedToken: secretBox.seal(input.token),
          tokenHint: input.token.slice(-4),
          companyDomain: input.provider === 'pipedrive' ? (input.company_domain ?? null) : null,
          audience: JSON.stringify(segment ? { segment: input.segment } : { rule: input.rule ?? {} }),
          fields: JSON.stringify(mapping),
          connectedBy: operatorId,
          connectedAt: change.at,
        });
        const queued = await change.crm.everyone(audience);
        // Another copy may take a sign-up before it reads the new connection: a sweep after that window catches it.
        await change.crm.sweepAt(new Date(Date.parse(change.at) + 2 * CRM_CONNECTION_CACHE_MS).toISOString());
        const name = CRM_PROVIDER_NAMES[input.provider];
        await change.audit({
          action: 'crm.connect',
          operatorId,
          target: `crm:${input.provider}`,
          fields: Object.keys(input.fields ?? {}),
          detail: `${name}: ${inWords}; ${queued} queued${left > 0 ? `; ${left} records left in ${CRM_PROVIDER_NAMES[before!.provider]}` : ''}`,
        });
      });
      cached = undefined;
      return this.state();
    },

    /** DELETE /api/admin/crm: the token is forgotten; what waited for the CRM is cancelled, and counted in the answer. */
    async disconnect(operatorId: number): Promise<{ disconnected: boolean; erasures_not_sent: number }> {
      const answer = await useCases.run(async (change) => {
        const before = await stores.crm.connection(change.trx);
        if (!before) return { disconnected: false, erasures_not_sent: 0 };
        const cancelled = await stores.outbox.cancelCrm(change.trx, 'the CRM was disconnected');
        await stores.crm.removeConnection(change.trx);
        await change.audit({
          action: 'crm.disconnect',
          operatorId,
          target: `crm:${before.provider}`,
          detail: `${cancelled.syncs} pushes and ${cancelled.deletions} erasures cancelled`,
        });
        return { disconnected: true, erasures_not_sent: cancelled.deletions };
      });
      cached = undefined;
      return answer;
    },

    /**
     * The daily catch-up (housekeeping.ts): everyone the rule chooses and everyone there is queued, so what changed
     * without announcing itself (an import, new fit weights' rescoring) reaches the CRM; unchanged people cost nothing.
     */
    async sweep(): Promise<boolean> {
      const row = await stores.crm.connection();
      if (!row) return false;
      await useCases.run((change) => change.crm.sweepAt(change.at));
      return true;
    },

    /** GET /api/admin/crm */
    async state(): Promise<AdminCrmState> {
      const row = await stores.crm.connection();
      const connection = row ? connectionOf(row) : null;
      const counts = await stores.outboxReports.crmCounts(row?.connectedAt ?? new Date(0).toISOString());
      const by =
        row?.connectedBy == null ? null : ((await stores.operatorAccounts.list()).find((o) => o.id === row.connectedBy)?.email ?? null);
      return {
        provider: row?.provider ?? null,
        connected: row !== null,
        company_domain: row?.companyDomain ?? null,
        token_hint: row?.tokenHint ?? null,
        rule: connection && connection.segment === null ? connection.rule : null,
        segment: connection?.segment ?? null,
        segment_name: connection?.segment ? ((await segments.resolve(connection.segment))?.name ?? null) : null,
        fields: connection?.mapping ?? completeMapping(undefined),
        connected_at: row?.connectedAt ?? null,
        connected_by: by,
        pending: counts.pendingSyncs,
        pending_erasures: counts.pendingDeletions,
        failed: counts.failed,
        synced: await stores.crm.countContacts(),
        last_sync_at: row?.lastSyncAt ?? null,
        last_error: row?.lastError ?? null,
        recent: await stores.crm.recentAttempts(20),
      };
    },

    /** POST /api/admin/crm/test: the CRM's answers to a few reads with the stored token, in words. */
    async test(operatorId: number): Promise<AdminCrmTest> {
      const row = await stores.crm.connection();
      if (!row) throw new CrmRefused('not-connected', 'No CRM is connected');
      const checks = await clientFor(connectionOf(row)).check();
      const ok = checks.every((c) => c.ok);
      await stores.crm.recordAttempt({
        at: now().toISOString(),
        action: 'check',
        people: 0,
        outcome: ok ? 'ok' : 'failed',
        answer: checks.map((c) => `${c.name}: ${c.ok ? 'ok' : 'refused'}`).join('; '),
      });
      await useCases.record({ action: 'crm.test', operatorId, target: `crm:${row.provider}`, outcome: ok ? 'ok' : 'failed' });
      return { ok, checks };
    },
  };
}

export type Crm = ReturnType<typeof createCrm>;
