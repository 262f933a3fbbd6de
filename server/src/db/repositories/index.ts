import type { Database } from '../connection';
import { createAuditLog } from './audit-log';
import { createOperatorAccounts } from './operator-accounts';
import { createOutboxRepository } from './outbox';
import { createPersonDataRepository } from './person-data';
import { createOperatorSessions } from './operator-sessions';
import { createSignInThrottle } from './sign-in-throttle';
import { createSignupListing } from './signup-listing';
import { createSignupsRepository, type SignupsRepositoryOptions } from './signups';

export interface RepositoriesOptions extends SignupsRepositoryOptions {
  sessionIdleMs: number;
}

/** Every repository over one database, built once by app.ts and handed to the features that need them. */
export function createRepositories(database: Database, options: RepositoriesOptions) {
  return {
    signups: createSignupsRepository(database, options),
    signupListing: createSignupListing(database),
    operatorAccounts: createOperatorAccounts(database),
    operatorSessions: createOperatorSessions(database, { idleMs: options.sessionIdleMs }),
    signInThrottle: createSignInThrottle(database),
    auditLog: createAuditLog(database),
    outbox: createOutboxRepository(database),
    personData: createPersonDataRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
