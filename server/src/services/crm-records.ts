import {
  CRM_DEFAULT_PROPERTIES,
  CRM_FIELDS,
  CRM_FIELD_LABELS,
  FOLLOW_UP_STATUS_LABELS,
  OTHER_OUTCOME,
  type CrmField,
  type CrmFieldMap,
  type CrmRule,
  type SignupAnswer,
} from '@waitlist/contract';
import type { SignupRow } from '../db/stores/signup-rows';
import type { CrmPerson, CrmPropertySpec } from '../io/crm/types';
import { sha256 } from '../lib/crypto';

/**
 * What a person looks like in the CRM (issue 49 item 2): who the rule chooses, and each chosen field's value under the
 * property an owner mapped it to. Pure: services/crm.ts reads the rows and the CRM's records, this shapes them.
 */

/** The kind of value each field holds: the property made for it in the CRM has this type. */
const FIELD_TYPES: Readonly<Record<CrmField, CrmPropertySpec['type']>> = {
  role: 'string',
  company_size: 'string',
  desired_outcomes: 'text',
  answers: 'text',
  fit_score: 'number',
  fit_reasons: 'text',
  source: 'string',
  campaign: 'string',
  booked_call: 'datetime',
  status: 'string',
  follow_up: 'string',
};

/** Every field with its property: the owner's mapping over the defaults (null: not sent). */
export function completeMapping(fields: CrmFieldMap | undefined): Record<CrmField, string | null> {
  return Object.fromEntries(
    CRM_FIELDS.map((field) => [field, fields && field in fields ? (fields[field] ?? null) : CRM_DEFAULT_PROPERTIES[field]]),
  ) as Record<CrmField, string | null>;
}

/** The properties the mapping sends to, as the CRM must have them. */
export const propertySpecsOf = (mapping: Record<CrmField, string | null>): CrmPropertySpec[] =>
  CRM_FIELDS.flatMap((field) => {
    const name = mapping[field];
    return name ? [{ name, label: `Waitlist: ${CRM_FIELD_LABELS[field]}`, type: FIELD_TYPES[field] }] : [];
  });

/** Whether the rule chooses this person now. Someone who withdrew consent to our mail is never newly chosen. */
export function chosenBy(
  rule: CrmRule,
  row: Pick<SignupRow, 'confirmed_at' | 'fit_score' | 'meeting_at' | 'marketing_opt_out_at'>,
): boolean {
  if (row.marketing_opt_out_at !== null) return false;
  if (rule.confirmed !== undefined && rule.confirmed !== (row.confirmed_at !== null)) return false;
  if (rule.min_fit_score !== undefined && row.fit_score < rule.min_fit_score) return false;
  if (rule.booked !== undefined && rule.booked !== (row.meeting_at !== null)) return false;
  return true;
}

const valueOf = (field: CrmField, row: SignupRow, answers: readonly SignupAnswer[], reasons: readonly string[]): string | number | null => {
  switch (field) {
    case 'role':
      return row.role;
    case 'company_size':
      return row.company_size;
    case 'desired_outcomes': {
      const outcomes = (row.desired_outcomes ?? []).filter((o) => o !== OTHER_OUTCOME);
      if (row.other_outcome) outcomes.push(`Other: ${row.other_outcome}`);
      return outcomes.length > 0 ? outcomes.join('; ') : null;
    }
    case 'answers':
      return answers.length > 0 ? answers.map((a) => `${a.question}: ${a.answer}`).join('\n') : null;
    case 'fit_score':
      return row.fit_score;
    case 'fit_reasons':
      return reasons.length > 0 ? reasons.join('; ') : null;
    case 'source':
      return row.utm_source ?? row.referrer_origin ?? (row.partner_code_id !== null ? 'partner code' : 'direct');
    case 'campaign':
      return row.utm_campaign;
    case 'booked_call':
      return row.meeting_at;
    case 'status':
      return row.marketing_opt_out_at !== null ? 'unsubscribed' : row.confirmed_at !== null ? 'confirmed' : 'signed up, not confirmed';
    case 'follow_up':
      return FOLLOW_UP_STATUS_LABELS[row.status];
  }
};

/** `scania.com` → `Scania`: the company's name as a founder would type it, from its domain. */
export const companyNameOf = (domain: string) => {
  const label = domain.split('.')[0] ?? domain;
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** One person as the CRM gets them, with the hash of what is sent (unchanged since the last push: nothing to send). */
export function crmPersonOf(
  row: SignupRow,
  mapping: Record<CrmField, string | null>,
  extras: { answers: readonly SignupAnswer[]; reasons: readonly string[]; crmId: string | null },
): { person: CrmPerson; hash: string } {
  const properties: Record<string, string | number | null> = {};
  for (const field of CRM_FIELDS) {
    const property = mapping[field];
    if (property) properties[property] = valueOf(field, row, extras.answers, extras.reasons);
  }
  const companyDomain = row.free_mail ? null : row.company_domain;
  const person: CrmPerson = {
    signupId: row.id,
    email: row.email,
    companyDomain,
    companyName: companyDomain ? companyNameOf(companyDomain) : null,
    properties,
    crmId: extras.crmId,
  };
  return { person, hash: sha256(JSON.stringify([person.email, companyDomain, properties])) };
}
