import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 6: an operator sees their own sessions (started, last used, browser) and ends the others
// (docs/decisions/0014-operator-sessions-and-cookies.md).
const sessionBrowser = (t: Ddl) => [
  `ALTER TABLE operator_sessions ADD COLUMN user_agent ${t.text} CHECK (user_agent IS NULL OR ${t.length}(user_agent) <= 300)`,
  `CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id)`,
];

export const operatorSessionBrowser: Migration = {
  version: 6,
  name: 'operator_sessions: the browser of each session',
  postgres: sessionBrowser(PG),
  sqlite: sessionBrowser(SQLITE),
};
