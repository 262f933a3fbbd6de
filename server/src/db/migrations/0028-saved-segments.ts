import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 28: saved segments (issue 48 item 2): a named filter of the list (contract AdminSegment as JSON text, never
// an address search), one name each whatever its case. The CRM may send to one (issue 49: crm_connections.audience
// `{ "segment": id }`), which keeps it from being deleted (services/segments.ts).
const tables = (t: Ddl) => [
  `CREATE TABLE saved_segments (
    id ${t.id},
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND 100),
    filter ${t.text} NOT NULL${t.jsonCheck('filter')},
    created_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_at ${t.ts} NOT NULL,
    updated_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE UNIQUE INDEX saved_segments_name_idx ON saved_segments (lower(name))`,
];

export const savedSegmentsMigration: Migration = {
  version: 28,
  name: 'saved_segments',
  postgres: tables(PG),
  sqlite: tables(SQLITE),
};
