import { sql } from 'kysely';
import type { Database } from '../db/connection';

/**
 * The whole schema a database holds, as text that two databases share only when their schemas are the same:
 * every table's columns in order (type, nullability, default, identity), constraints, indexes and triggers, and
 * the migrations recorded as applied. Used to prove that moving migrations around changed nothing they create.
 */
export async function dumpSchema(database: Database): Promise<string> {
  return database.dialect === 'sqlite' ? dumpSqlite(database) : dumpPostgres(database);
}

async function dumpSqlite(database: Database): Promise<string> {
  const objects = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(database.db);
  const lines = objects.rows.map((o) => `${o.type} ${o.name} ON ${o.tbl_name}\n${(o.sql ?? '').trim()}`);
  return [...lines, ...(await appliedMigrations(database))].join('\n\n') + '\n';
}

async function dumpPostgres(database: Database): Promise<string> {
  const { db } = database;
  const columns = await sql<Record<string, string | null>>`
    SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, identity_generation
    FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`.execute(db);
  const constraints = await sql<{ table_name: string; conname: string; definition: string }>`
    SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' ORDER BY 1, 2`.execute(db);
  const indexes = await sql<{ tablename: string; indexname: string; indexdef: string }>`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`.execute(db);
  const triggers = await sql<{ name: string; definition: string }>`
    SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1`.execute(db);
  return (
    [
      ...columns.rows.map((c) => `column ${Object.values(c).map(String).join(' | ')}`),
      ...constraints.rows.map((c) => `constraint ${c.table_name}.${c.conname}: ${c.definition}`),
      ...indexes.rows.map((i) => `index ${i.tablename}.${i.indexname}: ${i.indexdef}`),
      ...triggers.rows.map((t) => `trigger ${t.name}: ${t.definition}`),
      ...(await appliedMigrations(database)),
    ].join('\n') + '\n'
  );
}

async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
  return rows.map((r) => `migration ${r.version}: ${r.name}`);
}
