import { randomToken } from '../../../lib/crypto';
import type { Database } from '../../connection';
import type { Executor } from '../../connection';
import { applySignupFilters, type SignupsQuery } from '../signup-filters';
import {
  CRM_TOPICS,
  MESSAGE_KEY,
  parsePayload,
  type CrmAudience,
  type CrmAudienceRule,
  type NewCrmDeletion,
  type NewOutboxMail,
  type NewWebhookEvent,
} from './types';

/** The people a CRM rule selects (contract CrmRule): every condition given holds. */
function withRule(people: SignupsQuery, rule: CrmAudienceRule): SignupsQuery {
  let q = people;
  if (rule.confirmed === true) q = q.where('confirmed_at', 'is not', null);
  if (rule.confirmed === false) q = q.where('confirmed_at', 'is', null);
  if (rule.min_fit_score !== undefined) q = q.where('fit_score', '>=', rule.min_fit_score);
  if (rule.booked === true) q = q.where('meeting_at', 'is not', null);
  if (rule.booked === false) q = q.where('meeting_at', 'is', null);
  return q;
}

/** Rows per INSERT when a campaign queues thousands at once (SQLite allows 32,766 parameters a statement). */
const INSERT_CHUNK = 500;

/**
 * What changes write to the outbox in their own transaction (only services/use-case.ts queues: eslint.config.js), and
 * what they read of it: a person's history, a campaign's counts; cancelling what a change makes pointless.
 */
export function outboxQueue(database: Database) {
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const iso = (d: Date) => d.toISOString();
  return {
    async queueMail(trx: Executor, mails: readonly NewOutboxMail[]): Promise<void> {
      for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('outbox')
          .values(
            mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
              kind: 'mail' as const,
              topic: mail.topic,
              signup_id: mail.signupId,
              // A random key per row makes the mail's Message-ID unique across databases and installations, and the
              // same on every retry of the row (delivery/mail-channel.ts).
              payload: JSON.stringify({ ...mail.payload, [MESSAGE_KEY]: randomToken(12) }),
              next_attempt_at: mail.at,
              created_at: mail.at,
              held: mail.held ? 1 : 0,
              lane: mail.lane ?? 'urgent',
              campaign_id: mail.campaignId ?? null,
              wave_id: mail.waveId ?? null,
            })),
          )
          .execute();
      }
    },

    /** Stops a campaign's mails that no worker holds; a held one is cancelled when it is rendered. */
    async cancelCampaign(trx: Executor, campaignId: number, now: Date): Promise<number> {
      const result = await trx
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: 'campaign cancelled' })
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso(now))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async queueWebhooks(trx: Executor, events: readonly NewWebhookEvent[]): Promise<void> {
      if (events.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          events.map((event) => ({
            kind: 'webhook' as const,
            topic: event.type,
            signup_id: null,
            subject_id: event.subjectId,
            target: event.target,
            payload: JSON.stringify(event.body),
            next_attempt_at: event.at,
            created_at: event.at,
          })),
        )
        .execute();
    },

    /**
     * People to bring up to date in the CRM: one row each, unless one is already waiting and not yet taken (the worker
     * reads the person as they are when it pushes, so a second waiting row would say nothing new).
     */
    async queueCrmSyncs(trx: Executor, signupIds: readonly number[], at: string): Promise<void> {
      const unique = [...new Set(signupIds)];
      for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
        const chunk = unique.slice(start, start + INSERT_CHUNK);
        const waiting = await trx
          .selectFrom('outbox')
          .select('signup_id')
          .where('kind', '=', 'crm')
          .where('status', '=', 'pending')
          .where('locked_by', 'is', null)
          .where('signup_id', 'in', chunk)
          .execute();
        const already = new Set(waiting.map((row) => Number(row.signup_id)));
        const fresh = chunk.filter((id) => !already.has(id));
        if (fresh.length === 0) continue;
        await trx
          .insertInto('outbox')
          .values(fresh.map((id) => ({ kind: 'crm' as const, topic: CRM_TOPICS.sync, signup_id: id, next_attempt_at: at, created_at: at })))
          .execute();
      }
    },

    /**
     * Everyone the audience selects (a rule, or a saved segment's filter) who has not unsubscribed, and everyone already
     * in the CRM through us, to be brought up to date there (a new connection, a changed audience or mapping, the daily
     * catch-up): two statements, however long the list; a person already waiting is not queued again.
     */
    async queueCrmEveryone(trx: Executor, audience: CrmAudience, at: string): Promise<number> {
      const queue = async (people: SignupsQuery) => {
        const result = await trx
          .insertInto('outbox')
          .columns(['kind', 'topic', 'signup_id', 'next_attempt_at', 'created_at'])
          .expression(
            people
              .select((eb) => [
                eb.val('crm').as('kind'),
                eb.val(CRM_TOPICS.sync).as('topic'),
                'waitlist_signups.id',
                eb.val(at).as('next_attempt_at'),
                eb.val(at).as('created_at'),
              ])
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('outbox as o')
                      .select('o.id')
                      .where('o.kind', '=', 'crm')
                      .where('o.status', '=', 'pending')
                      .where('o.locked_by', 'is', null)
                      .whereRef('o.signup_id', '=', 'waitlist_signups.id'),
                  ),
                ),
              ),
          )
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0);
      };
      const open = trx.selectFrom('waitlist_signups').where('marketing_opt_out_at', 'is', null);
      const chosen = 'filter' in audience ? applySignupFilters(database, open, audience.filter) : withRule(open, audience.rule);
      const there = trx.selectFrom('waitlist_signups').where('id', 'in', (eb) => eb.selectFrom('crm_contacts').select('signup_id'));
      return (await queue(chosen)) + (await queue(there));
    },

    /** A sweep at `at`: the worker then queues everyone the rule selects (queueCrmEveryone). */
    async queueCrmSweep(trx: Executor, at: string): Promise<void> {
      await trx
        .insertInto('outbox')
        .values({ kind: 'crm', topic: CRM_TOPICS.sweep, signup_id: null, next_attempt_at: at, created_at: at })
        .execute();
    },

    /** Records to erase in the CRM: the person's row is gone by then, so the row keeps only the CRM's record id. */
    async queueCrmDeletions(trx: Executor, deletions: readonly NewCrmDeletion[], at: string): Promise<void> {
      if (deletions.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          deletions.map((d) => ({
            kind: 'crm' as const,
            topic: CRM_TOPICS.delete,
            signup_id: null,
            subject_id: d.signupId,
            payload: JSON.stringify({ provider: d.provider, crmId: d.crmId }),
            next_attempt_at: at,
            created_at: at,
          })),
        )
        .execute();
    },

    /** The CRM was disconnected: what waits for it is cancelled. Returns how many erasures will not reach it. */
    async cancelCrm(trx: Executor, reason: string): Promise<{ syncs: number; deletions: number }> {
      const cancel = async (topic: string) =>
        Number(
          (
            await trx
              .updateTable('outbox')
              .set({ status: 'cancelled', last_error: reason })
              .where('kind', '=', 'crm')
              .where('topic', '=', topic)
              .where('status', '=', 'pending')
              .executeTakeFirst()
          ).numUpdatedRows,
        );
      return { syncs: await cancel(CRM_TOPICS.sync), deletions: await cancel(CRM_TOPICS.delete) };
    },

    /** Earlier mails of one topic to a person, newest first (the re-send rules read them). */
    async history(executor: Executor, signupId: number, topic: string): Promise<{ createdAt: Date; resend: boolean }[]> {
      const rows = await executor
        .selectFrom('outbox')
        .select(['created_at', 'payload'])
        .where('signup_id', '=', signupId)
        .where('topic', '=', topic)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return rows.map((r) => ({ createdAt: new Date(ts(r.created_at)), resend: parsePayload(r.payload).resend === true }));
    },

    async cancelPending(trx: Executor, signupId: number, topic: string, reason: string): Promise<void> {
      await trx
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: reason })
        .where('signup_id', '=', signupId)
        .where('status', '=', 'pending')
        .where('topic', '=', topic)
        .execute();
    },

    /** Webhook events about these sign-ups that are done with (sent, cancelled, failed): they hold personal data. */
    async deleteFinishedWebhooksAbout(trx: Executor, signupIds: readonly number[]): Promise<void> {
      await trx
        .deleteFrom('outbox')
        .where('kind', '=', 'webhook')
        .where('subject_id', 'in', [...signupIds])
        .where('status', 'in', ['sent', 'cancelled', 'failed'])
        .execute();
    },
  };
}
