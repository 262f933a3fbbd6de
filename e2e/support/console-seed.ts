import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
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

/** Spreads the seeded sign-ups over the last weeks so the per-day chart has a shape (test data, written directly). */
export async function backdate(server: RunningServer, emailsByDaysAgo: [string, number][]) {
  const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000).toISOString();
  if (server.database.url) {
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    try {
      for (const [email, days] of emailsByDaysAgo)
        await client.query('UPDATE waitlist_signups SET created_at = $1 WHERE email = $2', [iso(days), email]);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new BetterSqlite3(path.join(server.database.dataDir, 'waitlist.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const update = db.prepare('UPDATE waitlist_signups SET created_at = ? WHERE email = ?');
    for (const [email, days] of emailsByDaysAgo) update.run(iso(days), email);
  } finally {
    db.close();
  }
}
