import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@waitlist/catalogue';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  PARTNER_JOIN_PATH,
  ROLE_OPTIONS,
  type AdminPartnerCode,
  type AdminSignup,
  type AdminPartnerCodeCreated,
} from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { addOperator, adminClient, signIn, useConsoleAppWithMail } from '../../test/console';

/**
 * Partner codes (issue 23), on both databases with a real SMTP server and the web build's real pages: an operator makes
 * a code with a label, a claim limit and an expiry; an address entered with it on the join page is attributed to it
 * but confirmed only by its owner's click, from a confirmation mail that says who invited them; the code is claimed at
 * that click, so it lets exactly as many join as its limit says (addresses nobody confirms use none of it), none
 * after it expired or was withdrawn, and an address already on the list takes no claim.
 */
const { en, sv } = CATALOGUE;

describe.each(DIALECTS)('partner codes on %s', (dialect) => {
  const { smtp, suite } = useConsoleAppWithMail(dialect);
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const makeCode = async (label: string, claimLimit: number) => {
    if (!cookie) {
      await addOperator(suite.app, `partners-${dialect}@acme.example`);
      cookie = await signIn(suite.app, `partners-${dialect}@acme.example`);
    }
    const res = await admin('POST', '/partner-codes', { label, claim_limit: claimLimit, expires_in_days: 14 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminPartnerCodeCreated>();
  };
  const codes = async () => (await admin('GET', '/partner-codes')).json<{ items: AdminPartnerCode[] }>().items;
  let token = 0;
  /** The join form as a browser posts it without script, from /join or /sv/join. */
  const join = (email: string, code: string, path = PARTNER_JOIN_PATH) => {
    const body = new URLSearchParams({
      partnerCode: code,
      email,
      role: ROLE_OPTIONS[1],
      companySize: COMPANY_SIZE_OPTIONS[3],
      privacyConsent: 'on',
      website: '',
      formToken: `join-token-${dialect}-${++token}-0000000000`,
    });
    body.append('desiredOutcomes', DESIRED_OUTCOME_OPTIONS[0]);
    return suite.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
  };
  const row = (email: string) =>
    suite.app.database.db
      .selectFrom('waitlist_signups')
      .select(['confirmed_at', 'partner_code_id', 'locale'])
      .where('email', '=', email)
      .executeTakeFirst();

  /** Confirms as the address's owner does: the token from the confirmation mail, through the button's service. */
  const confirmFrom = async (mail: { text: string }) => {
    const token = /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    return suite.app.services.personLinks.confirm(token);
  };

  it("makes a code shown once; an address entered with it is attributed to it and confirmed only by its owner's click", async () => {
    const made = await makeCode('Vinnova demo day', 10);
    expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(made).toMatchObject({ label: 'Vinnova demo day', claim_limit: 10, claims: 0, state: 'active', hint: made.code.slice(-4) });
    // Only the hash is stored, and the list never shows the code again.
    const stored = await suite.app.database.db.selectFrom('partner_codes').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(made.code.replaceAll('-', ''));
    expect(JSON.stringify(await codes())).not.toContain(made.code);

    const email = `joiner-${dialect}@scania.example`;
    // Typed in lower case with spaces, as people do.
    const res = await join(email, ` ${made.code.toLowerCase().replaceAll('-', ' ')} `, `/sv${PARTNER_JOIN_PATH}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(sv.site.join.done.heading);
    // Attributed, not confirmed: a shared code is nobody's consent, and it takes no claim yet.
    const joined = await row(email);
    expect(joined?.confirmed_at).toBeNull();
    expect(Number(joined?.partner_code_id)).toBe(made.id);
    expect(joined?.locale).toBe('sv');
    expect((await codes()).find((c) => c.id === made.id)).toMatchObject({ claims: 0, state: 'active' });

    // The first mail is a confirmation in their language that says who invited them.
    const mail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    expect(mail.subject).toContain('Bekräfta');
    expect(mail.text).toContain('inbjudningskod från Vinnova demo day');
    expect(mail.text).toMatch(/\/sv\/confirm\?token=/);
    expect(await confirmFrom(mail)).toMatchObject({ ok: true });
    expect((await row(email))?.confirmed_at).toBeTruthy();
    expect((await codes()).find((c) => c.id === made.id)).toMatchObject({ claims: 1, state: 'active' });

    // The founders see which code brought them: the console's view has its id, the CSV export its label.
    const page = (await admin('GET', `/signups?q=${encodeURIComponent(email)}`)).json<{ items: AdminSignup[] }>();
    expect(page.items.map((s) => s.partner_code_id)).toEqual([made.id]);
    const csv = parse((await admin('GET', '/signups/export.csv')).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.find((r) => r.email === email)?.partner_code).toBe('Vinnova demo day');

    // Their own data page and download say which code they joined with.
    const manage = new URL(/https?:\/\/\S+\/sv\/manage\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    const opened = await suite.app.inject({ method: 'GET', url: `${manage.pathname}${manage.search}` });
    expect(opened.statusCode).toBe(303);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const dataPage = await suite.app.inject({ method: 'GET', url: String(opened.headers.location), headers: { cookie } });
    expect(dataPage.statusCode).toBe(200);
    expect(dataPage.body).toMatch(new RegExp(`${sv.selfService.manage.fields.partnerCode}</th><td>Vinnova demo day<`));
    const download = await suite.app.services.personLinks.exportData(manage.searchParams.get('token'));
    expect(download.ok && download.data.partner_code).toBe('Vinnova demo day');
  });

  it('lets exactly as many join as its claim limit, counted at their confirmation, also when they race; addresses nobody confirms use none', async () => {
    const made = await makeCode('Accelerator cohort', 3);
    // Five strangers' addresses entered with the code, never confirmed: the code is not used up.
    const strangers = Array.from({ length: 5 }, (_, i) => `stranger-${i}-${dialect}@ericsson.example`);
    for (const email of strangers) expect((await join(email, made.code)).statusCode).toBe(200);
    expect((await codes()).find((c) => c.id === made.id)).toMatchObject({ claims: 0, state: 'active' });

    // Eight people join and all confirm at the same moment: three get the partner's place, the others are on the list
    // as anyone else.
    const emails = Array.from({ length: 8 }, (_, i) => `racer-${i}-${dialect}@ericsson.example`);
    for (const email of emails) expect((await join(email, made.code)).statusCode).toBe(200);
    const mails = await Promise.all(emails.map((email) => smtp.nextMailTo(email, { timeoutMs: 15_000 })));
    const confirmed = await Promise.all(mails.map(confirmFrom));
    expect(confirmed.every((c) => c.ok)).toBe(true);
    const withCode = await suite.app.database.db
      .selectFrom('waitlist_signups')
      .select('email')
      .where('partner_code_id', '=', made.id)
      .where('confirmed_at', 'is not', null)
      .execute();
    expect(withCode).toHaveLength(3);
    expect((await codes()).find((c) => c.id === made.id)).toMatchObject({ claims: 3, state: 'full' });
    // Full now: the join page says so beside the code, and stores nothing.
    const late = await join(`late-${dialect}@ericsson.example`, made.code);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(en.site.signup.messages.validation.partnerCodeFull);
    expect(await row(`late-${dialect}@ericsson.example`)).toBeUndefined();
  });

  it('refuses an expired, a withdrawn, an unknown and a missing code, and an address already on the list takes no claim', async () => {
    const expired = await makeCode('Last year’s fair', 5);
    await suite.app.database.db
      .updateTable('partner_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const res = await join(`late-${dialect}@abb.example`, expired.code);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(en.site.signup.messages.validation.partnerCodeExpired);
    expect(await row(`late-${dialect}@abb.example`)).toBeUndefined();

    const withdrawn = await makeCode('Leaked code', 5);
    const revoke = await admin('POST', `/partner-codes/${withdrawn.id}/revoke`);
    expect(revoke.json<AdminPartnerCode>().state).toBe('withdrawn');
    expect((await join(`leak-${dialect}@abb.example`, withdrawn.code)).body).toContain(
      en.site.signup.messages.validation.partnerCodeWithdrawn,
    );
    expect((await admin('POST', '/partner-codes/999999/revoke')).statusCode).toBe(404);

    const unknown = await join(`guess-${dialect}@abb.example`, 'ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(en.site.signup.messages.validation.partnerCodeUnknown);
    const missing = await join(`nocode-${dialect}@abb.example`, '');
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain(en.site.signup.messages.validation.partnerCode);
    for (const who of ['leak', 'guess', 'nocode']) expect(await row(`${who}-${dialect}@abb.example`)).toBeUndefined();

    // Someone on the list already: "already registered", and the code keeps its claim for somebody new.
    const open = await makeCode('Newsletter', 1);
    await suite.app.services.signups.signUp({
      email: `member-${dialect}@abb.example`,
      role: ROLE_OPTIONS[0],
      company_size: COMPANY_SIZE_OPTIONS[0],
      desired_outcomes: [DESIRED_OUTCOME_OPTIONS[1]],
    });
    expect((await join(`member-${dialect}@abb.example`, open.code)).statusCode).toBe(409);
    expect((await codes()).find((c) => c.id === open.id)?.claims).toBe(0);
    expect((await join(`newcomer-${dialect}@abb.example`, open.code)).statusCode).toBe(200);

    // Bad input to the console changes nothing.
    expect((await admin('POST', '/partner-codes', { label: ' ', claim_limit: 5 })).statusCode).toBe(400);
    expect((await admin('POST', '/partner-codes', { label: 'x', claim_limit: 0 })).statusCode).toBe(400);
  });
});
