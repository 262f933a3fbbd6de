import type { Database } from '../connection';
import { signupsAndIdempotencyKeys } from './0001-signups-and-idempotency-keys';
import { operators } from './0002-operators';
import { afterTheSignup } from './0003-after-the-signup';
import { webhooksInTheOutbox } from './0004-webhooks-in-the-outbox';
import { operatorInsight } from './0005-operator-insight';
import { operatorSessionBrowser } from './0006-operator-session-browser';
import { proofOfWorkAndMailBudget } from './0007-proof-of-work-and-mail-budget';
import { signupFlagsMigration } from './0008-signup-flags';
import { mailLanesAndCampaigns } from './0009-mail-lanes-and-campaigns';
import { invitationWaves } from './0010-invitation-waves';
import { partnerCodesMigration } from './0011-partner-codes';
import { countedSignups } from './0012-counted-signups';
import { indexesForAMillion } from './0013-indexes-for-a-million';
import { keptCounts } from './0014-kept-counts';
import { aConsoleForATeam } from './0015-a-console-for-a-team';
import { freshProofMigration } from './0016-fresh-proof';
import { mailSuppressions } from './0017-mail-suppressions';
import { mailFeedback } from './0018-mail-feedback';
import { fitScores } from './0019-fit-scores';
import { shortListMigration } from './0020-short-list';
import { apiKeysMigration } from './0021-api-keys';
import { singleSignOnMigration } from './0022-single-sign-on';
import { documentRequestsMigration } from './0023-document-requests';
import { answersUnknown } from './0024-answers-unknown';
import { bounceReasonsAndRefusals } from './0025-bounce-reasons-and-refusals';
import { removedOperators } from './0026-removed-operators';
import { crmMigration } from './0027-crm';
import { savedSegmentsMigration } from './0028-saved-segments';
import { operatorLanguageMigration } from './0029-operator-language';
import type { Migration } from './ddl';
import { applyMigrations } from './migrator';

/**
 * Every migration, oldest first: one file per version (NNNN-name.ts), listed here so the bundled server carries
 * them. A new version is a new file appended to this list; db/schema.test.ts records the schema they create.
 */
export const migrations: Migration[] = [
  signupsAndIdempotencyKeys,
  operators,
  afterTheSignup,
  webhooksInTheOutbox,
  operatorInsight,
  operatorSessionBrowser,
  proofOfWorkAndMailBudget,
  signupFlagsMigration,
  mailLanesAndCampaigns,
  invitationWaves,
  partnerCodesMigration,
  countedSignups,
  indexesForAMillion,
  keptCounts,
  aConsoleForATeam,
  freshProofMigration,
  mailSuppressions,
  mailFeedback,
  fitScores,
  shortListMigration,
  apiKeysMigration,
  singleSignOnMigration,
  documentRequestsMigration,
  answersUnknown,
  bounceReasonsAndRefusals,
  removedOperators,
  crmMigration,
  savedSegmentsMigration,
  operatorLanguageMigration,
];

export type { Migration };

/** Brings the database up to the newest version (or up to the versions in `list`, for tests of one migration). */
export const migrate = (database: Database, list: readonly Migration[] = migrations): Promise<number[]> =>
  applyMigrations(database.db, database.migrationEngine, list);

/** Brings a database the server opened up to the newest version, without the request timeouts (an index on a million rows takes a while). */
export const migrateDatabase = (database: Database): Promise<number[]> =>
  database.withoutTimeouts((db) => applyMigrations(db, database.migrationEngine, migrations));
