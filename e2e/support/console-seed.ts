import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backdateSignups, daysAgo } from '../../server/src/test/back-date';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/** What the console's browser test works with: an operator, seeded people, the CLI, and backdated rows. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OPERATOR = 'founder@example.com';
export const PASSWORD = 'a long and private passphrase';
export const TARGET = 'grace.hopper@navy.example.com';
export const FORMULA = '=cmd|"/c calc"!A1';

export const ROLES = [
  'Head of Innovation / Innovation Director',
  'Innovation Manager / Program Manager',
  'Product Manager',
  'R&D Manager / Lead',
  'Consultant / Advisor',
];
export const SIZES = ['1-10 employees', '51-200 employees', '201-500 employees', '1000+ employees'];
export const OUTCOMES = [
  'Speed up time-to-market',
  'Reduce uncertainty systematically at scale',
  'Make innovation efforts more structured',
  'Improve cross-functional collaboration',
  'Reuse insights',
];
export const NAMES = [
  'ada.lovelace',
  'alan.turing',
  'barbara.liskov',
  'edsger.dijkstra',
  'frances.allen',
  'john.backus',
  'ken.thompson',
  'katherine.johnson',
  'linus.pauling',
  'margaret.hamilton',
  'niklaus.wirth',
  'radia.perlman',
  'tim.berners-lee',
  'annie.easley',
  'donald.knuth',
  'shafi.goldwasser',
  'leslie.lamport',
  'hedy.lamarr',
  'claude.shannon',
  'sophie.wilson',
  'dennis.ritchie',
  'joan.clarke',
  'karen.sparck-jones',
  'jean.sammet',
  'guido.rossum',
  'carol.shaw',
  'bjarne.stroustrup',
  'evelyn.boyd',
];

/** `npm run admin -- …` exactly as the README says, against the server's own database. */
export function runAdminCli(server: RunningServer, args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: server.database.dataDir,
        ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.stdin.end(stdin);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * An operator made the one way the README tells a founder to: `npm run admin -- add` (the team service behind it).
 * Every e2e test that needs someone signed in makes them here.
 */
export async function addOperator(server: RunningServer, email = OPERATOR, password = PASSWORD, role = 'owner'): Promise<void> {
  const added = await runAdminCli(server, ['add', email, '--role', role, '--password-stdin'], `${password}\n`);
  if (added.code !== 0) throw new Error(`npm run admin -- add ${email} failed (${added.code}): ${added.output}`);
}

/** Spreads the seeded sign-ups over the last weeks so the per-day chart has a shape (test data, dated the tests' one way). */
export async function backdate(server: RunningServer, emailsByDaysAgo: [string, number][]) {
  const database = server.database.open();
  try {
    await backdateSignups(
      database,
      emailsByDaysAgo.map(([email, days]) => [email, daysAgo(days)] as const),
    );
  } finally {
    await database.close();
  }
}

/** Opens the console at `origin` and signs in with a password, as a founder fills the form (the seeded owner by default). */
export async function signInToConsole(page: Page, origin: string, as = { email: OPERATOR, password: PASSWORD }): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('E-mail').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in (as `signInToConsole`) and waits for the console's first screen, the Sign-ups list. */
export async function openConsoleAs(page: Page, origin: string, as = { email: OPERATOR, password: PASSWORD }): Promise<void> {
  await signInToConsole(page, origin, as);
  await page.getByRole('heading', { level: 1, name: 'Sign-ups' }).waitFor();
}

/**
 * Signs in through the console's API, as the console's script does (for a test that drives the API, not the screens):
 * answers the session's cookie, to send as the `cookie` header (with `origin`, as the browser would).
 */
export async function signInByApi(server: RunningServer, as = { email: OPERATOR, password: PASSWORD }): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(as),
  });
  if (response.status !== 200) throw new Error(`signing in through the API answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
