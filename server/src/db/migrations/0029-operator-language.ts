import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 29: the console's language as each operator chose it (issue 48 item 4; decision 0050). NULL: not chosen,
// the console follows the browser's language. The codes are the site's (contract SITE_LOCALES).
const columns = (t: Ddl) => [`ALTER TABLE operators ADD COLUMN locale ${t.text} CHECK (locale IN ('en', 'sv'))`];

export const operatorLanguageMigration: Migration = {
  version: 29,
  name: 'operators.locale',
  postgres: columns(PG),
  sqlite: columns(SQLITE),
};
