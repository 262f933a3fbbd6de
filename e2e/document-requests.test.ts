import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, axeViolations, openPage, screenshot } from './support/browser';
import { OPERATOR, addOperator, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The trust page's "request our security documents" (issue 37 item 1), in Chromium against the built server: a buyer
 * with scripts off sends it (a mistake first: told beside the field, what was typed kept), another with script sends it
 * with the keyboard (its proof of work solved on the way), each owner gets a mail to reply to, and the founder marks
 * the request answered on the console's Pilots screen. axe finds nothing on the page, its errors, the thank-you page or
 * the console's panel. Sent from a slow phone: e2e/timing/slow-phone.test.ts.
 */
describe('requests for our security documents', () => {
  // A small proof of work: the test waits for the page, not for hashing on a busy machine.
  const suite = useServerWithMail({ env: { ALTCHA_MAX_NUMBER: '2000' } });
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('reaches the owners from a page with scripts off and with them, and is marked answered in the console', async () => {
    const { server, browser, smtp } = suite;

    // Scripts off: a mistake first, then the request.
    const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(`${server.url}/trust`);
    const form = noScript.locator('form[data-proof-of-work]');
    await form.getByLabel('Your name').fill('Ingrid Buyer');
    await form.getByLabel('Work e-mail').fill('ingrid.buyer@volvo');
    await form.getByLabel('Company').fill('Volvo Cars');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await noScript.getByText('The request was not sent. Please check the fields marked below.').waitFor();
    await noScript.getByText('Please enter a valid e-mail address').waitFor();
    await noScript.getByText('Please choose at least one document').waitFor();
    expect(await form.getByLabel('Your name').inputValue()).toBe('Ingrid Buyer');
    expect(await form.getByLabel('Work e-mail').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Work e-mail').fill('ingrid.buyer@volvo.example');
    await form.getByRole('checkbox', { name: 'A signed data processing agreement' }).check();
    await form.getByLabel('Anything we should know (optional)').fill('Our review closes on 15 December.');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await noScript.getByRole('heading', { level: 1, name: 'Your request reached the founders' }).waitFor();
    expect(new URL(noScript.url()).pathname).toBe('/trust/requested');
    await plain.close();

    // With script, in Swedish, by keyboard: the proof of work goes with it.
    const context = await browser.newContext(DESKTOP);
    const { page, problems } = await openPage(context);
    await page.goto(`${server.url}/sv/trust`);
    const sv = page.locator('form[data-proof-of-work]');
    await sv.getByLabel('Ditt namn').focus();
    await page.keyboard.type('Åsa Inköpare');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Scania');
    await page.keyboard.press('Tab');
    await page.keyboard.type('asa@scania.example');
    await sv.getByRole('checkbox', { name: 'Svar på ert säkerhetsformulär' }).focus();
    await page.keyboard.press('Space');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'trust-document-request', sv);
    await sv.getByRole('button', { name: 'Skicka begäran' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Din begäran har nått grundarna' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);

    const rows = await server.query<{ company: string; locale: string; proof_of_work: number }>(
      'SELECT company, locale, proof_of_work FROM document_requests ORDER BY id',
    );
    expect(rows.map((r) => [r.company, r.locale, Number(r.proof_of_work)])).toEqual([
      ['Volvo Cars', 'en', 0],
      ['Scania', 'sv', 1],
    ]);
    // The owner's mail for the request with a proof of work leaves at once; a reply goes to the buyer.
    const mail = await smtp.nextMailTo(OPERATOR, { subject: /Scania/, timeoutMs: 20_000 });
    expect(mail.parsed.replyTo?.text).toBe('asa@scania.example');

    // The founder: the Pilots' calls and requests page lists both, one marked answered.
    await signInToConsole(page, server.url);
    await page.getByRole('link', { name: 'Calls and requests' }).click();
    const table = page.getByRole('table', { name: 'Requests for security documents, newest first' });
    await table.getByRole('row', { name: /Volvo Cars/ }).waitFor();
    await page.getByText('2 not answered yet.').waitFor();
    await table.getByRole('button', { name: 'Mark the request of Ingrid Buyer (Volvo Cars) answered' }).click();
    await table.getByRole('row', { name: new RegExp(`Volvo Cars.*by ${OPERATOR}`) }).waitFor();
    await page.getByText('1 not answered yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-document-requests');
    await context.close();
  });
});
