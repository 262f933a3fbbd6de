import { CHECK_CONSTRAINTS, DESIRED_OUTCOME_OPTIONS } from '@waitlist/contract';
import type { Kysely } from 'kysely';
import type { Schema } from '../schema';

/**
 * What every migration file builds its SQL from: one migration is one file (NNNN-name.ts) exporting a
 * `Migration` with the statements of each dialect. The option lists in the CHECK constraints come from the
 * contract, so the database can never accept a value the form cannot offer. Append new versions; never edit one
 * that has shipped (and never change a helper here in a way that changes an old migration's SQL:
 * db/schema.test.ts would fail).
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string[];
  postgres: string[];
  /**
   * PostgreSQL: run the statements one by one outside any transaction (`CREATE INDEX CONCURRENTLY IF NOT EXISTS …`
   * builds an index while sign-ups go on writing; it cannot run in a transaction). Each statement must be safe to run
   * again: a run that dies halfway is run again from its first statement, and an index a dead run left invalid is
   * dropped and built again (migrator.ts). SQLite runs them in a transaction as always.
   */
  outsideTransaction?: boolean;
  /**
   * SQLite: loosen a table's constraints by editing its CREATE statement in sqlite_schema (SQLite's documented way for
   * removing NOT NULL, CHECK or FOREIGN KEY constraints without rebuilding the table; never for anything else). Each
   * `[from, to]` must occur exactly once in the table's statement, or the migration fails and changes nothing. Applied
   * by migrator.ts after the migration's `sqlite` statements, in the same transaction.
   */
  sqliteSchemaEdits?: readonly { table: string; replace: readonly (readonly [string, string])[] }[];
}

/**
 * How an engine migrates (its file in db/dialects/): the migrator (migrator.ts) runs the same loop on both, and asks
 * the engine to lock out other copies, to create the record table, and to run one migration with its record.
 */
export interface MigrationEngine {
  lock(connection: Kysely<Schema>): Promise<void>;
  unlock(connection: Kysely<Schema>): Promise<void>;
  /** The statement that creates schema_migrations if it is not there. */
  recordTable: string;
  /** Runs `migration`'s statements for this engine and `record`s it, together where the engine can. */
  apply(connection: Kysely<Schema>, migration: Migration, record: (executor: Kysely<Schema>) => Promise<unknown>): Promise<void>;
}

export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const list = (values: readonly string[]) => values.map(quote).join(', ');

/** SQLite has no array type: the outcomes of a sign-up are checked against the option list by triggers. */
export const outcomeTrigger = (event: 'INSERT' | 'UPDATE') => `
  CREATE TRIGGER ${CHECK_CONSTRAINTS.desired_outcomes}_${event.toLowerCase()}
  BEFORE ${event} ON waitlist_signups
  WHEN EXISTS (SELECT 1 FROM json_each(NEW.desired_outcomes) WHERE type <> 'text' OR value NOT IN (${list(DESIRED_OUTCOME_OPTIONS)}))
  BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: ${CHECK_CONSTRAINTS.desired_outcomes}'); END`;

export const ISO_NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** Column types of each dialect, so a table is written once for both (STRICT SQLite tables, PostgreSQL types). */
export interface Ddl {
  id: string;
  bigint: string;
  int: string;
  text: string;
  ts: string;
  now: string;
  length: string;
  /** SQLite checks JSON text; PostgreSQL stores it as text the code wrote. */
  jsonCheck: (column: string) => string;
  strict: string;
}
export const PG: Ddl = {
  id: 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  bigint: 'bigint',
  int: 'integer',
  text: 'text',
  ts: 'timestamptz',
  now: 'now()',
  length: 'char_length',
  jsonCheck: () => '',
  strict: '',
};
export const SQLITE: Ddl = {
  id: 'INTEGER PRIMARY KEY',
  bigint: 'INTEGER',
  int: 'INTEGER',
  text: 'TEXT',
  ts: 'TEXT',
  now: ISO_NOW,
  length: 'length',
  jsonCheck: (column) => ` CHECK (json_valid(${column}))`,
  strict: ' STRICT',
};
