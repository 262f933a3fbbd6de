import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, screenshot } from './support/browser';
import { OPERATOR, PASSWORD, addOperator, signInToConsole } from './support/console-seed';
import { useServerWithMail } from './support/server-with-mail';

/**
 * The console for a team in Chromium (issue 25), against the built server with a real SMTP server: an owner invites a
 * teammate, who joins from the mail's link (the token leaves the address bar) and sees what a member may do; the owner
 * sets up an authenticator app from the QR code's key and gets recovery codes, registers a passkey (Chromium's
 * virtual authenticator) and signs in with it alone; the audit trail shows each step. axe finds nothing on any screen.
 */
const MATE = 'sales.lead@acme.example';
const MATE_PASSWORD = 'a teammate passphrase, long enough';

describe('the console for a team', () => {
  // A passkey belongs to a domain: the site is served as localhost.
  const suite = useServerWithMail({ env: { OUTBOX_POLL_MS: '100' }, siteHost: 'localhost' });
  const origin = () => suite.server.url.replace('127.0.0.1', 'localhost');
  beforeAll(async () => {
    await addOperator(suite.server);
  });

  it('invites a teammate who joins from the mail and works as a member; the owner adds an app, a passkey, and reads the trail', async () => {
    const { smtp, browser } = suite;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page, problems } = await openPage(context);
    await signInToConsole(page, origin());
    // An owner without a second factor is reminded.
    await page.getByText('protect it with a second factor').waitFor();

    // Team: invite a member.
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page.getByLabel('Their work e-mail').fill(MATE);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText(`${MATE} is invited as member`).waitFor();
    await page.getByRole('table', { name: 'Invitations not yet accepted' }).getByText(MATE).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-team');

    // The teammate's mail, and their first visit: the token leaves the address bar at once.
    const mail = await smtp.nextMailTo(MATE, { timeoutMs: 15_000 });
    const link = /https?:\/\/\S+\/admin\/join#[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const mateContext = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page: matePage } = await openPage(mateContext);
    await matePage.goto(link);
    await matePage.getByRole('heading', { name: 'Join the team' }).waitFor();
    expect(new URL(matePage.url()).hash).toBe('');
    expect(new URL(matePage.url()).pathname).toBe('/admin/join');
    expect(await axeViolations(matePage)).toEqual([]);
    await screenshot(matePage, 'console-join');
    await matePage.getByLabel('Password', { exact: true }).fill(MATE_PASSWORD);
    await matePage.getByLabel('The same password again').fill(MATE_PASSWORD);
    await matePage.getByRole('button', { name: 'Set my password and sign in' }).click();
    await matePage.getByRole('heading', { level: 1, name: 'Sign-ups' }).waitFor();
    await matePage.getByText(`${MATE} (member)`).waitFor();
    // What a member may not do is not offered.
    expect(await matePage.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await matePage.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    expect(await matePage.getByRole('link', { name: /Export CSV/ }).count()).toBe(0);
    await mateContext.close();

    // Security: an authenticator app from the QR code's key, then recovery codes shown once.
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code of your authenticator key' }).waitFor();
    const key = (await page.locator('.totp-secret').textContent())!.replace(/\s+/g, '');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-enrolment-qr');
    await page.getByLabel('Code from your app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn it on' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await page.locator('.recovery-codes li').count()).toBe(10);
    await screenshot(page, 'console-enrolment-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On: signing in asks for the six digits').waitFor();

    // A passkey, from Chromium's virtual authenticator (user verification included).
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.getByLabel('Name (which device)').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('The passkey is added').waitFor();
    await page.getByRole('table', { name: 'Your passkeys' }).getByText('Work laptop').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-security');

    // Signed out, a password alone no longer signs in; the passkey does, without password or code.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Code from your app').waitFor();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign-ups' }).waitFor();

    // With the app turned off the passkey is the account's only second factor: the password alone still does not
    // sign in, and the console leads to the passkey (the next step's code: the one used to turn the app on is spent).
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('A current code, to turn the app off').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Turn the authenticator app off' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('This account signs in with its passkey').waitFor();
    const withPasskey = page.getByRole('button', { name: 'Sign in with your passkey' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Sign in with your passkey');
    expect(await axeViolations(page)).toEqual([]);
    await withPasskey.click();
    await page.getByRole('heading', { level: 1, name: 'Sign-ups' }).waitFor();

    // Five minutes later (the session's sign-in dated back), changing how one signs in asks for a proof first; the
    // passkey gives it, and the buttons work again.
    await suite.server.execute('UPDATE operator_sessions SET created_at = ?, proved_at = NULL', [
      new Date(Date.now() - 6 * 60_000).toISOString(),
    ]);
    await page.getByRole('link', { name: 'Security' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add a passkey' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-security-confirm');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Add a passkey' }).isDisabled()).toBe(false);
    // Each change was mailed to the owner: the app, the passkey, the app turned off.
    const notices = () =>
      smtp.mails.filter((m) => m.recipients.includes(OPERATOR) && /sign in .* changed/.test(m.subject)).map((m) => m.text);
    await expect.poll(() => notices().length, { timeout: 15_000 }).toBe(3);
    for (const what of [/authenticator app was set up/, /passkey was added/, /authenticator app of your account was turned off/])
      expect(notices().some((text) => what.test(text))).toBe(true);

    // The audit trail shows each step, with who did it.
    await page.getByRole('link', { name: 'Audit' }).click();
    const trail = page.getByRole('table', { name: 'Operator actions, newest first' });
    for (const action of ['operator.invite', 'operator.join', 'two-factor.totp-on', 'two-factor.passkey-add', 'session.sign-in']) {
      await trail.getByText(action, { exact: true }).first().waitFor();
    }
    await trail.getByText(MATE).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-audit');
    await page.getByLabel('Action').fill('operator.invite');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    // The 401s are answers the console handles (nobody signed in yet; the password alone when a code is needed).
    const unexpected = problems.errors.filter((e) => !/status of 401/.test(e));
    expect(unexpected, JSON.stringify(unexpected)).toEqual([]);
    await context.close();
  });
});
