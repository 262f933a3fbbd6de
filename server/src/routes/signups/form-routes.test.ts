import zlib from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  ERROR_CODES,
  FORM_TOKEN_PLACEHOLDER,
  ROLE_OPTIONS,
  SIGNUP_THANK_YOU_PATH,
  SIGNUPS_PATH,
  type SignupFormAnswer,
} from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { siteOf, writeSite } from '../../test/site-stub';

const { unexpectedErrorTitle: UNEXPECTED_ERROR_TITLE } = CATALOGUE.en.form;

interface Posted {
  email?: string;
  role?: string;
  companySize?: string;
  desiredOutcomes?: string[];
  otherOutcome?: string;
  privacyConsent?: boolean;
  website?: string;
  formToken?: string;
  attribution?: string;
  emailChoice?: string;
}

const aPost = (overrides: Posted = {}): Posted => ({
  email: 'Ada.Lovelace@Example.com ',
  role: ROLE_OPTIONS[1],
  companySize: COMPANY_SIZE_OPTIONS[2],
  desiredOutcomes: [DESIRED_OUTCOME_OPTIONS[0], 'Other'],
  otherOutcome: ' Board reports ',
  privacyConsent: true,
  website: '',
  formToken: 'token-aaaaaaaaaaaaaaaa',
  ...overrides,
});

/** The body a browser sends for these fields (a repeated name per ticked outcome; an unticked box sends nothing). */
function urlencoded(post: Posted): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(post)) {
    if (Array.isArray(value)) for (const v of value) body.append(name, v);
    else if (value === true) body.append(name, 'on');
    else if (typeof value === 'string') body.append(name, value);
  }
  return body.toString();
}

/** The state the stub page was rendered with. */
function renderedState(html: string): { signup?: SignupFormAnswer; error?: string } {
  const json = /<script type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null') ?? {};
}

describe.each(DIALECTS)('the sign-up form without script on %s', (dialect) => {
  const suite = useTestApp(dialect, (testDb) => ({ WEB_DIST_DIR: siteOf(testDb).dist, WEB_SSR_DIR: siteOf(testDb).ssr }), {
    beforeBuild: writeSite,
  });
  const post = (body: Posted, url = '/', app = suite.app) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: urlencoded(body) });
  const rowsOf = (email: string) =>
    suite.app.database.db
      .selectFrom('waitlist_signups')
      .select(['email', 'role', 'company_size', 'desired_outcomes', 'other_outcome'])
      .where('email', '=', email)
      .execute();

  it('writes where the visit came from into the page and stores it with the sign-up posted without script', async () => {
    const page = await suite.app.inject({
      url: '/?utm_source=linkedin&utm_campaign=launch&utm_medium=social&fbclid=tracker',
      headers: { referer: 'https://www.linkedin.com/feed/update/urn:li:activity:123?trk=public' },
    });
    const field = /name="attribution" value="([^"]*)"/.exec(page.body)?.[1];
    expect(field).toBe(
      'utm_source=linkedin&amp;utm_medium=social&amp;utm_campaign=launch&amp;referrer_origin=https%3A%2F%2Fwww.linkedin.com&amp;landing_path=%2F',
    );
    // The site itself as referrer is no source; a path other than a page is what the page says.
    const internal = await suite.app.inject({ url: '/about', headers: { referer: 'http://localhost:3000/' } });
    expect(/name="attribution" value="([^"]*)"/.exec(internal.body)?.[1]).toBe('landing_path=%2Fabout');

    const email = `attributed-${Date.now()}@volvocars.com`;
    const res = await post(
      aPost({
        email,
        formToken: 'token-attributed-000000',
        attribution: field!.replaceAll('&amp;', '&') + '&utm_term=' + 'x'.repeat(500) + '&evil=1',
      }),
    );
    expect(res.statusCode).toBe(303);
    const row = await suite.app.database.db
      .selectFrom('waitlist_signups')
      .select(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'referrer_origin', 'landing_path', 'company_domain', 'free_mail'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'launch',
      utm_term: 'x'.repeat(200),
      referrer_origin: 'https://www.linkedin.com',
      landing_path: '/',
      company_domain: 'volvocars.com',
      free_mail: 0,
    });
  });

  it('serves each page with the form with a fresh token per response, for one visitor only', async () => {
    const tokens = new Set<string>();
    for (const url of ['/', '/', '/about']) {
      const res = await suite.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache, private');
      expect(res.body).not.toContain(FORM_TOKEN_PLACEHOLDER);
      tokens.add(/name="formToken" value="([^"]+)"/.exec(res.body)![1]!);
    }
    expect(tokens.size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('sends such a page compressed as the browser asks, the shared part compressed once and its own token at the end', async () => {
    const tokens = new Set<string>();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0.1, gzip;q=0.8', 'gzip', zlib.gunzipSync],
      ['identity', undefined, (b: Buffer) => b],
    ] as const) {
      const res = await suite.app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache, private');
      const page = decode(res.rawPayload).toString('utf8');
      expect(page).toMatch(/^<!doctype html><title>Home<\/title>/);
      expect(page).not.toContain(FORM_TOKEN_PLACEHOLDER);
      tokens.add(/name="formToken" value="([^"]+)"/.exec(page)![1]!);
    }
    expect(tokens.size).toBe(4);
  });

  it('stores a valid post and answers 303 to the thank-you page; the same post again stores nothing more', async () => {
    const body = aPost({ email: 'Ada.Lovelace@Example.com ', formToken: 'token-double-submit-1' });
    const first = await post(body);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(SIGNUP_THANK_YOU_PATH);
    // A double click or a reload of the POST: same token, same body.
    const again = await post(body, '/about');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(SIGNUP_THANK_YOU_PATH);
    const rows = await rowsOf('ada.lovelace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: ROLE_OPTIONS[1], company_size: COMPANY_SIZE_OPTIONS[2], other_outcome: 'Board reports' });
    expect(suite.app.database.decodeList(rows[0]!.desired_outcomes)).toEqual([DESIRED_OUTCOME_OPTIONS[0], 'Other']);
  });

  it("stores the language of the page it was posted from, and answers with that language's thank-you page", async () => {
    const res = await post(aPost({ email: 'svensk@example.se', formToken: 'token-swedish-page-00' }), '/sv/about');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sv/thank-you');
    const row = await suite.app.database.db
      .selectFrom('waitlist_signups')
      .select(['locale', 'role'])
      .where('email', '=', 'svensk@example.se')
      .executeTakeFirstOrThrow();
    // The stored values stay the spec's English ones; only the language is Swedish.
    expect(row).toEqual({ locale: 'sv', role: ROLE_OPTIONS[1] });
    const english = await post(aPost({ email: 'english@example.com', formToken: 'token-english-page-00' }), '/');
    expect(english.headers.location).toBe('/thank-you');
    expect(
      (
        await suite.app.database.db
          .selectFrom('waitlist_signups')
          .select('locale')
          .where('email', '=', 'english@example.com')
          .executeTakeFirstOrThrow()
      ).locale,
    ).toBe('en');
  });

  it('stores a second person who posts a copy of the same page (same token, other body) instead of refusing them', async () => {
    const token = 'token-shared-by-a-cache';
    expect((await post(aPost({ email: 'first.reader@example.com', formToken: token }))).statusCode).toBe(303);
    expect((await post(aPost({ email: 'second.reader@example.com', formToken: token }))).statusCode).toBe(303);
    expect(await rowsOf('first.reader@example.com')).toHaveLength(1);
    expect(await rowsOf('second.reader@example.com')).toHaveLength(1);
  });

  it('stores a post without a usable token too (no script, placeholder never filled)', async () => {
    for (const [email, formToken] of [
      ['no.token@example.com', undefined],
      ['placeholder@example.com', FORM_TOKEN_PLACEHOLDER],
      ['short@example.com', 'x'],
    ] as const) {
      expect((await post(aPost({ email, formToken }))).statusCode).toBe(303);
      expect(await rowsOf(email)).toHaveLength(1);
    }
  });

  it('answers invalid input with the page: 422, every message beside its field, the values kept, nothing stored', async () => {
    const res = await post(
      { email: 'not-an-email', role: '', desiredOutcomes: ['Other'], otherOutcome: 'Board', formToken: FORM_TOKEN_PLACEHOLDER },
      '/about',
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('data-path="/about"');
    const { signup } = renderedState(res.body);
    // The fields in the order they appear; the page words each one beside it (web/src/app/site-page.test.tsx).
    expect(signup?.invalid).toEqual(['email', 'role', 'companySize', 'privacyConsent']);
    expect(signup?.values).toMatchObject({
      email: 'not-an-email',
      desiredOutcomes: ['Other'],
      otherOutcome: 'Board',
      privacyConsent: false,
    });
    // The answer's form gets a real token in place of the placeholder.
    expect(signup?.values.formToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await rowsOf('not-an-email')).toEqual([]);
  });

  it('answers a registered e-mail with the page: 409 and the duplicate error, values and token kept', async () => {
    expect((await post(aPost({ email: 'twice@example.com', formToken: 'token-first-time-xx' }))).statusCode).toBe(303);
    const res = await post(aPost({ email: 'Twice@Example.com', formToken: 'token-second-time-x' }));
    expect(res.statusCode).toBe(409);
    const { signup } = renderedState(res.body);
    expect(signup?.error?.code).toBe(ERROR_CODES.uniqueViolation);
    expect(signup?.values).toMatchObject({ email: 'Twice@Example.com', formToken: 'token-second-time-x' });
    expect(await rowsOf('twice@example.com')).toHaveLength(1);
  });

  it('asks "Did you mean …?" before storing a likely typo; either answer then signs up, with the address chosen', async () => {
    const first = await post(aPost({ email: 'ada@gmial.com', formToken: 'token-typo-first-xxxx' }));
    expect(first.statusCode).toBe(200);
    const { signup } = renderedState(first.body);
    expect(signup?.suggestion).toBe('ada@gmail.com');
    expect(signup?.values.email).toBe('ada@gmial.com');
    expect(await rowsOf('ada@gmial.com')).toEqual([]);
    expect(await rowsOf('ada@gmail.com')).toEqual([]);
    // gmial.com is itself a temporary-inbox domain: "keep mine" would be refused, so it is not offered, and a "keep"
    // posted anyway (an old page) gets the question again rather than a refusal.
    expect(signup?.suggestionOnly).toBe(true);
    const keptTypo = await post(aPost({ email: 'ada@gmial.com', formToken: 'token-typo-keep-gmial', emailChoice: 'keep' }));
    expect(keptTypo.statusCode).toBe(200);
    expect(renderedState(keptTypo.body).signup).toMatchObject({ suggestion: 'ada@gmail.com', suggestionOnly: true });
    expect(await rowsOf('ada@gmial.com')).toEqual([]);

    const used = await post(aPost({ email: 'ada@gmial.com', formToken: 'token-typo-use-xxxxxx', emailChoice: 'use' }));
    expect(used.statusCode).toBe(303);
    expect(await rowsOf('ada@gmail.com')).toHaveLength(1);

    const asked = renderedState((await post(aPost({ email: 'eva@telia.con', formToken: 'token-typo-ask-xxxxxx' }))).body).signup;
    expect(asked).toMatchObject({ suggestion: 'eva@telia.com' });
    expect(asked?.suggestionOnly).toBeUndefined();
    const kept = await post(aPost({ email: 'eva@telia.con', formToken: 'token-typo-keep-xxxxx', emailChoice: 'keep' }));
    expect(kept.statusCode).toBe(303);
    expect(await rowsOf('eva@telia.con')).toHaveLength(1);

    // Company domains are never second-guessed, short ones included.
    for (const email of ['lars@volvo.se', 'lars@abb.com', 'lars@h-m.com']) {
      expect((await post(aPost({ email, formToken: `token-${email.slice(5, 9)}-xxxxxxxxxx` }))).statusCode, email).toBe(303);
    }
  });

  it('answers a temporary-inbox address with the page: 400, the refusal for the e-mail field, the values kept, nothing stored', async () => {
    const res = await post(aPost({ email: 'ada@mailinator.com', formToken: 'token-disposable-xxxx' }));
    expect(res.statusCode).toBe(400);
    const { signup } = renderedState(res.body);
    expect(signup?.error).toMatchObject({ code: ERROR_CODES.raisedException, details: 'disposable' });
    expect(signup?.values.email).toBe('ada@mailinator.com');
    expect(await rowsOf('ada@mailinator.com')).toEqual([]);
  });

  it('answers a row the database refuses (CHECK) with the page: 400 and the check violation', async () => {
    const db = suite.app.database.db;
    if (dialect === 'postgres') {
      await sql`ALTER TABLE waitlist_signups ADD CONSTRAINT waitlist_signups_test_check CHECK (email NOT LIKE 'refused%')`.execute(db);
    } else {
      await sql`CREATE TRIGGER waitlist_signups_test_check BEFORE INSERT ON waitlist_signups WHEN NEW.email LIKE 'refused%'
        BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist_signups_test_check'); END`.execute(db);
    }
    const res = await post(aPost({ email: 'refused@example.com', formToken: 'token-refused-by-db' }));
    expect(res.statusCode).toBe(400);
    expect(renderedState(res.body).signup?.error?.code).toBe(ERROR_CODES.checkViolation);
    expect(await rowsOf('refused@example.com')).toEqual([]);
  });

  it('discards a post with the honeypot filled, answering as if stored', async () => {
    const res = await post(aPost({ email: 'bot@example.com', website: 'http://spam.example' }));
    expect(res.statusCode).toBe(303);
    expect(await rowsOf('bot@example.com')).toEqual([]);
  });

  it('answers the (n+1)th post of a minute with the page: 429, Retry-After, the values kept', async () => {
    const limited = await suite.makeApp({ SIGNUP_RATE_LIMIT: '2' });
    expect((await post(aPost({ email: 'limit-1@example.com', formToken: 'token-limit-1-xxxx' }), '/', limited)).statusCode).toBe(303);
    expect((await post(aPost({ email: 'not-valid' }), '/about', limited)).statusCode).toBe(422);
    const res = await post(aPost({ email: 'limit-3@example.com', formToken: 'token-limit-3-xxxx' }), '/', limited);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const { signup } = renderedState(res.body);
    expect(signup?.error?.code).toBe(ERROR_CODES.rateLimited);
    expect(signup?.values.email).toBe('limit-3@example.com');
    expect(await rowsOf('limit-3@example.com')).toEqual([]);
  });

  it('counts the form and the API against one budget per client: two through the API leave none for the form', async () => {
    const limited = await suite.makeApp({ SIGNUP_RATE_LIMIT: '2' });
    const remoteAddress = '198.51.100.77';
    for (const email of ['both-1@example.com', 'both-2@example.com']) {
      const res = await limited.inject({
        method: 'POST',
        url: SIGNUPS_PATH,
        remoteAddress,
        headers: apiHeaders(),
        payload: validSignup({ email }),
      });
      expect(res.statusCode).toBe(201);
    }
    const form = await limited.inject({
      method: 'POST',
      url: '/',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: urlencoded(aPost({ email: 'both-3@example.com', formToken: 'token-both-3-xxxxxxxx' })),
    });
    expect(form.statusCode).toBe(429);
    expect(await rowsOf('both-3@example.com')).toEqual([]);
    // And the other way round for another client: the form's post leaves the API one.
    const other = '198.51.100.78';
    const post = await limited.inject({
      method: 'POST',
      url: '/',
      remoteAddress: other,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: urlencoded(aPost({ email: 'both-4@example.com', formToken: 'token-both-4-xxxxxxxx' })),
    });
    expect(post.statusCode).toBe(303);
    const api = (email: string) =>
      limited.inject({ method: 'POST', url: SIGNUPS_PATH, remoteAddress: other, headers: apiHeaders(), payload: validSignup({ email }) });
    expect((await api('both-5@example.com')).statusCode).toBe(201);
    expect((await api('both-6@example.com')).statusCode).toBe(429);
  });

  // @fastify/rate-limit keys an IPv6 client by its /64 (its default ipv6Subnet); this keeps it so.
  it('counts an IPv6 client per /64: a post from the next address of the same /64 is refused too', async () => {
    const limited = await suite.makeApp({ SIGNUP_RATE_LIMIT: '1' });
    const from = (remoteAddress: string, email: string) =>
      limited.inject({
        method: 'POST',
        url: '/',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: urlencoded(aPost({ email, formToken: `token-${email.slice(0, 6)}-xxxxxxxx` })),
      });
    expect((await from('2001:db8:9:1::1', 'six-a@example.com')).statusCode).toBe(303);
    expect((await from('2001:db8:9:1::2', 'six-b@example.com')).statusCode).toBe(429);
    expect((await from('2001:db8:9:1:ffff::7', 'six-c@example.com')).statusCode).toBe(429);
    expect((await from('2001:db8:9:2::1', 'six-d@example.com')).statusCode).toBe(303);
  });

  it('answers 500 with Unexpected Application Error! and a plain sentence when the page cannot be rendered, never the exception', async () => {
    const res = await post({ email: 'x', desiredOutcomes: ['Other'], otherOutcome: 'explode' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<h1>${UNEXPECTED_ERROR_TITLE}</h1>`);
    expect(res.body).toContain(CATALOGUE.en.site.error.pageFailed);
    expect(res.body).not.toContain('The page exploded');
    expect(res.body).not.toContain('The error page exploded too');
  });

  it('answers with a page, not JSON, when the body is too large; pages without the form take no posts', async () => {
    const big = await post(aPost({ otherOutcome: 'x'.repeat(20_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toContain('text/html');
    expect((await post(aPost(), '/privacy')).statusCode).toBe(404);
  });
});
