import { parseEnv } from './env';
import { openDatabase } from './db/connection';
import { migrateDatabase } from './db/migrations';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const env = parseEnv();
const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const applied = await migrateDatabase(database);
  console.log(
    applied.length ? `Applied migrations ${applied.join(', ')} to ${database.description}` : `${database.description} is up to date`,
  );
} finally {
  await database.close();
}
