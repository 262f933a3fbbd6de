import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../db/connection';

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

/** A uniquely named database that is dropped afterwards: CI shares the server with earlier sessions. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
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
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
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
