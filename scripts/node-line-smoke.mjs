#!/usr/bin/env node
// The smoke test of a Node.js line (scripts/node-line-stage.sh): the built server started on the running node with the
// embedded database and a local SMTP server; one sign-up through the public API must be stored and its confirmation
// mail received. Exits non-zero with the reason otherwise.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fail = (why) => {
  console.error(`[smoke] ${why}`);
  process.exit(1);
};
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-smoke-'));
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_POLL_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);

const deadline = Date.now() + 30_000;
const until = async (what, check) => {
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`gave up waiting: ${what}`);
};
await until('the server to answer /readyz', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);

const email = `smoke-${process.versions.node.split('.')[0]}@example.com`;
const res = await fetch(`http://127.0.0.1:${port}/rest/v1/waitlist_signups`, {
  method: 'POST',
  headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
  body: JSON.stringify({ email, role: 'Product Manager', company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
});
if (res.status !== 201) fail(`the sign-up answered ${res.status}: ${await res.text()}`);
await until('the confirmation mail', async () => received.some((m) => m.to.includes(email) && /confirm/i.test(m.raw)));

stop();
await new Promise((resolve) => server.once('exit', resolve));
const db = new Database(path.join(dataDir, 'waitlist.db'), { readonly: true });
const row = db.prepare('SELECT email FROM waitlist_signups WHERE email = ?').get(email);
db.close();
if (!row) fail('the sign-up is not in the database');
smtp.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`[smoke] Node.js ${process.versions.node}: a sign-up stored and its confirmation mailed`);
