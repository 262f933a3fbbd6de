import {
  ATTRIBUTION_FIELDS,
  DEFAULT_LOCALE,
  PRIVACY_POLICY_VERSION,
  type AdminSignup,
  type PersonInvitation,
  type PersonView,
  type SignupBody,
  type SignupFlag,
  type FitWeights,
  type SignupAnswer,
  DEFAULT_FIT_WEIGHTS,
  attributionColumns,
} from '@waitlist/contract';
import type { InvitationRow } from '../db/stores/invitations';
import type { NewSignupRow, SignupRow } from '../db/stores/signups';
import { companyOf } from '../lib/company';
import { fitOf } from '../lib/fit-score';

/**
 * One stored row (SignupRow), one mapper per audience, each written once: the console, a webhook receiver, the
 * person's own data page and the person's own download. Nothing else shapes a sign-up for the outside.
 */

/** A new sign-up as the public API and the form send it, as the row it becomes at `at` (the consent's time). */
export function toNewSignupRow(body: SignupBody, at: string, flags: SignupFlag[] = [], fit: FitNow = DEFAULT_FIT): NewSignupRow {
  const company = companyOf(body.email);
  // Scored as it arrives with the weights in force; the colleagues' term comes when the kept counts fold it in.
  const scored = fitOf(
    {
      role: body.role,
      company_size: body.company_size,
      desired_outcomes: body.desired_outcomes,
      free_mail: company.freeMail,
      partner_code_id: null,
      colleagues: false,
    },
    fit.weights,
  );
  return {
    email: body.email,
    role: body.role,
    company_size: body.company_size,
    desired_outcomes: body.desired_outcomes,
    other_outcome: body.other_outcome ?? null,
    consented_at: at,
    privacy_policy_version: PRIVACY_POLICY_VERSION,
    created_at: at,
    locale: body.locale ?? DEFAULT_LOCALE,
    confirmed_at: null,
    marketing_opt_out_at: null,
    confirmation_sent_at: null,
    status: 'new',
    company_domain: company.domain,
    free_mail: company.freeMail,
    ...attributionColumns(body),
    flags,
    partner_code_id: null,
    fit_score: scored.score,
  };
}

/** The weights in force and their version (services/fit-rules.ts keeps them current in each copy). */
export interface FitNow {
  version: number;
  weights: FitWeights;
}
/** Version 1 is the defaults (migration 19 stores them); a copy starts with them until it has read the table. */
export const DEFAULT_FIT: FitNow = { version: 1, weights: DEFAULT_FIT_WEIGHTS };

/**
 * Why the stored score is what it is, with the weights in force: the colleagues' term counts when it is what makes
 * the sum match the stored score (the kept counts gave it), so the reasons explain the number shown.
 */
export function fitReasonsOf(row: SignupRow, fit: FitNow, answers: readonly SignupAnswer[] = []): string[] {
  const facts = { ...row, colleagues: false, answerTerms: answerTermsOf(answers) };
  const alone = fitOf(facts, fit.weights);
  if (alone.score === row.fit_score) return alone.reasons;
  const withColleagues = fitOf({ ...facts, colleagues: true }, fit.weights);
  return withColleagues.score === row.fit_score ? withColleagues.reasons : alone.reasons;
}

/** A person's answers as terms of the fit score: each question's chosen options, in its words. */
export const answerTermsOf = (answers: readonly SignupAnswer[]) =>
  answers.map((a) => ({ keys: a.choices.map((c) => `${a.question_id}:${c}`), label: `${a.question} ${a.answer}` }));

/** The console's view (admin API, CSV export): every column but the retention clock, with their answers when read. */
export function toConsoleSignup(row: SignupRow, fit: FitNow = DEFAULT_FIT, answers?: readonly SignupAnswer[]): AdminSignup {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    company_size: row.company_size,
    desired_outcomes: row.desired_outcomes,
    other_outcome: row.other_outcome,
    consented_at: row.consented_at,
    privacy_policy_version: row.privacy_policy_version,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    marketing_opt_out_at: row.marketing_opt_out_at,
    locale: row.locale,
    status: row.status,
    company_domain: row.company_domain,
    free_mail: row.free_mail,
    ...attributionColumns(row),
    flags: row.flags,
    partner_code_id: row.partner_code_id,
    fit_score: row.fit_score,
    fit_reasons: fitReasonsOf(row, fit, answers),
    meeting_at: row.meeting_at,
    ...(answers ? { answers: [...answers] } : {}),
  };
}

/** A webhook's `data` (docs/decisions/0008-webhooks.md): the console's view without consent bookkeeping. */
export function toWebhookSignup(
  row: SignupRow,
  answers?: readonly SignupAnswer[],
): Omit<AdminSignup, 'consented_at' | 'privacy_policy_version'> {
  const { consented_at: _consented, privacy_policy_version: _policy, ...signup } = toConsoleSignup(row, DEFAULT_FIT, answers);
  return signup;
}

/** Where the visit that signed up came from: the attribution columns that hold something. */
export function cameFrom(row: SignupRow): Record<string, string> {
  return Object.fromEntries(ATTRIBUTION_FIELDS.filter((column) => row[column] !== null).map((column) => [column, row[column]!]));
}

/** A person's invitation as they and the exports see it. */
export function toPersonInvitation(invitation: InvitationRow | undefined): PersonInvitation | null {
  return invitation
    ? {
        wave: invitation.waveName,
        invited_at: invitation.invitedAt,
        expires_at: invitation.expiresAt,
        accepted_at: invitation.acceptedAt,
        redeemed_at: invitation.redeemedAt,
      }
    : null;
}

/** What the person's data shows beside their row: their invitation and the label of the partner code they joined with. */
export interface PersonExtras {
  invitation?: InvitationRow | undefined;
  partnerCode?: string | null;
}

/** What the person's own data page shows (contract/src/self-service.ts): everything stored, as codes. */
export function toPersonView(row: SignupRow, { invitation, partnerCode = null }: PersonExtras = {}): PersonView {
  return {
    email: row.email,
    role: row.role,
    company_size: row.company_size,
    desired_outcomes: row.desired_outcomes,
    other_outcome: row.other_outcome,
    created_at: row.created_at,
    consented_at: row.consented_at,
    privacy_policy_version: row.privacy_policy_version,
    confirmed_at: row.confirmed_at,
    marketing_opt_out_at: row.marketing_opt_out_at,
    locale: row.locale,
    company_domain: row.company_domain,
    came_from: cameFrom(row),
    partner_code: partnerCode,
    status: row.status,
    invitation: toPersonInvitation(invitation),
  };
}

/** The person's own copy of their data (the download on their data page). */
export interface PersonExport {
  email: string;
  /** null: not known (imported from a list of addresses; they have not answered). */
  role: string | null;
  company_size: string | null;
  desired_outcomes: string[] | null;
  other_outcome: string | null;
  locale: string;
  signed_up_at: string;
  consented_at: string;
  privacy_policy_version: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  marketing_opt_out_at: string | null;
  company_domain: string | null;
  /** utm_* tags, referring site and landing page of the visit that signed up. */
  came_from: Record<string, string>;
  /** The label of the partner code they joined with, or null. */
  partner_code: string | null;
  follow_up_status: string;
  follow_up_notes: { note: string; written_at: string }[];
  /** Why the sign-up was marked for the operators' review (no proof of work, a burst from one network); usually empty. */
  review_flags: string[];
  /** Their invitation to the pilot (wave, when invited, accepted and redeemed), or null. */
  invitation: PersonInvitation | null;
  /** Their answers to the questions after confirming (issue 36 item 1). */
  answers?: { question: string; answer: string; answered_at: string }[];
  exported_at: string;
}

export function toPersonExport(
  row: SignupRow,
  notes: { note: string; written_at: string }[],
  exportedAt: string,
  { invitation, partnerCode = null }: PersonExtras = {},
): PersonExport {
  return {
    email: row.email,
    role: row.role,
    company_size: row.company_size,
    desired_outcomes: row.desired_outcomes,
    other_outcome: row.other_outcome,
    locale: row.locale,
    signed_up_at: row.created_at,
    consented_at: row.consented_at,
    privacy_policy_version: row.privacy_policy_version,
    confirmation_sent_at: row.confirmation_sent_at,
    confirmed_at: row.confirmed_at,
    marketing_opt_out_at: row.marketing_opt_out_at,
    company_domain: row.company_domain,
    came_from: cameFrom(row),
    partner_code: partnerCode,
    follow_up_status: row.status,
    follow_up_notes: notes,
    review_flags: row.flags,
    invitation: toPersonInvitation(invitation),
    exported_at: exportedAt,
  };
}
