import * as z from 'zod/mini';
import { freshProofFields } from './team';

/**
 * The founders' CRM (issue 49; docs/decisions/0046-crm-sync.md): owners connect HubSpot (a private app's token) or
 * Pipedrive (an API token and the company's domain), choose who goes there by a rule, and map our fields to the CRM's
 * properties. Qualified people are kept current there through the outbox and erased there when they erase themselves.
 */
export const CRM_PROVIDERS = ['hubspot', 'pipedrive'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];

export const CRM_PROVIDER_NAMES: Readonly<Record<CrmProvider, string>> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive' };
/** The company behind each CRM, as the privacy page names the recipient while it is connected. */
export const CRM_PROVIDER_COMPANIES: Readonly<Record<CrmProvider, string>> = { hubspot: 'HubSpot, Inc.', pipedrive: 'Pipedrive OÜ' };

/**
 * What we send about a person besides the e-mail address (the contact's key in both CRMs) and the company (an
 * organisation by the work domain, associated to the person). We ask for no name, so none is sent.
 */
export const CRM_FIELDS = [
  'role',
  'company_size',
  'desired_outcomes',
  'answers',
  'fit_score',
  'fit_reasons',
  'source',
  'campaign',
  'booked_call',
  'status',
  'follow_up',
] as const;
export type CrmField = (typeof CRM_FIELDS)[number];

/** The property each field goes to unless an owner maps it elsewhere (created in the CRM when missing). */
export const CRM_DEFAULT_PROPERTIES: Readonly<Record<CrmField, string>> = {
  role: 'waitlist_role',
  company_size: 'waitlist_company_size',
  desired_outcomes: 'waitlist_desired_outcomes',
  answers: 'waitlist_answers',
  fit_score: 'waitlist_fit_score',
  fit_reasons: 'waitlist_fit_reasons',
  source: 'waitlist_source',
  campaign: 'waitlist_campaign',
  booked_call: 'waitlist_booked_call',
  status: 'waitlist_status',
  follow_up: 'waitlist_follow_up',
};

/** What each field holds, as the console explains it beside the mapping. */
export const CRM_FIELD_LABELS: Readonly<Record<CrmField, string>> = {
  role: 'Role',
  company_size: 'Company size',
  desired_outcomes: 'Desired outcomes',
  answers: 'Answers to the questions',
  fit_score: 'Fit score (0-100)',
  fit_reasons: 'Why the fit score is what it is',
  source: 'Where they came from (source or referring site)',
  campaign: 'Campaign',
  booked_call: 'Booked call (start time)',
  status: 'Waitlist status and consent (signed up, confirmed, unsubscribed)',
  follow_up: 'Follow-up status (new, contacted, invited, joined, declined)',
};

/** A CRM property's internal name: lower case letters, digits and underscores (HubSpot's rule; Pipedrive's fields are matched by name). */
const PROPERTY_NAME = /^[a-z][a-z0-9_]{0,99}$/;

/**
 * Who goes to the CRM by rule: every condition given must hold (`{}`: everyone on the list). `booked`: only people who
 * booked a call.
 */
export const crmRuleSchema = z.strictObject({
  min_fit_score: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  confirmed: z.optional(z.boolean()),
  booked: z.optional(z.boolean()),
});
export type CrmRule = z.infer<typeof crmRuleSchema>;

/** The rule in words, as the console and the audit trail show it. */
export function ruleInWords(rule: CrmRule): string {
  const parts = [
    rule.confirmed === true ? 'confirmed' : rule.confirmed === false ? 'not confirmed' : null,
    rule.min_fit_score !== undefined ? `fit score at least ${rule.min_fit_score}` : null,
    rule.booked === true ? 'booked a call' : rule.booked === false ? 'no call booked' : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? 'everyone on the list' : `everyone ${parts.join(', ')}`;
}

/** Field → CRM property; a field mapped to null is not sent; a field left out goes to its default property. */
export const crmFieldMapSchema = z.partialRecord(
  z.enum(CRM_FIELDS),
  z.nullable(z.string().check(z.regex(PROPERTY_NAME, 'a property name: lower case letters, digits and _ (at most 100)'))),
);
export type CrmFieldMap = z.infer<typeof crmFieldMapSchema>;

/** Pipedrive's company domain: the `acme` of acme.pipedrive.com. */
export const PIPEDRIVE_COMPANY_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** PUT /api/admin/crm: connect (or change) the CRM. Owners, with a fresh proof: the token reaches everyone on the list. */
export const adminCrmConnectSchema = z
  .strictObject({
    provider: z.enum(CRM_PROVIDERS),
    /** HubSpot: a private app's access token; Pipedrive: a user's API token. Kept sealed at rest, never shown again. */
    token: z
      .string()
      .check(z.trim(), z.minLength(8, 'paste the whole token'), z.maxLength(512), z.regex(/^[\x21-\x7e]+$/, 'a token has no spaces')),
    company_domain: z.optional(
      z.string().check(z.trim(), z.toLowerCase(), z.regex(PIPEDRIVE_COMPANY_DOMAIN, 'the name before .pipedrive.com')),
    ),
    /** A saved segment's id (issue 48); or `rule`. */
    segment: z.optional(z.number().check(z.int(), z.positive())),
    rule: z.optional(crmRuleSchema),
    fields: z.optional(crmFieldMapSchema),
    ...freshProofFields,
  })
  .check(
    z.refine((c) => (c.segment === undefined) !== (c.rule === undefined), { message: 'give either a segment or a rule', path: ['rule'] }),
    z.refine((c) => c.provider !== 'pipedrive' || c.company_domain !== undefined, {
      message: 'Pipedrive needs your company domain (the name before .pipedrive.com)',
      path: ['company_domain'],
    }),
  );
export type AdminCrmConnect = z.infer<typeof adminCrmConnectSchema>;

export const CRM_ATTEMPT_ACTIONS = ['check', 'properties', 'push', 'delete'] as const;
export const CRM_ATTEMPT_OUTCOMES = ['ok', 'retry', 'failed'] as const;

/** One exchange with the CRM, as the console lists it: what we asked, and what the CRM answered. */
export const adminCrmAttemptSchema = z.object({
  at: z.string(),
  action: z.enum(CRM_ATTEMPT_ACTIONS),
  /** How many people the request was about (a batch may hold up to 100). */
  people: z.number(),
  outcome: z.enum(CRM_ATTEMPT_OUTCOMES),
  /** The CRM's answer in a line (its status and message), with any address in it masked. */
  answer: z.string(),
});
export type AdminCrmAttempt = z.infer<typeof adminCrmAttemptSchema>;

/** GET /api/admin/crm: the connection's state. */
export const adminCrmStateSchema = z.object({
  provider: z.nullable(z.enum(CRM_PROVIDERS)),
  connected: z.boolean(),
  company_domain: z.nullable(z.string()),
  /** The token's last four characters, so owners can tell which one is in use. */
  token_hint: z.nullable(z.string()),
  rule: z.nullable(crmRuleSchema),
  segment: z.nullable(z.number()),
  segment_name: z.nullable(z.string()),
  /** Every field with the property it goes to (null: not sent). */
  fields: z.record(z.enum(CRM_FIELDS), z.nullable(z.string())),
  connected_at: z.nullable(z.string()),
  connected_by: z.nullable(z.string()),
  /** Changes and erasures waiting to reach the CRM, and those it refused for good. */
  pending: z.number(),
  pending_erasures: z.number(),
  failed: z.number(),
  /** People in the CRM through us. */
  synced: z.number(),
  last_sync_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  recent: z.array(adminCrmAttemptSchema),
});
export type AdminCrmState = z.infer<typeof adminCrmStateSchema>;

/** POST /api/admin/crm/test: each check in words. */
export const adminCrmTestSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type AdminCrmTest = z.infer<typeof adminCrmTestSchema>;

/** DELETE /api/admin/crm: what disconnecting left undone (erasures that had not reached the CRM are named by count). */
export const adminCrmDisconnectedSchema = z.object({ disconnected: z.boolean(), erasures_not_sent: z.number() });
export type AdminCrmDisconnected = z.infer<typeof adminCrmDisconnectedSchema>;
