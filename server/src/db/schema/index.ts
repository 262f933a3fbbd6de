import type {
  WaitlistSignupsTable,
  SignupNotesTable,
  SignupStatusLogTable,
  IdempotencyKeysTable,
  PersonTokensTable,
  PersonAuditLogTable,
  SignupDailyCountsTable,
  CompaniesTable,
  CompanyFacetsTable,
  SignupTotalsTable,
  FitRulesTable,
  SignupMeetingsTable,
  SignupQuestionsTable,
  SignupAnswersTable,
} from './people';
import type {
  OperatorsTable,
  OperatorRecoveryCodesTable,
  OperatorPasskeysTable,
  WebauthnChallengesTable,
  OperatorInvitationsTable,
  OperatorRemovalsTable,
  OperatorSessionsTable,
  OperatorLoginThrottleTable,
  AuditTrailTable,
  OperatorDigestsTable,
  ApiKeysTable,
  SsoDomainRolesTable,
  SsoPolicyTable,
  SsoAttemptsTable,
} from './operators';
import type {
  OutboxTable,
  MailSuppressionsTable,
  MailSoftBouncesTable,
  MailRefusalsTable,
  MailEventReceiptsTable,
  CampaignsTable,
  MailBudgetsTable,
  InvitationWavesTable,
  InvitationsTable,
  InvitationLinksTable,
  PartnerCodesTable,
} from './mail';
import type {
  VisitCountsTable,
  VisitSeenTable,
  VisitSaltsTable,
  ServerSecretsTable,
  SpentChallengesTable,
  SchemaMigrationsTable,
  DocumentRequestsTable,
} from './site';
import type { CrmConnectionsTable, CrmContactsTable, CrmCompaniesTable, CrmAttemptsTable, SavedSegmentsTable } from './crm';

export * from './people';
export * from './operators';
export * from './mail';
export * from './site';
export * from './crm';

/** Every table, as Kysely sees the database: declared once, one file per area of the product. */
export interface Schema {
  waitlist_signups: WaitlistSignupsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_throttle: OperatorLoginThrottleTable;
  audit_trail: AuditTrailTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_passkeys: OperatorPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  operator_invitations: OperatorInvitationsTable;
  operator_removals: OperatorRemovalsTable;
  outbox: OutboxTable;
  mail_suppressions: MailSuppressionsTable;
  mail_soft_bounces: MailSoftBouncesTable;
  mail_refusals: MailRefusalsTable;
  mail_event_receipts: MailEventReceiptsTable;
  fit_rules: FitRulesTable;
  signup_meetings: SignupMeetingsTable;
  signup_questions: SignupQuestionsTable;
  signup_answers: SignupAnswersTable;
  person_tokens: PersonTokensTable;
  signup_daily_counts: SignupDailyCountsTable;
  companies: CompaniesTable;
  company_facets: CompanyFacetsTable;
  signup_totals: SignupTotalsTable;
  person_audit_log: PersonAuditLogTable;
  signup_notes: SignupNotesTable;
  signup_status_log: SignupStatusLogTable;
  visit_counts: VisitCountsTable;
  visit_seen: VisitSeenTable;
  visit_salts: VisitSaltsTable;
  operator_digests: OperatorDigestsTable;
  server_secrets: ServerSecretsTable;
  spent_challenges: SpentChallengesTable;
  mail_budgets: MailBudgetsTable;
  campaigns: CampaignsTable;
  invitation_waves: InvitationWavesTable;
  invitations: InvitationsTable;
  invitation_links: InvitationLinksTable;
  partner_codes: PartnerCodesTable;
  api_keys: ApiKeysTable;
  sso_domain_roles: SsoDomainRolesTable;
  sso_policy: SsoPolicyTable;
  sso_attempts: SsoAttemptsTable;
  document_requests: DocumentRequestsTable;
  crm_connections: CrmConnectionsTable;
  crm_contacts: CrmContactsTable;
  crm_companies: CrmCompaniesTable;
  crm_attempts: CrmAttemptsTable;
  saved_segments: SavedSegmentsTable;
}
