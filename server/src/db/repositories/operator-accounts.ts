import type { Selectable } from 'kysely';
import { normalizeEmail } from '@waitlist/contract';
import type { Database } from '../connection';
import { classifyDbError } from '../errors';
import type { OperatorsTable } from '../schema';

export interface Operator {
  id: number;
  email: string;
  created_at: string;
}

export class OperatorExistsError extends Error {
  constructor() {
    super('an operator with this e-mail already exists');
  }
}

/** The people who may use the console: e-mail (normalised like a sign-up's) and a password hash. */
export function createOperatorAccounts(database: Database) {
  const { db } = database;
  const toOperator = (row: Pick<Selectable<OperatorsTable>, 'id' | 'email' | 'created_at'>): Operator => ({
    id: Number(row.id),
    email: row.email,
    created_at: database.decodeTimestamp(row.created_at),
  });

  return {
    async add(email: string, passwordHash: string): Promise<Operator> {
      try {
        const row = await db
          .insertInto('operators')
          .values({ email: normalizeEmail(email), password_hash: passwordHash, created_at: new Date().toISOString() })
          .returning(['id', 'email', 'created_at'])
          .executeTakeFirstOrThrow();
        return toOperator(row);
      } catch (error) {
        if (classifyDbError(error).kind === 'unique') throw new OperatorExistsError();
        throw error;
      }
    },

    async list(): Promise<Operator[]> {
      const rows = await db.selectFrom('operators').select(['id', 'email', 'created_at']).orderBy('email').execute();
      return rows.map(toOperator);
    },

    /** Removes the operator and (by cascade) every session of theirs. */
    async remove(email: string): Promise<boolean> {
      const result = await db.deleteFrom('operators').where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findForSignIn(email: string): Promise<{ id: number; passwordHash: string } | undefined> {
      const row = await db.selectFrom('operators').select(['id', 'password_hash']).where('email', '=', normalizeEmail(email)).executeTakeFirst();
      return row ? { id: Number(row.id), passwordHash: row.password_hash } : undefined;
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
