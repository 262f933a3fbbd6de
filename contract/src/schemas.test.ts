import { describe, expect, it } from 'vitest';
import {
  ADMIN_ERROR_CODES,
  CHECK_CONSTRAINTS,
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_MAX_LENGTH,
  ERROR_CODES,
  OTHER_OUTCOME_MAX_LENGTH,
  adminCorrectionSchema,
  adminListQuerySchema,
  adminSignupParamsSchema,
  adminSignupSchema,
  checkViolationMessage,
  isApiError,
  isValidEmail,
  normalizeEmail,
  signupBodySchema,
  signupFormSchema,
  toSignupBody,
} from './index';

const body = {
  email: 'ada@example.com',
  role: 'Product Manager',
  company_size: '1000+ employees',
  desired_outcomes: ['Reuse insights'],
  other_outcome: null,
};

describe('e-mail rule', () => {
  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ada@Example.COM\t')).toBe('ada@example.com');
  });

  it.each(['ada@example.com', ' ADA@example.se ', 'a.b+c@sub.example.co.uk'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', '@', 'a@', 'a@b', 'a b@c.se', 'a@@b.se', `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('the public body schema', () => {
  it('accepts a row of the table', () => {
    expect(signupBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['an unknown column', { ...body, is_admin: true }],
    ['a role outside the list', { ...body, role: 'CEO' }],
    ['a company size outside the list', { ...body, company_size: '5 employees' }],
    ['no outcome', { ...body, desired_outcomes: [] }],
    ['an outcome outside the list', { ...body, desired_outcomes: ['World peace'] }],
    ['other text over the limit', { ...body, other_outcome: 'x'.repeat(OTHER_OUTCOME_MAX_LENGTH + 1) }],
  ])('refuses %s', (_label, candidate) => {
    expect(signupBodySchema.safeParse(candidate).success).toBe(false);
  });
});

describe('the sign-up form schema', () => {
  it('reports each invalid field under its own name (the catalogue words it)', () => {
    const result = signupFormSchema.safeParse({ email: 'nope', role: '', companySize: '', desiredOutcomes: [], privacyConsent: false });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(messages).toEqual({
      email: 'email',
      role: 'role',
      companySize: 'companySize',
      desiredOutcomes: 'desiredOutcomes',
      privacyConsent: 'privacyConsent',
    });
  });

  it('turns the form into the API body: e-mail normalised, outcomes once each, "Other" text only with "Other"', () => {
    const form = {
      email: ' Ada@Example.com ',
      role: 'Product Manager' as const,
      companySize: '1000+ employees' as const,
      desiredOutcomes: ['Reuse insights' as const, 'Reuse insights' as const],
      otherOutcome: 'left over',
      privacyConsent: true as const,
    };
    expect(toSignupBody(form)).toEqual({ ...body, desired_outcomes: ['Reuse insights'] });
    expect(toSignupBody({ ...form, desiredOutcomes: ['Other'], otherOutcome: ' A portfolio view ' }).other_outcome).toBe(
      'A portfolio view',
    );
  });
});

describe('the admin schemas', () => {
  it('reads the list query: empty parameters count as absent, the sort has a default, the limit is a number', () => {
    expect(adminListQuerySchema.parse({ q: '', role: '', limit: '10' })).toEqual({ sort: '-created_at', limit: 10 });
  });

  it.each([{ role: 'CEO' }, { from: '2026-13-45' }, { sort: 'password' }, { limit: '1000' }, { role: ['Other', 'Other'] }])(
    'refuses the query %j',
    (query) => {
      expect(adminListQuerySchema.safeParse(query).success).toBe(false);
    },
  );

  it('reads an id parameter as a positive whole number', () => {
    expect(adminSignupParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['0', 'abc', '-1', '1e3', '9'.repeat(16)]) expect(adminSignupParamsSchema.safeParse({ id }).success, id).toBe(false);
  });

  it('normalises a corrected e-mail and refuses an empty correction or an unknown field', () => {
    expect(adminCorrectionSchema.parse({ email: ' Ada@Example.com ' })).toEqual({ email: 'ada@example.com' });
    expect(adminCorrectionSchema.safeParse({}).success).toBe(false);
    expect(adminCorrectionSchema.safeParse({ id: 5 }).success).toBe(false);
  });

  it('describes a stored sign-up', () => {
    const row = {
      ...body,
      id: 1,
      consented_at: '2026-01-01T00:00:00.000Z',
      privacy_policy_version: '2025-01',
      created_at: '2026-01-01T00:00:00.000Z',
      confirmed_at: null,
      marketing_opt_out_at: '2026-01-02T00:00:00.000Z',
      locale: 'en',
      status: 'contacted' as const,
      company_domain: 'ericsson.com',
      free_mail: false,
      utm_source: 'linkedin',
      utm_medium: null,
      utm_campaign: 'launch',
      utm_content: null,
      utm_term: null,
      referrer_origin: 'https://www.linkedin.com',
      landing_path: '/',
      flags: ['no-proof-of-work' as const],
      partner_code_id: 7,
      fit_score: 85,
      fit_reasons: ['+30 1000+ employees', '+25 Head of Innovation / Innovation Director'],
      meeting_at: '2026-12-03T13:00:00.000Z',
    };
    expect(adminSignupSchema.parse(row)).toEqual(row);
    expect(() => adminSignupSchema.parse({ ...row, status: 'hired' })).toThrow();
    expect(() => adminSignupSchema.parse({ ...row, flags: ['made-up'] })).toThrow();
  });
});

describe('error vocabulary', () => {
  it('recognises the one error shape', () => {
    expect(isApiError({ code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null })).toBe(true);
    expect(isApiError({ code: 23505, message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError('error')).toBe(false);
  });

  it('names the constraint a check violation broke, as PostgreSQL does', () => {
    expect(checkViolationMessage(CHECK_CONSTRAINTS.role)).toBe(
      'new row for relation "waitlist_signups" violates check constraint "waitlist_signups_role_check"',
    );
    expect(DUPLICATE_EMAIL_MESSAGE).toBe('duplicate key value violates unique constraint "waitlist_signups_email_key"');
  });

  it('gives every error a distinct code', () => {
    const codes = [...Object.values(ERROR_CODES), ...Object.values(ADMIN_ERROR_CODES)];
    expect(new Set(codes).size).toBe(codes.length);
  });
});
