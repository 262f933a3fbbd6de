import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_RETENTION_DAYS } from '@waitlist/contract';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { ADMIN_TEST_ENV, addOperator, adminClient, auditEntries, signIn } from '../../test/console';
import { DIALECTS } from '../../test/databases';
import { pageText } from '../../test/fixtures';
import { solvedChallenge } from '../../test/proof-of-work';
import type { App } from '../../app';
import { UNVERIFIED_BUDGET } from '../../services/mail-budget';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const encode = (fields: [string, string][]) => new URLSearchParams(fields).toString();
const tokenOf = (html: string) => /name="formToken" value="([A-Za-z0-9_-]+)"/.exec(html)?.[1];

/** A buyer's request as the trust page's form posts it without script, with a token from a fresh page. */
async function post(
  app: App,
  fields: Partial<Record<'name' | 'email' | 'company' | 'message' | 'website' | 'altcha', string>> & { documents?: string[] },
  path = '/trust',
) {
  const page = await app.inject({ method: 'GET', url: path });
  const token = tokenOf(page.body)!;
  const { documents = ['security-overview', 'signed-dpa'], ...rest } = fields;
  const body: [string, string][] = [
    ['name', 'Ingrid Buyer'],
    ['email', 'ingrid.buyer@volvo.example'],
    ['company', 'Volvo Cars'],
    ...documents.map((d): [string, string] => ['documents', d]),
    ['message', 'Our review closes on 15 December.'],
    ['website', ''],
    ['formToken', token],
  ];
  for (const [name, value] of Object.entries(rest)) {
    const at = body.findIndex(([n]) => n === name);
    if (at >= 0) body[at] = [name, value];
    else body.push([name, value]);
  }
  return { token, body, res: await app.inject({ method: 'POST', url: path, headers: FORM, payload: encode(body) }) };
}

const stored = (app: App) => app.database.db.selectFrom('document_requests').selectAll().orderBy('id').execute();
const ownerMails = (app: App) =>
  app.database.db.selectFrom('outbox').select(['payload', 'held']).where('topic', '=', 'operator-document-request').orderBy('id').execute();

/**
 * Issue 37 item 1, "request our security documents": the trust page's form works without script, keeps what was typed
 * when something is wrong, stores one request however often it is sent, mails each owner (replying reaches the buyer),
 * lists the requests in the console until a member marks one answered (audited), and follows the sign-up form's
 * rules: a honeypot, a rate limit per network, and without a solved proof of work the owners' mail waits for the budget.
 */
describe.each(DIALECTS)('requests for our security documents on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
  }));

  it('is a form that works without script: problems beside their fields with nothing stored, then one request, mailed to each owner', async () => {
    const owner = await addOperator(suite.app, 'owner@acme.example');
    const cofounder = await addOperator(suite.app, 'cofounder@acme.example');
    const member = await addOperator(suite.app, 'member@acme.example', undefined, 'member');

    const page = await suite.app.inject({ method: 'GET', url: '/trust' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="security-documents">Request our security documents</h2>');
    expect(page.body).toMatch(/<form[^>]*action="\/trust#security-documents"[^>]*method="post"/);
    expect(tokenOf(page.body)).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    // Nothing right: each problem beside its field, what was typed kept, nothing stored or mailed.
    const wrong = await post(suite.app, { name: ' ', email: 'ingrid@', company: 'Volvo Cars', documents: [], message: 'x'.repeat(1001) });
    expect(wrong.res.statusCode).toBe(422);
    const answer = pageText(wrong.res.body);
    expect(answer).toContain('The request was not sent. Please check the fields marked below.');
    expect(answer).toContain('Please enter your name');
    expect(answer).toContain('Please enter a valid e-mail address');
    expect(answer).toContain('Please choose at least one document');
    expect(answer).toContain('Please keep the message to 1,000 characters or fewer');
    expect(answer).not.toContain('Please enter your company');
    expect(wrong.res.body).toMatch(/id="document-request-email"[^>]*value="ingrid@"|value="ingrid@"[^>]*id="document-request-email"/);
    expect(wrong.res.body).toContain('value="Volvo Cars"');
    expect(wrong.res.body).toMatch(/id="document-request-name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="document-request-name"/);
    // A header in a name is not one.
    const injected = await post(suite.app, { company: 'Volvo\r\nBcc: everyone@example.com' });
    expect(injected.res.statusCode).toBe(422);
    expect(await stored(suite.app)).toHaveLength(0);

    // Right: 303 to the thank-you page, one request, a mail to each owner (not the member) that a reply sends to the buyer.
    const sent = await post(suite.app, {});
    expect(sent.res.statusCode).toBe(303);
    expect(sent.res.headers.location).toBe('/trust/requested');
    const thanks = await suite.app.inject({ method: 'GET', url: '/trust/requested' });
    expect(thanks.statusCode).toBe(200);
    expect(pageText(thanks.body)).toContain('Your request reached the founders');
    expect(thanks.body).toContain('<meta name="robots" content="noindex" />');
    const rows = await stored(suite.app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ingrid Buyer',
      email: 'ingrid.buyer@volvo.example',
      company: 'Volvo Cars',
      documents: 'security-overview signed-dpa',
      message: 'Our review closes on 15 December.',
      locale: 'en',
    });
    expect(Number(rows[0]!.proof_of_work)).toBe(0);
    for (const to of [owner.email, cofounder.email]) {
      const mail = await smtp.nextMailTo(to, { timeoutMs: 15_000 });
      expect(mail.subject).toBe('Volvo Cars asks for our security documents');
      expect(mail.headers.get('reply-to')).toMatchObject({ text: 'ingrid.buyer@volvo.example' });
      expect(mail.text).toContain('Ingrid Buyer');
      expect(mail.text).toContain('Security overview, Signed data processing agreement');
      expect(mail.text).toContain('Our review closes on 15 December.');
      expect(mail.text).toContain('http://localhost:3000/admin/pilots/calls');
    }

    // The same post again (a double click, a reload of the POST): still one request, no more mail.
    const again = await suite.app.inject({ method: 'POST', url: '/trust', headers: FORM, payload: encode(sent.body) });
    expect(again.statusCode).toBe(303);
    expect(await stored(suite.app)).toHaveLength(1);
    expect(await ownerMails(suite.app)).toHaveLength(2);

    // The honeypot: answered as if sent, nothing stored.
    const bot = await post(suite.app, { website: 'https://spam.example' });
    expect(bot.res.statusCode).toBe(303);
    expect(await stored(suite.app)).toHaveLength(1);

    // In Swedish, from /sv/trust: the Swedish thank-you page, the request in Swedish.
    const sv = await post(
      suite.app,
      { name: 'Åsa Inköpare', email: 'asa@scania.example', company: 'Scania', documents: ['questionnaire'] },
      '/sv/trust',
    );
    expect(sv.res.statusCode).toBe(303);
    expect(sv.res.headers.location).toBe('/sv/trust/requested');
    expect(pageText((await suite.app.inject({ method: 'GET', url: '/sv/trust/requested' })).body)).toContain(
      'Din begäran har nått grundarna',
    );
    expect((await stored(suite.app)).at(-1)).toMatchObject({ company: 'Scania', locale: 'sv', documents: 'questionnaire' });
    expect(smtp.mailsTo(member.email)).toHaveLength(0);

    // The console: every operator sees them; a member marks one answered, audited; a viewer cannot; twice is a 404.
    const viewer = await addOperator(suite.app, 'viewer@acme.example', undefined, 'viewer');
    const asViewer = adminClient(
      () => suite.app,
      () => viewerCookie,
    );
    const viewerCookie = await signIn(suite.app, viewer.email);
    const list = await asViewer('GET', '/document-requests');
    expect(list.statusCode).toBe(200);
    const { items, open } = list.json<{
      items: { id: number; company: string; documents: string[]; proof_of_work: boolean }[];
      open: number;
    }>();
    expect(open).toBe(2);
    expect(items.map((i) => i.company)).toEqual(['Scania', 'Volvo Cars']);
    expect(items[1]).toMatchObject({ documents: ['security-overview', 'signed-dpa'], proof_of_work: false });
    expect((await asViewer('POST', `/document-requests/${items[1]!.id}/answered`, {})).statusCode).toBe(403);
    const memberCookie = await signIn(suite.app, member.email);
    const asMember = adminClient(
      () => suite.app,
      () => memberCookie,
    );
    const answered = await asMember('POST', `/document-requests/${items[1]!.id}/answered`, {});
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ company: 'Volvo Cars', answered_by: member.email });
    expect((await asMember('POST', `/document-requests/${items[1]!.id}/answered`, {})).statusCode).toBe(404);
    expect((await asMember('GET', '/document-requests')).json()).toMatchObject({ open: 1 });
    expect(await auditEntries(suite.app, 'document-request.answer')).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        operator_id: member.id,
        target: `document-request:${items[1]!.id}`,
        detail: 'Volvo Cars',
      }),
      expect.objectContaining({ outcome: 'failed', operator_id: member.id }),
    ]);
  });

  it('follows the sign-up form’s rules: a solved proof of work mails at once, none waits for the budget; a flood from one network is refused', async () => {
    const app = await suite.makeApp({ SIGNUP_RATE_LIMIT: '10', UNVERIFIED_MAIL_BUDGET_PER_HOUR: '1', SMTP_URL: undefined });
    await suite.app.database.db.deleteFrom('document_requests').execute();
    await suite.app.database.db.deleteFrom('outbox').where('topic', '=', 'operator-document-request').execute();
    // The hour's budget of unproven mail is spent already, so what waits for it is still waiting when the test looks.
    await suite.app.database.db
      .insertInto('mail_budgets')
      .values({ name: UNVERIFIED_BUDGET, tokens: 0, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ tokens: 0, updated_at: new Date().toISOString() }))
      .execute();

    const proven = await post(app, { company: 'Ericsson', altcha: await solvedChallenge(app) });
    expect(proven.res.statusCode).toBe(303);
    const unproven = await post(app, { company: 'Sandvik' });
    expect(unproven.res.statusCode).toBe(303);
    const rows = await stored(app);
    expect(rows.map((r) => [r.company, Number(r.proof_of_work)])).toEqual([
      ['Ericsson', 1],
      ['Sandvik', 0],
    ]);
    const mails = await ownerMails(app);
    const owners = (await app.stores.operatorAccounts.list()).filter((o) => o.role === 'owner').length;
    expect(mails.map((m) => Number(m.held))).toEqual([...Array(owners).fill(0), ...Array(owners).fill(1)]);

    // Five in ten minutes from one network; the sixth is refused with the page, what was typed kept, nothing stored.
    for (let i = 0; i < 3; i++) expect((await post(app, { company: `Company ${i}` })).res.statusCode).toBe(303);
    const refused = await post(app, { company: 'One too many' });
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.headers['retry-after']).toMatch(/^\d+$/);
    expect(pageText(refused.res.body)).toContain('Too many requests came from your network');
    expect(refused.res.body).toContain('value="One too many"');
    expect(await stored(app)).toHaveLength(5);
  });

  it(`erases a request ${DOCUMENT_REQUEST_RETENTION_DAYS} days after it arrived, not before`, async () => {
    await suite.app.database.db.deleteFrom('document_requests').execute();
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    for (const [company, daysAgo] of [
      ['Old AB', DOCUMENT_REQUEST_RETENTION_DAYS + 1],
      ['Recent AB', DOCUMENT_REQUEST_RETENTION_DAYS - 1],
    ] as const) {
      await suite.app.database.db
        .insertInto('document_requests')
        .values({
          name: 'N',
          email: 'n@x.example',
          company,
          documents: 'other',
          message: null,
          locale: 'en',
          proof_of_work: 0,
          created_at: at(daysAgo),
        })
        .execute();
    }
    expect(await suite.app.services.documentRequests.prune()).toBe(1);
    expect((await stored(suite.app)).map((r) => r.company)).toEqual(['Recent AB']);
  });
});
