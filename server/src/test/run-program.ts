import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Runs one of the server's command-line entries (`server/src/<entry>`, through tsx) as an operator runs it: with only
 * `env` (and PATH) for settings and `stdin` typed in, if given. Answers its exit code and everything it printed.
 */
export async function runProgram(
  entry: string,
  argv: readonly string[],
  { env, stdin }: { env: Record<string, string>; stdin?: string },
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'src', entry), ...argv], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  if (stdin !== undefined) child.stdin!.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, out };
}
