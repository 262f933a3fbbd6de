import { EMAIL_UNIQUE_CONSTRAINT, type PartnerCodeProblem } from '@waitlist/contract';

/** A database that has no tables yet (never migrated): SQLite "no such table", PostgreSQL 42P01. */
export const isNoSuchTable = (error: unknown) =>
  /no such table/i.test(String((error as { message?: unknown }).message)) || (error as { code?: unknown }).code === '42P01';

/** A driver error translated to the SQLSTATE vocabulary the API speaks, whatever the engine. */
export type DbFailure =
  { kind: 'unique'; constraint: string } | { kind: 'check'; constraint: string } | { kind: 'unavailable' } | { kind: 'other' };

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
]);

export function classifyDbError(error: unknown): DbFailure {
  if (typeof error !== 'object' || error === null) return { kind: 'other' };
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';

  // PostgreSQL: SQLSTATE plus the constraint name.
  if (code === '23505') return { kind: 'unique', constraint: String(e.constraint ?? '') };
  if (code === '23514') return { kind: 'check', constraint: String(e.constraint ?? '') };
  // Connection exceptions (08), insufficient resources (53), operator intervention (57P), pool timeouts.
  if (/^(08|53|57P)/.test(code)) return { kind: 'unavailable' };

  // SQLite: "UNIQUE constraint failed: waitlist_signups.email", "CHECK constraint failed: name".
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const column = /constraint failed: \w+\.(\w+)/.exec(message)?.[1];
    return { kind: 'unique', constraint: column === 'email' ? EMAIL_UNIQUE_CONSTRAINT : `${column ?? ''}` };
  }
  if (code === 'SQLITE_CONSTRAINT_CHECK' || code === 'SQLITE_CONSTRAINT_TRIGGER') {
    return { kind: 'check', constraint: /CHECK constraint failed: (\w+)/.exec(message)?.[1] ?? '' };
  }

  for (const c of UNAVAILABLE_NODE_CODES) if (code.startsWith(c)) return { kind: 'unavailable' };
  if (/timeout|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|not queryable/i.test(message)) {
    return { kind: 'unavailable' };
  }
  return { kind: 'other' };
}

/** Errors repositories throw; http/write-errors.ts turns each into its HTTP answer. */
export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate email');
  }
}
export class CheckViolationError extends Error {
  constructor(readonly constraint: string) {
    super(`check violation: ${constraint}`);
  }
}
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('idempotency key reused with a different body');
  }
}
/** A join with a partner code the code does not allow (unknown, expired, full or withdrawn): nothing was stored. */
export class PartnerCodeRefusedError extends Error {
  constructor(readonly problem: PartnerCodeProblem) {
    super(`partner code refused: ${problem}`);
  }
}
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
  }
}

/** Rethrows a driver error as one of the errors above; anything else is rethrown unchanged. */
export function translateDbError(error: unknown): never {
  const failure = classifyDbError(error);
  if (failure.kind === 'unique' && failure.constraint === EMAIL_UNIQUE_CONSTRAINT) throw new DuplicateEmailError();
  if (failure.kind === 'check') throw new CheckViolationError(failure.constraint);
  if (failure.kind === 'unavailable') throw new DatabaseUnavailableError(error);
  throw error;
}
