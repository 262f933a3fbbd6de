import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_SESSION_COOKIE, SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS, describe, expect, test } from './support/fixtures';
import type { RunningServer } from './support/server';

/**
 * A full run of sign-ups and operator actions against the built server at LOG_LEVEL=info, then a search of
 * everything it printed: no e-mail address, password, API key or session token may appear in any line.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEY = 'log-test-public-key-9876';
const PASSWORD = 'correct horse battery staple 42';
const ANY_EMAIL = /[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/;

function addOperator(server: RunningServer, email: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'admin-cli.js'), 'add', email, '--password-stdin'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: server.database.dataDir,
        ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin add exited ${code}: ${output}`))));
    child.stdin.end(`${PASSWORD}\n`);
  });
}

describe.each(DIALECTS)('what the server logs at info level on %s', (dialect) => {
  const secrets: string[] = [KEY, PASSWORD];
  const run = Date.now().toString(36);
  const person = `Log.Person.${run}@Example.com`;
  const operator = `log-operator-${run}@example.com`;

  test.override('serverOptions', {
    dialect,
    env: { WAITLIST_PUBLIC_KEY: KEY, LOG_LEVEL: 'info', SIGNUP_RATE_LIMIT: '20', ADMIN_SIGNIN_RATE_LIMIT: '30' },
  });

  test('a full run of sign-ups and operator actions leaves no e-mail address, password, key or token in the log', async ({ server }) => {
    await addOperator(server, operator);
    const api = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const signup = (email: string, extra: Record<string, unknown> = {}) => ({
      email,
      role: 'Product Manager',
      company_size: '11-50 employees',
      desired_outcomes: ['Other'],
      other_outcome: `note for ${email}`,
      ...extra,
    });

    // The public side: stored, duplicate, invalid, check violation, honeypot, too large, replay, unknown column.
    expect((await api(signup(person))).status).toBe(201);
    expect((await api(signup(` ${person.toUpperCase()} `))).status).toBe(409);
    expect((await api(signup(`broken ${run}@example.com`))).status).toBe(400);
    expect((await api(signup(`check-${run}@example.com`, { role: 'CEO' }))).status).toBe(400);
    expect((await api(signup(`bot-${run}@example.com`, { website: 'https://spam.example' }))).status).toBe(201);
    expect((await api(signup(`big-${run}@example.com`, { other_outcome: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await api(`{"email":"truncated-${run}@example.com",`)).status).toBe(400);
    expect((await api({ ...signup(`col-${run}@example.com`), [`extra-${run}@example.com`]: 1 })).status).toBe(400);
    const idem = { 'idempotency-key': `log-test-${run}-0001` };
    expect((await api(signup(`idem-${run}@example.com`), idem)).status).toBe(201);
    expect((await api(signup(`idem-${run}@example.com`), idem)).status).toBe(201);
    expect((await fetch(`${server.url}${SIGNUPS_PATH}?email=eq.${encodeURIComponent(person)}`, { headers: { apikey: KEY } })).status).toBe(
      401,
    );
    expect((await fetch(`${server.url}/no-such-page?email=${encodeURIComponent(person)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/unsubscribe/${person}`)).status).toBe(404);
    // The form posted without script: stored, the same again, duplicate, invalid, honeypot, too large.
    const form = (email: string, extra: Record<string, string> = {}) =>
      fetch(`${server.url}/about`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email,
          role: 'Product Manager',
          companySize: '11-50 employees',
          desiredOutcomes: 'Other',
          otherOutcome: `note for ${email}`,
          privacyConsent: 'on',
          formToken: `form-token-${run}-0001`,
          ...extra,
        }),
        redirect: 'manual',
      });
    secrets.push(`form-token-${run}`);
    expect((await form(`form-${run}@example.com`)).status).toBe(303);
    expect((await form(`form-${run}@example.com`)).status).toBe(303);
    expect((await form(person, { formToken: `form-token-${run}-0002` })).status).toBe(409);
    expect((await form(`not an address ${run}@example`)).status).toBe(422);
    expect((await form(`form-bot-${run}@example.com`, { website: 'https://spam.example' })).status).toBe(303);
    expect((await form(`form-big-${run}@example.com`, { otherOutcome: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await fetch(`${server.url}/api/admin/signups/${encodeURIComponent(person)}`)).status).toBe(401);

    // The operator side.
    const admin = (method: string, url: string, { cookie, body, origin }: { cookie?: string; body?: unknown; origin?: string } = {}) =>
      fetch(`${server.url}/api/admin${url}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...(origin ? { origin } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await admin('POST', '/session', { body: { email: operator, password: 'wrong password guess' } })).status).toBe(401);
    expect((await admin('POST', '/session', { body: { email: `nobody-${run}@example.com`, password: PASSWORD } })).status).toBe(401);
    expect(
      (await admin('POST', '/session', { body: { email: operator, password: PASSWORD }, origin: 'https://evil.example' })).status,
    ).toBe(403);
    const signedIn = await admin('POST', '/session', { body: { email: operator, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const token = /admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
    expect(token).toBeTruthy();
    secrets.push(token!);
    const cookie = `${ADMIN_SESSION_COOKIE}=${token}`;

    expect((await admin('GET', '/session', { cookie })).status).toBe(200);
    const found = await admin('GET', `/signups?q=${encodeURIComponent(`person.${run}@exam`)}`, { cookie });
    expect(found.status).toBe(200);
    const { items } = (await found.json()) as { items: { id: number; email: string }[] };
    const id = items[0]!.id;
    expect((await admin('GET', `/signups/${id}`, { cookie })).status).toBe(200);
    expect((await admin('GET', `/signups/${id}/export.json`, { cookie })).status).toBe(200);
    expect((await admin('GET', `/signups/export.csv?q=${encodeURIComponent(person)}`, { cookie })).status).toBe(200);
    const corrected = `corrected-${run}@example.com`;
    expect((await admin('PATCH', `/signups/${id}`, { cookie, body: { email: corrected, other_outcome: `see ${corrected}` } })).status).toBe(
      200,
    );
    expect((await admin('GET', '/stats', { cookie })).status).toBe(200);
    expect((await admin('DELETE', `/signups/${id}`, { cookie })).status).toBe(204);
    expect((await admin('DELETE', '/session', { cookie })).status).toBe(204);
    expect((await admin('GET', '/signups', { cookie })).status).toBe(401);
    // Slow this network down for the account (wrong passwords, then the right one must wait too).
    for (let i = 0; i < 6; i++) await admin('POST', '/session', { body: { email: operator, password: `guess ${i}` } });
    expect((await admin('POST', '/session', { body: { email: operator, password: PASSWORD } })).status).toBe(429);

    const logs = server.logs();
    const lines = logs.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(40); // info level really logged the run
    const leaks = lines.filter(
      (line) => ANY_EMAIL.test(line) || secrets.some((s) => line.includes(s)) || /person\.|corrected-/i.test(line),
    );
    expect(leaks, `log lines with personal data or secrets:\n${leaks.join('\n')}`).toEqual([]);
  });
});
