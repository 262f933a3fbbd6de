import { COMPANY_SIZE_OPTIONS, type AdminCompanies, type AdminFollowUp, type FollowUpStatus } from '@waitlist/contract';
import type { Database } from '../connection';
import { translateDbError } from '../errors';
import type { WebhookEvents } from './webhook-events';

/**
 * The founders' follow-up of sign-ups: a status per person (changed one by one or for a selection, each change
 * logged in signup_status_log with the operator and announced as signup.updated), notes with author and time, and
 * the companies behind the addresses (grouped by registrable domain; consumer mail is never grouped).
 */
export function createFollowUp(database: Database, options: { webhooks?: WebhookEvents } = {}) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  return {
    /** Sets `status` on each id that exists and has another status; answers how many changed and which ids were not found. */
    async setStatus(
      ids: readonly number[],
      status: FollowUpStatus,
      operatorId: number,
      now = new Date(),
    ): Promise<{ changed: number[]; missing: number[] }> {
      return db
        .transaction()
        .execute(async (trx) => {
          const unique = [...new Set(ids)];
          const rows = await trx.selectFrom('waitlist_signups').select(['id', 'status']).where('id', 'in', unique).execute();
          const found = new Map(rows.map((r) => [Number(r.id), r.status]));
          const changed = unique.filter((id) => found.has(id) && found.get(id) !== status);
          if (changed.length > 0) {
            await trx.updateTable('waitlist_signups').set({ status }).where('id', 'in', changed).execute();
            await trx
              .insertInto('signup_status_log')
              .values(
                changed.map((id) => ({
                  signup_id: id,
                  from_status: found.get(id)!,
                  to_status: status,
                  operator_id: operatorId,
                  created_at: iso(now),
                })),
              )
              .execute();
            await options.webhooks?.queue(trx, 'signup.updated', changed, now);
          }
          return { changed, missing: unique.filter((id) => !found.has(id)) };
        })
        .catch(translateDbError);
    },

    async addNote(signupId: number, author: string, body: string, now = new Date()): Promise<boolean> {
      const exists = await db.selectFrom('waitlist_signups').select('id').where('id', '=', signupId).executeTakeFirst();
      if (!exists) return false;
      await db
        .insertInto('signup_notes')
        .values({ signup_id: signupId, author, body, created_at: iso(now) })
        .execute()
        .catch(translateDbError);
      return true;
    },

    async followUp(signupId: number): Promise<AdminFollowUp> {
      const [notes, history] = await Promise.all([
        db.selectFrom('signup_notes').selectAll().where('signup_id', '=', signupId).orderBy('id', 'desc').limit(500).execute(),
        db
          .selectFrom('signup_status_log')
          .leftJoin('operators', 'operators.id', 'signup_status_log.operator_id')
          .select([
            'signup_status_log.from_status',
            'signup_status_log.to_status',
            'signup_status_log.created_at',
            'operators.email as operator',
          ])
          .where('signup_status_log.signup_id', '=', signupId)
          .orderBy('signup_status_log.id', 'desc')
          .limit(500)
          .execute(),
      ]).catch(translateDbError);
      return {
        notes: notes.map((n) => ({ id: Number(n.id), author: n.author, body: n.body, created_at: ts(n.created_at) })),
        history: history.map((h) => ({
          from_status: h.from_status,
          to_status: h.to_status,
          operator: h.operator,
          created_at: ts(h.created_at),
        })),
      };
    },

    /** Companies with at least one person on the list, most people first. */
    async companies(): Promise<AdminCompanies> {
      const rows = await db
        .selectFrom('waitlist_signups')
        .select(['company_domain', 'role', 'company_size', 'status', 'created_at', 'free_mail'])
        .orderBy('id')
        .execute()
        .catch(translateDbError);
      const sizeRank = (size: string) => (COMPANY_SIZE_OPTIONS as readonly string[]).indexOf(size);
      const byDomain = new Map<string, AdminCompanies['items'][number]>();
      let freeMail = 0;
      for (const row of rows) {
        if (Number(row.free_mail) === 1 || !row.company_domain) {
          freeMail += 1;
          continue;
        }
        const at = ts(row.created_at);
        const company = byDomain.get(row.company_domain) ?? {
          domain: row.company_domain,
          people: 0,
          roles: [],
          largest_size: row.company_size,
          first_signup: at,
          last_signup: at,
          statuses: {},
        };
        company.people += 1;
        if (!company.roles.includes(row.role)) company.roles.push(row.role);
        if (sizeRank(row.company_size) > sizeRank(company.largest_size)) company.largest_size = row.company_size;
        if (at < company.first_signup) company.first_signup = at;
        if (at > company.last_signup) company.last_signup = at;
        company.statuses[row.status] = (company.statuses[row.status] ?? 0) + 1;
        byDomain.set(row.company_domain, company);
      }
      const items = [...byDomain.values()].sort(
        (a, b) => b.people - a.people || b.last_signup.localeCompare(a.last_signup) || a.domain.localeCompare(b.domain),
      );
      return { items, free_mail_people: freeMail };
    },
  };
}

export type FollowUp = ReturnType<typeof createFollowUp>;
