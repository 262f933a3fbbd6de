import type { Database } from '../connection';
import { createApiKeyStore } from './api-keys';
import { createAuditTrail } from './audit-trail';
import { createCampaignStore } from './campaigns';
import { createCrmStore } from './crm';
import { createSavedSegmentStore } from './saved-segments';
import { createDigestClaims } from './digest-claims';
import { createDocumentRequestStore } from './document-requests';
import { createFitScores } from './fit-scores';
import { createFollowUpStore } from './follow-up';
import { createIdempotencyKeyStore } from './idempotency-keys';
import { createInvitationStore } from './invitations';
import { createMailBudgetStore } from './mail-budget';
import { createMailEventReceipts } from './mail-event-receipts';
import { createMailRefusals } from './mail-refusals';
import { createMailSoftBounces } from './mail-soft-bounces';
import { createMailSuppressions } from './mail-suppressions';
import { createMeetingStore } from './meetings';
import { createOperatorAccounts } from './operator-accounts';
import { createOperatorRecipients } from './operator-recipients';
import { createPlannerStatistics } from './planner-statistics';
import { createOperatorCredentials } from './operator-credentials';
import { createOperatorInvitations } from './operator-invitations';
import { createOperatorSessions } from './operator-sessions';
import { createOutboxStore } from './outbox';
import { createOutboxReports } from './outbox-reports';
import { createPartnerCodeStore } from './partner-codes';
import { createPersonAuditLog } from './person-audit-log';
import { createQuestionStore } from './questions';
import { createPersonTokenStore } from './person-tokens';
import { createProofOfWorkStore } from './proof-of-work';
import { createServerSecrets } from './server-secrets';
import { createSignInThrottle } from './sign-in-throttle';
import { createSignupInsight } from './signup-insight';
import { createSignupListing } from './signup-listing';
import { createSignupStore } from './signups';
import { createSsoStore } from './sso';
import { createVisits } from './visits';

/** Every store over one database, one per table (or read model), built once by app.ts. */
export function createStores(database: Database) {
  return {
    signups: createSignupStore(database),
    crm: createCrmStore(database),
    savedSegments: createSavedSegmentStore(database),
    idempotencyKeys: createIdempotencyKeyStore(database),
    outbox: createOutboxStore(database),
    outboxReports: createOutboxReports(database),
    personTokens: createPersonTokenStore(database),
    followUp: createFollowUpStore(database),
    signupListing: createSignupListing(database),
    signupInsight: createSignupInsight(database),
    operatorAccounts: createOperatorAccounts(database),
    operatorRecipients: createOperatorRecipients(database),
    plannerStatistics: createPlannerStatistics(database),
    operatorCredentials: createOperatorCredentials(database),
    operatorInvitations: createOperatorInvitations(database),
    auditTrail: createAuditTrail(database),
    personAuditLog: createPersonAuditLog(),
    operatorSessions: createOperatorSessions(database),
    signInThrottle: createSignInThrottle(database),
    visits: createVisits(database),
    mailBudget: createMailBudgetStore(database),
    mailSuppressions: createMailSuppressions(database),
    mailSoftBounces: createMailSoftBounces(database),
    mailRefusals: createMailRefusals(database),
    mailEventReceipts: createMailEventReceipts(database),
    proofOfWork: createProofOfWorkStore(database),
    serverSecrets: createServerSecrets(),
    campaigns: createCampaignStore(database),
    digestClaims: createDigestClaims(),
    invitations: createInvitationStore(database),
    partnerCodes: createPartnerCodeStore(database),
    fitScores: createFitScores(database),
    meetings: createMeetingStore(database),
    questions: createQuestionStore(database),
    apiKeys: createApiKeyStore(database),
    sso: createSsoStore(database),
    documentRequests: createDocumentRequestStore(database),
  };
}

export type Stores = ReturnType<typeof createStores>;
