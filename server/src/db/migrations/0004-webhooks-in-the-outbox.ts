import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 4: webhooks go through the outbox (docs/decisions/0008-webhooks.md). A webhook row has no signup_id
// (erasing the person must not cascade away the signup.erased event); subject_id keeps its events in order.
const webhookColumns = (t: Ddl) => [
  `ALTER TABLE outbox ADD COLUMN subject_id ${t.bigint}`,
  `ALTER TABLE outbox ADD COLUMN target ${t.text}`,
  `CREATE INDEX outbox_subject_idx ON outbox (subject_id, id) WHERE kind = 'webhook'`,
];
export const webhooksInTheOutbox: Migration = {
  version: 4,
  name: 'outbox: subject_id and target for webhook deliveries',
  postgres: webhookColumns(PG),
  sqlite: webhookColumns(SQLITE),
};
