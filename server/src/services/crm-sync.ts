import { CRM_PROVIDER_NAMES, type SignupAnswer } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import { CRM_TOPICS } from '../db/stores/outbox';
import { CrmRequestError, type CrmClient, type CrmPerson, type CrmPushResult } from '../io/crm/types';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { connectionOf, type Crm, type CrmConnection } from './crm';
import { crmPersonOf, propertySpecsOf } from './crm-records';
import { fitReasonsOf, type FitNow } from './signup-views';
import type { UseCases } from './use-case';

/**
 * One round of the outbox's CRM rows (issue 49 item 3), as the delivery worker hands them over: sweeps queue everyone
 * the rule selects, erasures delete records there, and pushes read each person as they are now and send them in the
 * CRM's batches (unchanged since the last push: nothing is sent). Every exchange is kept with the CRM's answer for the
 * console, and counted for /metrics. A refusal to retry waits as long as the CRM asked; an erasure is never given up.
 */
export interface CrmSyncDeps {
  database: Database;
  stores: Pick<Stores, 'crm' | 'signups'>;
  useCases: UseCases;
  crm: Crm;
  answersOf: (signupIds: readonly number[]) => Promise<Map<number, SignupAnswer[]>>;
  fit: () => FitNow;
  metrics?: MetricsRecorder | undefined;
  now?: () => Date;
}

/** An outbox row of the CRM's, as the delivery worker claimed it. */
export interface ClaimedOutboxRow {
  id: number;
  topic: string;
  signupId: number | null;
  payload: Record<string, unknown>;
}

/** What became of a row (the delivery worker's outcomes: delivery/worker-types.ts). */
export type DeliveryOutcome =
  | { status: 'sent' }
  | { status: 'cancelled'; reason: string }
  | { status: 'failed'; error: string; permanent: boolean; keepTrying?: boolean; retryAfterMs?: number | null };

const failedWith = (error: unknown, keepTrying = false): Extract<DeliveryOutcome, { status: 'failed' }> => {
  const known = error instanceof CrmRequestError;
  return {
    status: 'failed',
    error: known ? error.message : error instanceof Error ? error.message : String(error),
    permanent: known && error.kind === 'refused',
    keepTrying,
    retryAfterMs: known ? error.retryAfterMs : null,
  };
};

export function createCrmSync({ database, stores, useCases, crm, answersOf, fit, metrics, now = () => new Date() }: CrmSyncDeps) {
  const { db } = database;
  /** The client whose properties are known to exist (made once per connection and process). */
  let propertiesOf: CrmClient | undefined;
  const attempt = (entry: Omit<Parameters<typeof stores.crm.recordAttempt>[0], 'at'>) =>
    stores.crm.recordAttempt({ at: now().toISOString(), ...entry });

  async function erase(client: CrmClient, connection: CrmConnection, row: ClaimedOutboxRow): Promise<DeliveryOutcome> {
    const { provider, crmId } = row.payload as { provider?: string; crmId?: string };
    if (provider !== connection.provider || typeof crmId !== 'string')
      return { status: 'cancelled', reason: `made for ${provider ?? 'another CRM'}, not ${CRM_PROVIDER_NAMES[connection.provider]}` };
    try {
      const done = await client.remove(crmId);
      metrics?.count('crm', { event: 'deleted' });
      await attempt({
        action: 'delete',
        people: 1,
        outcome: 'ok',
        answer: done === 'deleted' ? 'record deleted' : 'no such record there (deleted already)',
      });
      return { status: 'sent' };
    } catch (error) {
      await attempt({ action: 'delete', people: 1, outcome: 'retry', answer: error instanceof Error ? error.message : String(error) });
      return failedWith(error, true);
    }
  }

  /** The custom properties the mapping writes, made once a connection and process; false (and why) when the CRM said no. */
  async function ensureProperties(client: CrmClient, connection: CrmConnection): Promise<{ failed: DeliveryOutcome } | null> {
    if (propertiesOf === client) return null;
    try {
      const made = await client.ensureProperties(propertySpecsOf(connection.mapping));
      const answer = made.length > 0 ? `made ${made.join(', ')}` : 'every property there';
      await attempt({ action: 'properties', people: 0, outcome: 'ok', answer });
      propertiesOf = client;
      return null;
    } catch (error) {
      await attempt({ action: 'properties', people: 0, outcome: 'retry', answer: error instanceof Error ? error.message : String(error) });
      return { failed: { ...failedWith(error), permanent: false } };
    }
  }

  /**
   * Who of `rows` goes to the CRM now, shaped by the mapping: a person erased meanwhile, or not chosen by the rule, is
   * cancelled; one whose record there is as it would be sent is done (`outcomes` says so).
   */
  async function whatToSend(connection: CrmConnection, rows: readonly ClaimedOutboxRow[], outcomes: Map<number, DeliveryOutcome>) {
    const ids = rows.map((r) => r.signupId).filter((id): id is number => id !== null);
    const [people, there, answers] = await Promise.all([stores.signups.findMany(db, ids), stores.crm.contactsOf(ids), answersOf(ids)]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const chosen = await crm.chosenAmong(connection, people, db);
    const toSend: { row: ClaimedOutboxRow; person: CrmPerson; hash: string }[] = [];
    for (const row of rows) {
      const signup = row.signupId === null ? undefined : byId.get(row.signupId);
      if (!signup) {
        outcomes.set(row.id, { status: 'cancelled', reason: 'erased meanwhile' });
        continue;
      }
      const contact = there.get(signup.id);
      const known = contact?.provider === connection.provider ? contact : undefined;
      if (!known && !chosen.has(signup.id)) {
        outcomes.set(row.id, { status: 'cancelled', reason: 'not chosen by the rule' });
        continue;
      }
      const given = answers.get(signup.id) ?? [];
      const reasons = fitReasonsOf(signup, fit(), given);
      const shaped = crmPersonOf(signup, connection.mapping, { answers: given, reasons, crmId: known?.crmId ?? null });
      if (known?.hash === shaped.hash) outcomes.set(row.id, { status: 'sent' });
      else toSend.push({ row, ...shaped });
    }
    return toSend;
  }

  async function push(
    client: CrmClient,
    connection: CrmConnection,
    rows: readonly ClaimedOutboxRow[],
  ): Promise<Map<number, DeliveryOutcome>> {
    const outcomes = new Map<number, DeliveryOutcome>();
    const notReady = await ensureProperties(client, connection);
    if (notReady) {
      for (const row of rows) outcomes.set(row.id, notReady.failed);
      return outcomes;
    }
    const toSend = await whatToSend(connection, rows, outcomes);
    if (toSend.length === 0) return outcomes;
    let results: CrmPushResult[];
    try {
      results = await client.push(
        toSend.map((s) => s.person),
        {
          get: (domains) => stores.crm.companiesOf(connection.provider, domains),
          record: (domain, crmId) => stores.crm.recordCompany(connection.provider, domain, crmId),
        },
      );
    } catch (error) {
      const failed = failedWith(error);
      await attempt({
        action: 'push',
        people: toSend.length,
        outcome: failed.status === 'failed' && failed.permanent ? 'failed' : 'retry',
        answer: String((error as Error).message),
      });
      await stores.crm.noteSync(now().toISOString(), String((error as Error).message));
      for (const { row } of toSend) outcomes.set(row.id, failed);
      return outcomes;
    }
    const sent = new Map(toSend.map((s) => [s.person.signupId, s]));
    await recordPushed(connection, { results, sent, people: toSend.length }, outcomes);
    return outcomes;
  }

  /** What the CRM answered, kept: the contacts made or brought up to date, each row's outcome, the attempt's line. */
  async function recordPushed(
    connection: CrmConnection,
    {
      results,
      sent,
      people,
    }: { results: readonly CrmPushResult[]; sent: Map<number, { row: ClaimedOutboxRow; hash: string }>; people: number },
    outcomes: Map<number, DeliveryOutcome>,
  ): Promise<void> {
    const pushed = results.flatMap((r) => (r.ok ? [{ ...r, hash: sent.get(r.signupId)!.hash }] : []));
    // Kept for the people still here; one erased while its push was on the wire is deleted there again (the person's
    // row is locked first, as an erasure locks it, so the two never pass each other).
    await useCases.run(async (change) => {
      for (const result of results) if (!result.ok && result.gone) await stores.crm.forgetContact(change.trx, result.signupId);
      for (const result of pushed) {
        const living = await stores.signups.lock(change.trx, result.signupId);
        if (living)
          await stores.crm.recordContacts(
            change.trx,
            [{ signupId: result.signupId, provider: connection.provider, crmId: result.crmId, hash: result.hash }],
            change.at,
          );
        else await change.crm.deletions([{ signupId: result.signupId, provider: connection.provider, crmId: result.crmId }]);
      }
    });
    const refused = results.filter((r) => !r.ok);
    for (const result of results) {
      const { row } = sent.get(result.signupId)!;
      outcomes.set(
        row.id,
        result.ok ? { status: 'sent' } : result.gone ? { ...failedWith(result.error), permanent: false } : failedWith(result.error),
      );
    }
    for (const _ of pushed) metrics?.count('crm', { event: 'pushed' });
    for (const r of refused) if (!r.ok && r.error.kind === 'refused' && !r.gone) metrics?.count('crm', { event: 'failed' });
    const created = pushed.filter((p) => p.created).length;
    const firstRefusal = refused.find((r) => !r.ok);
    const answer = [
      `${created} created, ${pushed.length - created} updated`,
      ...(firstRefusal && !firstRefusal.ok ? [`${refused.length} not taken: ${firstRefusal.error.message}`] : []),
    ].join('; ');
    await attempt({
      action: 'push',
      people,
      outcome: refused.length === 0 ? 'ok' : pushed.length > 0 ? 'ok' : 'retry',
      answer,
    });
    await stores.crm.noteSync(now().toISOString(), firstRefusal && !firstRefusal.ok ? firstRefusal.error.message : null);
  }

  return {
    /** The delivery worker's batch (delivery/crm-channel.ts): one outcome per row, in their order. */
    async deliverMany(rows: readonly ClaimedOutboxRow[]): Promise<DeliveryOutcome[]> {
      const row = await stores.crm.connection();
      if (!row) return rows.map(() => ({ status: 'cancelled', reason: 'no CRM is connected' }));
      const connection = connectionOf(row);
      let client: CrmClient;
      try {
        client = crm.clientFor(connection);
      } catch (error) {
        return rows.map((): DeliveryOutcome => ({ ...failedWith(error), permanent: false }));
      }
      const outcomes = new Map<number, DeliveryOutcome>();
      for (const sweep of rows.filter((r) => r.topic === CRM_TOPICS.sweep)) {
        const audience = await crm.audienceOf(connection);
        await useCases.run((change) => change.crm.everyone(audience));
        outcomes.set(sweep.id, { status: 'sent' });
      }
      for (const deletion of rows.filter((r) => r.topic === CRM_TOPICS.delete))
        outcomes.set(deletion.id, await erase(client, connection, deletion));
      const syncs = rows.filter((r) => r.topic === CRM_TOPICS.sync);
      if (syncs.length > 0) for (const [id, outcome] of await push(client, connection, syncs)) outcomes.set(id, outcome);
      return rows.map((r) => outcomes.get(r.id) ?? { status: 'cancelled', reason: `unknown CRM topic ${r.topic}` });
    },
  };
}

export type CrmSync = ReturnType<typeof createCrmSync>;
