import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REDEEM_PATH, ROLE_OPTIONS, type AdminWave, type AdminWaveCreated } from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { type ReceivedMail } from '../../test/smtp';
import { addOperator, ADMIN_TEST_ENV, adminClient, seedSignup, signIn } from '../../test/console';

/**
 * From the list to pilots (issue 23), with a real SMTP server: a wave invites exactly the confirmed people it selects,
 * once each, in their language; the link's page changes nothing; Accept hands over a personal access code (to
 * ACCESS_REDIRECT_URL, or on a page), which the product redeems once, for that address only, before it expires.
 */
const [READER, OTHER] = [ROLE_OPTIONS[1], ROLE_OPTIONS[2]] as const;
const ACCESS_KEY = 'product-key-0123456789-0123456789-abcdef';
const PRODUCT = 'https://app.example.com/sign-up?from=waitlist';

describe.each(DIALECTS)('invitation waves on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    ACCESS_API_KEY: ACCESS_KEY,
    ACCESS_REDIRECT_URL: PRODUCT,
  }));
  let cookie: string;
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const person = async (email: string, role: (typeof ROLE_OPTIONS)[number], how: { confirmed?: boolean; locale?: 'en' | 'sv' } = {}) => {
    const row = await seedSignup(suite.app, { email, role });
    await suite.app.database.db
      .updateTable('waitlist_signups')
      .set({ confirmed_at: how.confirmed === false ? null : new Date().toISOString(), locale: how.locale ?? 'en' })
      .where('id', '=', row.id)
      .execute();
    return row;
  };
  const state = async (id: number) => {
    const signup = await suite.app.database.db
      .selectFrom('waitlist_signups')
      .select(['status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const invitation = await suite.app.database.db
      .selectFrom('invitations')
      .select(['accepted_at', 'redeemed_at', 'code_hash'])
      .where('signup_id', '=', id)
      .executeTakeFirst();
    return {
      status: signup.status,
      accepted: Boolean(invitation?.accepted_at),
      redeemed: Boolean(invitation?.redeemed_at),
      code: invitation?.code_hash ?? null,
    };
  };
  // (Each also got their confirmation mail when they signed up: the invitation is the one that says so.)
  const invitationMail = (to: string) => smtp.nextMailTo(to, { timeoutMs: 15_000, subject: /invitation|inbjudan|välkommen in/i });
  const linkIn = (mail: ReceivedMail) => new URL(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
  const redeem = (code: string, email: string, key = ACCESS_KEY) =>
    suite.app.inject({ method: 'POST', url: ACCESS_REDEEM_PATH, headers: { authorization: `Bearer ${key}` }, payload: { code, email } });
  const accept = async (mail: ReceivedMail) => {
    const link = linkIn(mail);
    const res = await suite.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${link.searchParams.get('token')}`,
    });
    return res;
  };

  beforeAll(async () => {
    await addOperator(suite.app, `founder-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `founder-${dialect}@acme.example`);
  });

  it('invites exactly the confirmed people of a selection and a segment, once each, and skips the rest with reasons', async () => {
    const first = await person(`first-${dialect}@volvo.example`, READER);
    const second = await person(`second-${dialect}@volvo.example`, READER);
    const swede = await person(`svensk-${dialect}@scania.example`, READER, { locale: 'sv' });
    const unconfirmed = await person(`unconfirmed-${dialect}@volvo.example`, READER, { confirmed: false });
    const outside = await person(`outside-${dialect}@volvo.example`, OTHER);

    // Bad input: a clear error, and no wave.
    for (const bad of [{ name: 'Both', ids: [first.id], filter: {} }, { name: 'Neither' }, { name: 'Limit', ids: [first.id], limit: 2 }]) {
      expect((await admin('POST', '/waves', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin('GET', '/waves')).json<{ items: AdminWave[] }>().items).toEqual([]);

    const selection = await admin('POST', '/waves', { name: 'Pilot 1', ids: [first.id, 999_999] });
    expect(selection.statusCode).toBe(201);
    expect(selection.json<AdminWaveCreated>()).toMatchObject({ invited: 1, skipped: 1, skips: [{ id: 999_999, reason: 'not-found' }] });

    const segment = await admin('POST', '/waves', { name: 'Pilot 2', filter: { role: READER }, expires_in_days: 14 });
    const created = segment.json<AdminWaveCreated>();
    expect(created.invited).toBe(2);
    expect(created.skips).toEqual(
      expect.arrayContaining([
        { id: first.id, reason: 'already-invited' },
        { id: unconfirmed.id, reason: 'not-confirmed' },
      ]),
    );
    expect(created.skipped).toBe(2);

    const mails = {
      first: await invitationMail(first.email),
      second: await invitationMail(second.email),
      swede: await invitationMail(swede.email),
    };
    expect(mails.first.subject).toMatch(/invitation/i);
    expect(mails.swede.subject).toMatch(/inbjudan/i);
    expect(linkIn(mails.swede).pathname).toBe('/sv/invitation');
    for (const p of [unconfirmed, outside]) expect(smtp.mailsTo(p.email).filter((m) => /invitation|inbjudan/i.test(m.subject))).toEqual([]);
    for (const p of [first, second, swede]) expect((await state(p.id)).status).toBe('invited');

    const waves = (await admin('GET', '/waves')).json<{ items: AdminWave[] }>().items;
    expect(waves.map((w) => [w.name, w.invited, w.accepted, w.redeemed])).toEqual([
      ['Pilot 2', 2, 0, 0],
      ['Pilot 1', 1, 0, 0],
    ]);
  });

  it('shows the invitation on GET without changing anything; Accept redirects with a code the product redeems once', async () => {
    const guest = await person(`guest-${dialect}@ericsson.example`, READER);
    await admin('POST', '/waves', { name: 'Pilot 3', ids: [guest.id] });
    const mail = await invitationMail(guest.email);
    const link = linkIn(mail);

    // A mail scanner or the person opening the link, twice: a page with the button, and nothing changes.
    for (let i = 0; i < 2; i++) {
      const page = await suite.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Accept my invitation');
      expect(page.body).toContain('Pilot 3');
    }
    expect(await state(guest.id)).toEqual({ status: 'invited', accepted: false, redeemed: false, code: null });

    const accepted = await accept(mail);
    expect(accepted.statusCode).toBe(303);
    const target = new URL(accepted.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://app.example.com/sign-up');
    expect(target.searchParams.get('from')).toBe('waitlist');
    const code = target.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(await state(guest.id)).toMatchObject({ status: 'joined', accepted: true, redeemed: false });

    // The product: without its key, for another address, then right (typed in lower case), then again.
    expect((await redeem(code, guest.email, 'not-the-key-0123456789-0123456789-abc')).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'POST', url: ACCESS_REDEEM_PATH, payload: { code, email: guest.email } })).statusCode).toBe(
      401,
    );
    expect((await redeem(code, `someone-else-${dialect}@ericsson.example`)).statusCode).toBe(404);
    expect((await redeem('AAAA-BBBB-CCCC-DDDD', guest.email)).statusCode).toBe(404);
    const redeemed = await redeem(code.toLowerCase(), guest.email.toUpperCase());
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({
      email: guest.email,
      role: READER,
      company_size: '1000+ employees',
      desired_outcomes: ['Reuse insights', 'Make innovation efforts more structured'],
      locale: 'en',
      wave: 'Pilot 3',
    });
    const again = await redeem(code, guest.email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_redeemed' });
    expect(await state(guest.id)).toMatchObject({ redeemed: true });
    // The export and the person's own download show the invitation.
    const csv = await admin('GET', `/signups/export.csv?q=${encodeURIComponent(guest.email)}`);
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const cells = Object.fromEntries(columns.map((c, i) => [c, line!.split(',')[i]]));
    expect(columns.slice(-8, -4)).toEqual(['wave', 'invited_at', 'accepted_at', 'redeemed_at']);
    expect(cells.wave).toBe('Pilot 3');
    for (const c of ['invited_at', 'accepted_at', 'redeemed_at']) expect(cells[c]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const manageToken = new URL(/https?:\/\/\S+\/manage\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]).searchParams.get('token');
    const download = await suite.app.services.personLinks.exportData(manageToken);
    expect(download.ok && download.data.invitation).toMatchObject({
      wave: 'Pilot 3',
      accepted_at: expect.any(String),
      redeemed_at: expect.any(String),
    });

    // Once redeemed, the mail's link says so instead of offering the button again.
    expect((await suite.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(410);
  });

  it('pressing Accept twice leaves one working code; an expired invitation and its code answer 410', async () => {
    const twice = await person(`twice-${dialect}@saab.example`, READER);
    await admin('POST', '/waves', { name: 'Pilot 4', ids: [twice.id], expires_in_days: 3 });
    const mail = await invitationMail(twice.email);
    const codeOf = async () => new URL((await accept(mail)).headers.location as string).searchParams.get('code')!;
    const [earlier, later] = [await codeOf(), await codeOf()];
    expect(earlier).not.toBe(later);
    expect((await redeem(earlier, twice.email)).statusCode).toBe(404);

    // Time passes beyond the invitation's end.
    await suite.app.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('signup_id', '=', twice.id)
      .execute();
    expect((await redeem(later, twice.email)).statusCode).toBe(410);
    const link = linkIn(mail);
    expect((await suite.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(410);
    expect((await accept(mail)).statusCode).toBe(410);
  });

  it('shows the code on a page where no ACCESS_REDIRECT_URL is set, and refuses the old key once ACCESS_API_KEY is unset', async () => {
    const app = await suite.makeApp({ ACCESS_REDIRECT_URL: undefined, ACCESS_API_KEY: undefined, SMTP_URL: undefined });
    const someone = await person(`page-${dialect}@abb.example`, READER, { locale: 'sv' });
    // The founders' own words, in the person's language.
    const message = { en: { subject: 'Welcome in', body: 'Hello.' }, sv: { subject: 'Välkommen in', body: 'Hej **du**.' } };
    await admin('POST', '/waves', { name: 'Pilot 5', ids: [someone.id], message });
    const mail = await invitationMail(someone.email);
    expect(mail.subject).toBe('Välkommen in');
    expect(mail.text).toContain('Hej du.');
    const link = linkIn(mail);
    const res = await app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${link.searchParams.get('token')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Din åtkomstkod');
    expect(res.body).toMatch(/[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: ACCESS_REDEEM_PATH,
          headers: { authorization: `Bearer ${ACCESS_KEY}` },
          payload: { code: 'x', email: 'y' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe.each(DIALECTS)('a large invitation wave on %s (mail waits: no SMTP)', (dialect) => {
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV }));
  let cookie: string;
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  beforeAll(async () => {
    await addOperator(suite.app, `founder-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `founder-${dialect}@acme.example`);
  });

  it('invites a segment larger than one round of statements up to its limit, and a wave of nobody confirmed invites nobody', async () => {
    const role = ROLE_OPTIONS[5];
    const now = new Date().toISOString();
    // 1,200 people of one role, every other one confirmed (written in one go: the wave is under test).
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      email: `many-${i}-${dialect}@example.com`,
      role,
      company_size: '1000+ employees',
      desired_outcomes: suite.app.database.encodeList(['Reuse insights']),
      other_outcome: null,
      consented_at: now,
      privacy_policy_version: '2026-11-01',
      created_at: new Date(Date.parse(now) + i).toISOString(),
      confirmed_at: i % 2 === 0 ? now : null,
    }));
    for (let i = 0; i < rows.length; i += 300)
      await suite.app.database.db
        .insertInto('waitlist_signups')
        .values(rows.slice(i, i + 300))
        .execute();

    const big = (await admin('POST', '/waves', { name: 'Big', filter: { role }, limit: 550 })).json<AdminWaveCreated>();
    // The oldest first: the 550th confirmed one is the 1,099th person, so 549 unconfirmed were passed on the way.
    expect(big).toMatchObject({ invited: 550, skipped: 549 });
    expect(new Set(big.skips.map((s) => s.reason))).toEqual(new Set(['not-confirmed']));
    const invited = await suite.app.database.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(invited.n)).toBeGreaterThanOrEqual(550);

    const unconfirmedIds = big.skips.slice(0, 3).map((s) => s.id);
    const none = await admin('POST', '/waves', { name: 'Nobody', ids: unconfirmedIds });
    expect(none.statusCode).toBe(201);
    expect(none.json<AdminWaveCreated>()).toMatchObject({ invited: 0, skipped: 3 });
  });
});
