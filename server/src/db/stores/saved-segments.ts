import type { Database, Executor } from '../connection';

/** A saved segment as stored: the filter still JSON text (services/segments.ts parses it with the contract). */
export interface SavedSegmentRow {
  id: number;
  name: string;
  filter: string;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Saved segments (migration 28): named filters of the list, one name each whatever its case. */
export function createSavedSegmentStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const toRow = (row: {
    id: number | string;
    name: string;
    filter: string;
    created_by: number | string | null;
    created_at: Date | string;
    updated_at: Date | string;
  }): SavedSegmentRow => ({
    id: Number(row.id),
    name: row.name,
    filter: row.filter,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: ts(row.created_at),
    updatedAt: ts(row.updated_at),
  });

  return {
    async list(): Promise<SavedSegmentRow[]> {
      const rows = await db.selectFrom('saved_segments').selectAll().orderBy('name').limit(500).execute();
      return rows.map(toRow);
    },

    async find(id: number, executor: Executor = db): Promise<SavedSegmentRow | undefined> {
      const row = await executor.selectFrom('saved_segments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** The new segment's id; a name already taken (any case) is a unique violation (db/errors.ts). */
    async create(trx: Executor, input: { name: string; filter: string; createdBy: number; at: string }): Promise<number> {
      const row = await trx
        .insertInto('saved_segments')
        .values({ name: input.name, filter: input.filter, created_by: input.createdBy, created_at: input.at, updated_at: input.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(trx: Executor, id: number, input: { name: string; filter: string; at: string }): Promise<boolean> {
      const result = await trx
        .updateTable('saved_segments')
        .set({ name: input.name, filter: input.filter, updated_at: input.at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(trx: Executor, id: number): Promise<boolean> {
      const result = await trx.deleteFrom('saved_segments').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type SavedSegmentStore = ReturnType<typeof createSavedSegmentStore>;
