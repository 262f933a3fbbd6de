import type { Database } from '../connection';
import type { Executor } from '../connection';
import { classifyDbError } from '../errors';
import type { OperatorRole } from '../schema';

export interface OperatorInvitation {
  id: number;
  email: string;
  role: OperatorRole;
  expiresAt: string;
  createdAt: string;
  /** The link went out (its token's hash is kept). */
  sent: boolean;
}

export class InvitationOpenError extends Error {
  constructor() {
    super('an invitation to this address is open');
  }
}

/** Owners' invitations of teammates (migration 15): address, role, the SHA-256 of the mailed link's token, 48 hours. */
export function createOperatorInvitations(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const toInvitation = (row: {
    id: number;
    email: string;
    role: OperatorRole;
    expires_at: Date | string;
    created_at: Date | string;
    token_hash: string | null;
  }): OperatorInvitation => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    expiresAt: ts(row.expires_at),
    createdAt: ts(row.created_at),
    sent: row.token_hash !== null,
  });

  return {
    async create(trx: Executor, invitation: { email: string; role: OperatorRole; invitedBy: number; at: string; expiresAt: string }) {
      try {
        const row = await trx
          .insertInto('operator_invitations')
          .values({
            email: invitation.email,
            role: invitation.role,
            invited_by: invitation.invitedBy,
            created_at: invitation.at,
            expires_at: invitation.expiresAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toInvitation(row);
      } catch (error) {
        if (classifyDbError(error).kind === 'unique') throw new InvitationOpenError();
        throw error;
      }
    },

    /** The open invitation to this address (neither accepted nor withdrawn), expired or not. */
    async openFor(executor: Executor, email: string): Promise<{ id: number; expiresAt: string } | undefined> {
      const row = await executor
        .selectFrom('operator_invitations')
        .select(['id', 'expires_at'])
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return row && { id: Number(row.id), expiresAt: ts(row.expires_at) };
    },

    /** Invitations neither accepted nor withdrawn, newest first. */
    async open(): Promise<OperatorInvitation[]> {
      const rows = await db
        .selectFrom('operator_invitations')
        .selectAll()
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toInvitation);
    },

    /** What the mail about an open invitation needs (undefined: accepted, withdrawn or gone). */
    async forMail(executor: Executor, id: number): Promise<OperatorInvitation | undefined> {
      const row = await executor
        .selectFrom('operator_invitations')
        .selectAll()
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return row && toInvitation(row);
    },

    /** The link in the mail going out now: only its hash is kept (a re-sent mail replaces the link). */
    async setTokenHash(executor: Executor, id: number, hash: string): Promise<void> {
      await executor.updateTable('operator_invitations').set({ token_hash: hash }).where('id', '=', id).execute();
    },

    /** The open, unexpired invitation a link's token belongs to. */
    async byToken(executor: Executor, hash: string, now: string): Promise<OperatorInvitation | undefined> {
      const row = await executor
        .selectFrom('operator_invitations')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      if (!row || ts(row.expires_at) <= now) return undefined;
      return toInvitation(row);
    },

    /** Marks it accepted once (false: accepted or withdrawn meanwhile). */
    async accept(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('operator_invitations')
        .set({ accepted_at: at })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async withdraw(trx: Executor, id: number, at: string): Promise<OperatorInvitation | undefined> {
      const row = await trx
        .updateTable('operator_invitations')
        .set({ withdrawn_at: at })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && toInvitation(row);
    },

    /** Withdraws every open invitation `operatorId` sent (they are no longer an owner); answers how many. */
    async withdrawAllFrom(trx: Executor, operatorId: number, at: string): Promise<number> {
      const result = await trx
        .updateTable('operator_invitations')
        .set({ withdrawn_at: at })
        .where('invited_by', '=', operatorId)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type OperatorInvitations = ReturnType<typeof createOperatorInvitations>;
