import type { Database } from '../connection';
import { createAuditLog } from './audit-log';
import { createOperatorAccounts } from './operator-accounts';
import { createOutboxRepository } from './outbox';
import { createPersonDataRepository } from './person-data';
import { createOperatorSessions } from './operator-sessions';
import { createSignInThrottle } from './sign-in-throttle';
import { createSignupListing } from './signup-listing';
import { createSignupsRepository, type SignupsRepositoryOptions } from './signups';
import { createWebhookEvents } from './webhook-events';
import { createFollowUp } from './follow-up';
import { createVisits } from './visits';
import { createOperatorMail } from './operator-mail';

export interface RepositoriesOptions extends SignupsRepositoryOptions {
  sessionIdleMs: number;
  /** WEBHOOK_URL: every change of a sign-up is queued to each of these. */
  webhookEndpoints?: readonly string[];
}

/** Every repository over one database, built once by app.ts and handed to the features that need them. */
export function createRepositories(database: Database, options: RepositoriesOptions) {
  const webhooks = createWebhookEvents(database, options.webhookEndpoints);
  const operatorMail = createOperatorMail(database);
  const { writeAlongside } = options;
  return {
    signups: createSignupsRepository(database, {
      ...options,
      webhooks,
      writeAlongside: async (trx, stored) => {
        await writeAlongside?.(trx, stored);
        await webhooks.queue(
          trx,
          'signup.created',
          stored.map((s) => s.id),
          new Date(),
        );
      },
    }),
    signupListing: createSignupListing(database),
    operatorAccounts: createOperatorAccounts(database),
    operatorSessions: createOperatorSessions(database, { idleMs: options.sessionIdleMs }),
    signInThrottle: createSignInThrottle(database),
    auditLog: createAuditLog(database),
    outbox: createOutboxRepository(database),
    personData: createPersonDataRepository(database, { webhooks, operatorMail }),
    operatorMail,
    followUp: createFollowUp(database, { webhooks }),
    visits: createVisits(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
