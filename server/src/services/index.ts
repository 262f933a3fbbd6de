import type { Database, Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import { createEmailDomainPolicy } from '../lib/refused-domains';
import { createMailDomainCheck } from '../io/mx-lookup';
import { createCampaignService } from './campaigns';
import { createInvitationService } from './invitations';
import { createMailBudget } from './mail-budget';
import { createPartnerCodeService } from './partner-codes';
import { createPersonLinks } from './person-links';
import { DEFAULT_MAX_NUMBER, createProofOfWork } from './proof-of-work';
import { createSignupEvents } from './signup-events';
import { createSignupService } from './signups';
import { createUseCases } from './use-case';
import { createExports } from './exports';
import { createFitRules } from './fit-rules';
import { createImports } from './imports';
import { createBookings } from './bookings';
import { createQuestions } from './questions';
import { createDocumentRequests } from './document-requests';
import { createErasureLedger } from '../io/erasure-ledger';
import { createCrm } from './crm';
import { createCrmSync } from './crm-sync';
import { createSegments } from './segments';
import { createVisitCounting } from './visits';
import { createAuditRetention } from './audit-retention';
import { createCountFold } from './count-fold';
import { createCountedReads } from './counted-reads';

/** The erasure ledger's HMAC key in server_secrets (made once, kept in the database and so in every backup). */
export const ERASURE_LEDGER_KEY = 'erasure-ledger';

import { clockOf, type ServiceSettings } from './settings';
import { createMailArea } from './mail-area';
import { createTeamArea } from './team-area';

export { DEFAULT_BULK_MAILS_PER_MINUTE, type ServiceSettings } from './settings';

/** Every service over the stores, built once by app.ts (and by the CLI and benchmarks the same way). */
export function createServices(database: Database, stores: Stores, settings: ServiceSettings) {
  const clock = clockOf(settings);
  const useCases = createUseCases({ database, stores, ...clock });
  const deps = { database, stores, useCases, settings };
  const segments = createSegments({ stores, useCases });
  const crm = createCrm({ stores, segments, useCases, secretBox: settings.secretBox ?? null, settings: settings.crm ?? {}, ...clock });
  const events = createSignupEvents({ operators: stores.operatorRecipients, webhookEndpoints: settings.webhookEndpoints, crm });
  const pow = settings.proofOfWork ?? { hmacKey: undefined, maxNumber: DEFAULT_MAX_NUMBER };
  const proofOfWork = createProofOfWork({ stores, useCases }, { ...pow, ...clock });
  const mailBudget = createMailBudget({ stores, useCases }, { unverifiedPerHour: settings.unverifiedMailsPerHour ?? null });
  // Read each time, never kept: a restore brings back the key its ledger's entries were written with.
  const ledger = createErasureLedger(settings.erasureLedgerFile ?? null, (executor) =>
    executor
      ? stores.serverSecrets.getOrMake(executor as Executor, ERASURE_LEDGER_KEY)
      : useCases.run(({ trx }) => stores.serverSecrets.getOrMake(trx, ERASURE_LEDGER_KEY)),
  );
  const mail = createMailArea(deps);
  const countFold = createCountFold({ stores, useCases });
  const fitRules = createFitRules({ stores, useCases });
  const questions = createQuestions({ stores, useCases, events });
  const bookings = createBookings({ stores, useCases, events, settings: settings.booking ?? { minScore: 100 }, ...clock });
  const signups = createSignupService({
    callOffered: bookings.offered,
    suppressions: mail.suppressions,
    fit: fitRules.now,
    useCases,
    ledger,
    database,
    stores,
    events,
    emailDomains: createEmailDomainPolicy(settings.emailDomains ?? { blocked: [], allowed: [] }),
    proofOfWork,
    mailBudget,
    mailDomains: settings.mailDomainCheck ? createMailDomainCheck({ servers: settings.mailDomainCheck.servers }) : undefined,
    batchWindowMs: settings.batchWindowMs,
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
    ...(settings.mailQueued ? { mailQueued: settings.mailQueued } : {}),
    ...(settings.log ? { log: settings.log } : {}),
    ...clock,
  });
  const readBudgetPerHour = settings.readBudgetPerHour ?? null;
  const exports = createExports({ database, stores, useCases, readBudgetPerHour, fit: fitRules.now, answersOf: questions.answersOf });
  const crmSync = createCrmSync({ ...deps, crm, answersOf: questions.answersOf, fit: fitRules.now, metrics: settings.metrics, ...clock });
  return {
    useCases,
    segments,
    crm,
    crmSync,
    ...createTeamArea(deps),
    ...mail,
    events,
    ledger,
    signups,
    fitRules,
    bookings,
    questions,
    exports,
    imports: createImports({ database, stores, signups, useCases, fold: countFold, ledger, ...clock }),
    countFold,
    countedReads: createCountedReads({ stores, fold: countFold }),
    proofOfWork,
    mailBudget,
    visits: createVisitCounting({ stores, useCases }),
    auditRetention: createAuditRetention({ stores, useCases }),
    /** A key every copy shares (made by the first that asks), read afresh: services/shared-secrets.ts keeps one a copy. */
    sharedSecrets: { read: (name: string) => useCases.run(({ trx }) => stores.serverSecrets.getOrMake(trx, name)) },
    personLinks: createPersonLinks({ database, signups, stores, events, useCases, questions, ...clock }),
    invitations: createInvitationService({ database, stores, signups, useCases, audiences: segments, ...clock }),
    campaigns: createCampaignService({ database, stores, useCases, audiences: segments }),
    partnerCodes: createPartnerCodeService({ stores, useCases, ...clock }),
    documentRequests: createDocumentRequests({ stores, useCases, proofOfWork, mailBudget, reads: exports, ...clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
