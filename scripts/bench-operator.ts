import { execFileSync } from 'node:child_process';
import type { RunningServer } from '../e2e/support/server';

/** The benches' operator: made with the CLI as the README says, then signed in; answers the session cookie. */
export const BENCH_OPERATOR = { email: 'bench-owner@example.com', password: 'bench-password-0123456789' };

export async function signInOperator(server: RunningServer, extraArgs: string[] = []): Promise<string> {
  try {
    execFileSync(process.execPath, ['server/dist/admin-cli.js', 'add', BENCH_OPERATOR.email, '--password-stdin', ...extraArgs], {
      input: BENCH_OPERATOR.password,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: server.database.dataDir,
        ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    // A database a bench made before (--reuse) has its operator already.
    if (!/already exists/.test(String((error as { stderr?: unknown }).stderr))) throw error;
  }
  const response = await fetch(new URL('/api/admin/session', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(BENCH_OPERATOR),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
