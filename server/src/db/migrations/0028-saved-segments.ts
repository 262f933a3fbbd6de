import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 28: saved segments (issue 48 item 2): a named filter of the list (contract AdminSegment as JSON text, never
// an address search), one name each whatever its case. The CRM may send to one (issue 49: crm_connections.audience
// `{ "segment": id }`), which keeps it from being deleted (services/segments.ts). A campaign and a wave keep, in words,
// who they were sent to when they were made (`audience`: the segment's name and filter, the list's filter, or the
// people chosen), shown on their row and written in the audit trail.
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
  `ALTER TABLE campaigns ADD COLUMN audience ${t.text}`,
  `ALTER TABLE invitation_waves ADD COLUMN audience ${t.text}`,
];

export const savedSegmentsMigration: Migration = {
  version: 28,
  name: 'saved_segments; campaigns.audience, invitation_waves.audience',
  postgres: tables(PG),
  sqlite: tables(SQLITE),
};
