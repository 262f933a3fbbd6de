import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../db/connection';
import { migrate, migrations } from '../db/migrations';

/** The PostgreSQL server every developer and CI machine has (trust auth). Override with TEST_PG_ADMIN_URL. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  dialect: DialectName;
  /** DATABASE_URL for postgres; undefined for SQLite. */
  url: string | undefined;
  /** DATA_DIR for SQLite (also a scratch dir for postgres runs). */
  dataDir: string;
  open(): Database;
  drop(): Promise<void>;
}

/**
 * A uniquely named database that is dropped afterwards: CI shares the server with earlier sessions. Empty, or with
 * `migrated` at the newest schema: on PostgreSQL then a copy of a template database migrated once per set of migrations
 * (0.3 s instead of 1.2 s to create and migrate; a test suite makes a hundred of them).
 */
export async function createTestDatabase(dialect: DialectName, { migrated = false } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-test-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      url: undefined,
      dataDir,
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `waitlist_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? await migratedTemplate() : undefined;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    dialect,
    url,
    dataDir,
    open: () => openDatabase({ databaseUrl: url, dataDir }),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TEMPLATE_PREFIX = 'waitlist_template_';
/** A template is kept this long after it was made, whoever made it: no test run lasts a day. */
const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000;
let templateName: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database at the newest schema that test databases are copied from: named by a hash of every
 * migration's statements, so a changed migration makes a new one (and those made over a day ago are dropped: another
 * checkout's run may be copying from its own). Made once, by the
 * first process that needs it, under an advisory lock (the test files' processes start together); built under another
 * name and renamed when whole, so no process copies a half-migrated one. Nobody connects to it after that (a copy
 * needs a template without sessions).
 */
function migratedTemplate(): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  const name = `${TEMPLATE_PREFIX}${hash}`;
  templateName ??= (async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(727275)');
      const { rows } = await admin.query<{ datname: string; made: string | null }>(
        `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`,
      );
      if (!rows.some((r) => r.datname === name)) {
        // Another checkout on this machine (another branch, another migration) may be running its tests from its own
        // template right now: only templates made over a day ago are stale (their comment says when they were made).
        const dayAgo = new Date(Date.now() - TEMPLATE_KEPT_MS).toISOString();
        for (const stale of rows.filter((r) => r.made !== null && r.made.replace(/^made /, '') < dayAgo))
          await admin.query(`DROP DATABASE IF EXISTS ${stale.datname}`).catch(() => undefined);
        const building = `${name}_building`;
        await admin.query(`CREATE DATABASE ${building}`);
        const database = openDatabase({ databaseUrl: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), dataDir: os.tmpdir() });
        try {
          await migrate(database);
        } finally {
          await database.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await admin.query(`COMMENT ON DATABASE ${name} IS 'made ${new Date().toISOString()}'`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727275)').catch(() => undefined);
      await admin.end();
    }
  })();
  return templateName;
}

/** A database that already exists (a bench reusing the one it made before): `where` is a DATA_DIR or a postgres:// URL; never dropped. */
export function existingDatabase(where: string): TestDatabase {
  const postgres = /^postgres(ql)?:\/\//.test(where);
  const dataDir = postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-test-')) : where;
  return {
    dialect: postgres ? 'postgres' : 'sqlite',
    url: postgres ? where : undefined,
    dataDir,
    open: () => openDatabase(postgres ? { databaseUrl: where, dataDir } : { dataDir }),
    drop: async () => undefined,
  };
}

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];
