import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import {
  ADMIN_ERROR_CODES,
  ADMIN_SESSION_COOKIE,
  SECURE_ADMIN_SESSION_COOKIE,
  adminBackupStatusSchema,
  type OperatorRole,
} from '@waitlist/contract';
import type { BackupStatus } from '../../services/backups';
import { toAdminBackupStatus } from '../../services/operator-views';
import type { Stores } from '../../db/stores';
import type { Services } from '../../services';
import { HttpError } from '../../http/http-error';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import { adminGuards, signedInOperator } from './guards';
import { sessionRoutes } from './session-routes';
import { insightRoutes } from './insight-routes';
import { campaignRoutes, type CampaignRoutesOptions } from './campaign-routes';
import { partnerCodeRoutes } from './partner-code-routes';
import { waveRoutes } from './wave-routes';
import { mailRoutes } from './mail-routes';
import type { MailHealth } from '../../services/mail-health';
import { consoleSignupRoutes } from './signup-routes';
import { teamRoutes } from './team-routes';
import { meRoutes } from './me-routes';
import { importRoutes } from './import-routes';
import { fitRoutes } from './fit-routes';
import { questionRoutes } from './question-routes';
import { apiKeyRoutes } from './api-key-routes';
import { crmRoutes } from './crm-routes';
import { segmentRoutes } from './segment-routes';
import { documentRequestRoutes } from './document-request-routes';
import { ssoRoutes } from './sso-routes';

export interface AdminRoutesOptions {
  stores: Stores;
  services: Services;
  /** SITE_URL is https: the session cookie is Secure and `__Host-` prefixed, whatever the proxy settings. */
  secureCookies: boolean;
  /** rate-limit-rules.ts: signIn (the per-account lockout stays when it is off). */
  signInRateLimit: RateLimitRule | null;
  /** Whether SMTP_URL is set (the console says why mail is not going out). */
  smtpConfigured: boolean;
  /** BOOKING_URL is set (the upcoming calls say whether calls are offered at all). */
  bookingConfigured?: boolean;
  webhooksConfigured: boolean;
  /** Mail was queued: the delivery workers look now instead of at their next poll. */
  mailQueued: () => void;
  previewMails: CampaignRoutesOptions['previewMails'];
  /** The server's own backups (services/backups.ts). */
  backupStatus: () => Promise<BackupStatus>;
  /** The sending domain's DNS, judged (services/mail-health.ts). */
  mailHealth: MailHealth;
  /** SITE_URL (single sign-on's callback address). */
  siteUrl: string;
}

/** A route schema's first complaint, as `field: message` (the id of a path alone: it has one field). */
function invalidRequest(errors: FastifySchemaValidationError[], dataVar: string): HttpError {
  const issue = errors[0];
  const field = issue?.instancePath.split('/').filter(Boolean).join('.') ?? '';
  const message = issue?.message ?? 'Invalid request';
  return new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, field && dataVar !== 'params' ? `${field}: ${message}` : message);
}

/** One admin route as registered: what the role test walks (routes/admin/roles.test.ts). */
export interface AdminRouteEntry {
  method: string;
  url: string;
  role: OperatorRole | undefined;
  signedOut: boolean;
}
const routeTables = new WeakMap<object, AdminRouteEntry[]>();
/** Every admin route of an app, with the role it declares. */
export const adminRouteTable = (app: FastifyInstance): AdminRouteEntry[] => routeTables.get(app.server) ?? [];

/**
 * /api/admin/*: the operator console's API. Guards first (origin, session), then the session and sign-up routes;
 * docs/decisions/0004 says why each choice was made.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const { stores, services } = options;

  recordRouteTable(app);
  await app.register(fastifyCookie);
  app.setSchemaErrorFormatter(invalidRequest);
  const cookieName = options.secureCookies ? SECURE_ADMIN_SESSION_COOKIE : ADMIN_SESSION_COOKIE;
  await registerSignIn(app, options, cookieName);
  await app.register(consoleSignupRoutes, {
    signups: services.signups,
    exports: services.exports,
    counted: services.countedReads,
    bookingConfigured: options.bookingConfigured ?? false,
  });
  await app.register(insightRoutes, { stores, counted: services.countedReads, signups: services.signups, team: services.team });
  await app.register(mailRoutes, {
    outbox: stores.outboxReports,
    outboxActions: services.outboxActions,
    store: stores.signups,
    signups: services.signups,
    suppressions: services.suppressions,
    mailFeedback: services.mailFeedback,
    mailBudget: services.mailBudget,
    smtpConfigured: options.smtpConfigured,
    webhooksConfigured: options.webhooksConfigured,
    mailHealth: options.mailHealth,
  });

  await app.register(campaignRoutes, {
    campaigns: services.campaigns,
    sendGuard: services.sendGuard,
    mailQueued: options.mailQueued,
    previewMails: options.previewMails,
  });
  await app.register(waveRoutes, { invitations: services.invitations, sendGuard: services.sendGuard, mailQueued: options.mailQueued });
  await app.register(partnerCodeRoutes, { partnerCodes: services.partnerCodes });
  await app.register(fitRoutes, { fitRules: services.fitRules });
  await app.register(questionRoutes, { questions: services.questions });
  await app.register(apiKeyRoutes, { apiKeys: services.apiKeys, signIn: services.signIn, mailQueued: options.mailQueued });
  await app.register(documentRequestRoutes, { documentRequests: services.documentRequests });
  await app.register(crmRoutes, { crm: services.crm, signIn: services.signIn });
  await app.register(segmentRoutes, { segments: services.segments });
  await app.register(teamRoutes, { stores, team: services.team, exports: services.exports, mailQueued: options.mailQueued });
  await app.register(meRoutes, {
    secondFactors: services.secondFactors,
    passkeys: services.passkeys,
    signIn: services.signIn,
    credentials: stores.operatorCredentials,
    mailQueued: options.mailQueued,
  });
  await app.register(importRoutes, { imports: services.imports, mailQueued: options.mailQueued });

  app.get('/backups', { schema: { response: { 200: adminBackupStatusSchema } }, config: { role: 'viewer' } }, async (request) => {
    return toAdminBackupStatus(await options.backupStatus(), signedInOperator(request).role);
  });

  // Unknown admin paths: 401 without a session (the guard), 404 with one.
  const unknownEndpoint = async () => {
    throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No such admin endpoint');
  };
  app.all('/', { config: { role: 'viewer', enrolment: true } }, unknownEndpoint);
  app.all('/*', { config: { role: 'viewer', enrolment: true } }, unknownEndpoint);
}

/** Every admin route's method, path, role and whether it is open signed out, kept for the route table's own test. */
function recordRouteTable(app: FastifyInstance): void {
  const table: AdminRouteEntry[] = [];
  routeTables.set(app.server, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        role: route.config?.role,
        signedOut: route.config?.signedOut === true,
      });
    }
  });
}

/** The guards every request passes, then signing in: password, second factor, passkey, single sign-on. */
async function registerSignIn(app: FastifyInstance, options: AdminRoutesOptions, cookieName: string): Promise<void> {
  const { stores, services } = options;
  await app.register(adminGuards, {
    sessions: services.operatorSessions,
    cookieName,
    record: services.useCases.record,
    secondFactorRequired: services.secondFactors.required,
    apiKeys: services.apiKeys,
  });
  await app.register(sessionRoutes, {
    signIn: services.signIn,
    takeSsoPasskeyTicket: (ticket) => services.sso.takeSecondFactorTicket(ticket),
    passkeys: services.passkeys,
    sessions: services.operatorSessions,
    throttle: stores.signInThrottle,
    cookieName,
    secureCookies: options.secureCookies,
    signInRateLimit: options.signInRateLimit,
  });
  await app.register(ssoRoutes, {
    sso: services.sso,
    signIn: services.signIn,
    throttle: stores.signInThrottle,
    cookieName,
    secureCookies: options.secureCookies,
    signInRateLimit: options.signInRateLimit,
    siteUrl: options.siteUrl,
    mailQueued: options.mailQueued,
  });
}
