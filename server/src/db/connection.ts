import type { Database, DatabaseOptions } from './database';
import { openPostgres } from './dialects/postgres';
import { openSqlite, sqliteFile } from './dialects/sqlite';

export type { Database, DatabaseOptions, DialectName, Executor } from './database';
export { sqliteFile };
export { CLI_BUSY_TIMEOUT_MS } from './database';

/** PostgreSQL when DATABASE_URL is set, otherwise SQLite in DATA_DIR (docs/decisions/0001). */
export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openSqlite(options.dataDir, options.busyTimeoutMs);
}
