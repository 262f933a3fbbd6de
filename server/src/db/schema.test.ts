import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import { dumpSchema } from '../test/schema-dump';
import type { Database } from './connection';
import { migrate } from './migrations';

/**
 * The schema every migration together creates, kept as a file per dialect. A change to the migrations that alters
 * the schema fails here until the file is updated on purpose (`npx vitest run server/src/db/schema.test.ts -u`),
 * so a refactoring of migrations is proven to create exactly the same tables, constraints, indexes and triggers.
 */
describe.each(DIALECTS)('the schema on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database.close();
    await testDb.drop();
  });

  it('is exactly the recorded one after every migration', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database);
    await expect(await dumpSchema(database)).toMatchFileSnapshot(`./__schema__/${dialect}.schema.txt`);
  });
});
