import type { Selectable } from 'kysely';
import { normalizeEmail, type SiteLocale } from '@waitlist/contract';
import type { Database, Executor } from '../connection';
import { classifyDbError } from '../errors';
import type { OperatorRole, OperatorsTable } from '../schema';

export interface Operator {
  id: number;
  email: string;
  role: OperatorRole;
  created_at: string;
}

/** An operator as the team page shows them: with their second factors. */
/** What an operator sets for themselves (Your account): the mail the console sends them, and its language (null: the browser's). */
export interface OperatorPreferences {
  notify_on_confirm: boolean;
  notify_digest: boolean;
  locale: SiteLocale | null;
}

export interface TeamMember extends Operator {
  totp: boolean;
  passkeys: number;
  /** Sees whole addresses (owners and members always; a viewer when an owner let them). */
  seesAddresses: boolean;
}

export class OperatorExistsError extends Error {
  constructor() {
    super('an operator with this e-mail already exists');
  }
}

/**
 * The operators table: the people who may use the console, their e-mail (normalised like a sign-up's), password hash,
 * role, mail settings and authenticator (TOTP) secret; the one store that writes it.
 */
export function createOperatorAccounts(database: Database) {
  const { db } = database;
  const toOperator = (row: Pick<Selectable<OperatorsTable>, 'id' | 'email' | 'role' | 'created_at'>): Operator => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    created_at: database.decodeTimestamp(row.created_at),
  });

  return {
    /** Links the operator to their identity provider's subject (single sign-on: services/sso.ts). */
    async setSsoSubject(trx: Executor, operatorId: number, subject: string): Promise<void> {
      await trx.updateTable('operators').set({ sso_subject: subject }).where('id', '=', operatorId).execute();
    },

    async add(email: string, passwordHash: string, role: OperatorRole = 'owner', executor: Executor = db): Promise<Operator> {
      try {
        const id = await database.freshOperatorId(executor);
        const row = await executor
          .insertInto('operators')
          .values({
            ...(id === undefined ? {} : { id }),
            email: normalizeEmail(email),
            password_hash: passwordHash,
            role,
            created_at: new Date().toISOString(),
          })
          .returning(['id', 'email', 'role', 'created_at'])
          .executeTakeFirstOrThrow();
        return toOperator(row);
      } catch (error) {
        if (classifyDbError(error).kind === 'unique') throw new OperatorExistsError();
        throw error;
      }
    },

    async list(): Promise<Operator[]> {
      const rows = await db.selectFrom('operators').select(['id', 'email', 'role', 'created_at']).orderBy('email').execute();
      return rows.map(toOperator);
    },

    /** Everyone on the team with their second factors, owners first. */
    async team(): Promise<TeamMember[]> {
      const rows = await db
        .selectFrom('operators')
        .select((eb) => [
          'id',
          'email',
          'role',
          'created_at',
          'totp_secret',
          'sees_addresses',
          eb
            .selectFrom('operator_passkeys')
            .select((p) => p.fn.countAll<number>().as('n'))
            .whereRef('operator_passkeys.operator_id', '=', 'operators.id')
            .as('passkeys'),
        ])
        .orderBy('email')
        .execute();
      const rank = { owner: 0, member: 1, viewer: 2 } as const;
      return rows
        .map((row) => ({
          ...toOperator(row),
          totp: row.totp_secret !== null,
          passkeys: Number(row.passkeys ?? 0),
          seesAddresses: row.role !== 'viewer' || Number(row.sees_addresses) === 1,
        }))
        .sort((a, b) => rank[a.role] - rank[b.role] || a.email.localeCompare(b.email));
    },

    /** One operator by id, read in `executor` (a change of the team locks the owners first: see `owners`). */
    async find(executor: Executor, id: number): Promise<Operator | undefined> {
      const row = await executor
        .selectFrom('operators')
        .select(['id', 'email', 'role', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toOperator(row) : undefined;
    },

    /**
     * The owners' ids, locked on PostgreSQL for the rest of the transaction, so two owners demoting each other at the
     * same moment cannot leave nobody (SQLite has one writer).
     */
    /** The owners' ids, oldest first. */
    async ownerIds(executor: Executor): Promise<number[]> {
      const rows = await executor.selectFrom('operators').select('id').where('role', '=', 'owner').orderBy('id').execute();
      return rows.map((r) => Number(r.id));
    },

    async lockOwners(trx: Executor): Promise<number[]> {
      const query = database.waitLocked(trx.selectFrom('operators').select('id').where('role', '=', 'owner').orderBy('id'));
      return (await query.execute()).map((r) => Number(r.id));
    },

    async setRole(trx: Executor, id: number, role: OperatorRole): Promise<void> {
      await trx.updateTable('operators').set({ role }).where('id', '=', id).execute();
    },

    /** Removes an operator by id and (by cascade) every session, passkey and recovery code of theirs. */
    async removeById(trx: Executor, id: number): Promise<boolean> {
      const result = await trx.deleteFrom('operators').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setSeesAddresses(trx: Executor, id: number, sees: boolean): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ sees_addresses: sees ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    async setPassword(trx: Executor, id: number, passwordHash: string): Promise<void> {
      await trx.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },

    // TOTP, the operators table's authenticator columns (the codes and passkeys are in operator-credentials.ts).
    async totp(
      executor: Executor,
      operatorId: number,
    ): Promise<{ secret: string | null; pending: string | null; lastStep: number } | undefined> {
      const row = await executor
        .selectFrom('operators')
        .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
        .where('id', '=', operatorId)
        .executeTakeFirst();
      return row && { secret: row.totp_secret, pending: row.totp_pending_secret, lastStep: Number(row.totp_last_step) };
    },

    async setPendingTotp(executor: Executor, operatorId: number, secret: string): Promise<void> {
      await executor.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', operatorId).execute();
    },

    /** The pending secret becomes the operator's; `step` is the code's time step, used now. */
    async enableTotp(trx: Executor, operatorId: number, secret: string, step: number, at: string): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step, totp_enabled_at: at })
        .where('id', '=', operatorId)
        .execute();
    },

    /** Takes time step `step` for this operator if no later or equal one was used: false means the code was used already. */
    async useTotpStep(executor: Executor, operatorId: number, step: number): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', operatorId)
        .where('totp_last_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** How many operators have an authenticator secret (set up or being set up). */
    async withTotpSecrets(trx: Executor): Promise<number> {
      const row = await trx
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Authenticator secrets stored before they were sealed (the server seals them when it starts). */
    async unsealedTotp(
      trx: Executor,
      isSealed: (v: string) => boolean,
    ): Promise<{ id: number; secret: string | null; pending: string | null }[]> {
      const rows = await trx
        .selectFrom('operators')
        .select(['id', 'totp_secret', 'totp_pending_secret'])
        .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
        .execute();
      return rows
        .filter(
          (r) =>
            (r.totp_secret !== null && !isSealed(r.totp_secret)) || (r.totp_pending_secret !== null && !isSealed(r.totp_pending_secret)),
        )
        .map((r) => ({ id: Number(r.id), secret: r.totp_secret, pending: r.totp_pending_secret }));
    },

    async setTotpSecrets(trx: Executor, id: number, secrets: { secret: string | null; pending: string | null }): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: secrets.secret, totp_pending_secret: secrets.pending })
        .where('id', '=', id)
        .execute();
    },

    /** TOTP off (the operator's own choice, or an owner's reset; the recovery codes go with it: operator-credentials.ts). */
    async clearTotp(trx: Executor, operatorId: number): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null })
        .where('id', '=', operatorId)
        .execute();
    },

    /** The id of the operator with this address, if any. */
    async idByEmail(executor: Executor, email: string): Promise<number | undefined> {
      const row = await executor.selectFrom('operators').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    async findForSignIn(email: string): Promise<{ id: number; passwordHash: string } | undefined> {
      const row = await db
        .selectFrom('operators')
        .select(['id', 'password_hash'])
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst();
      return row ? { id: Number(row.id), passwordHash: row.password_hash } : undefined;
    },

    /** An operator's own settings: the mail they get (each confirmation; the daily digest) and the console's language. */
    async preferences(id: number): Promise<OperatorPreferences | undefined> {
      const row = await db
        .selectFrom('operators')
        .select(['notify_on_confirm', 'notify_digest', 'locale'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          notify_on_confirm: Number(row.notify_on_confirm) === 1,
          notify_digest: Number(row.notify_digest) === 1,
          locale: row.locale,
        }
      );
    },

    /** Changes the settings `change` names, the others as they are. */
    async setPreferences(id: number, change: Partial<OperatorPreferences>, executor: Executor = db): Promise<void> {
      const bit = (on: boolean | undefined) => (on === undefined ? undefined : on ? 1 : 0);
      await executor
        .updateTable('operators')
        .set({ notify_on_confirm: bit(change.notify_on_confirm), notify_digest: bit(change.notify_digest), locale: change.locale })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
