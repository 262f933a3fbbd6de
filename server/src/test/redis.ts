import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The test's own redis-server on a free loopback port, in its own directory, with persistence off: tests may
 * kill, freeze and restart it, and never touch the machine's shared Redis on 6379.
 */
export interface TestRedis {
  /** redis://127.0.0.1:PORT (what REDIS_URL would be). */
  readonly url: string;
  readonly port: number;
  /** True while the server process is alive (it may be frozen). */
  readonly running: boolean;
  /** Resolves when PING gets PONG within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** kill -9: connections drop at once, and the data is gone (nothing is saved). */
  kill(): Promise<void>;
  /** A new server on the same port (after kill). */
  restart(): Promise<void>;
  /** SIGSTOP: the port still accepts connections but nothing answers (a Redis that hangs). */
  freeze(): void;
  /** SIGCONT after freeze. */
  thaw(): void;
  /** Everything redis-server printed (for failure messages). */
  logs(): string;
  /** Kills the server and removes its directory. */
  close(): Promise<void>;
}

import { freePort } from './free-port';

const REDIS_SERVER = 'redis-server';
const START_TIMEOUT_MS = 10_000;

/** One PING over a raw socket (RESP inline command), so the fixture needs no client library. */
function pingOnce(port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`redis on ${port} did not answer PING within ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (!answer.includes('\r\n')) return;
      socket.end();
      if (answer.startsWith('+PONG')) resolve();
      else reject(new Error(`redis on ${port} answered ${JSON.stringify(answer.trim())}`));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

const alive = new Set<ChildProcess>();
// A test worker that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

export async function startTestRedis(): Promise<TestRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-redis-'));
  let port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const spawnServer = async () => {
    output = '';
    const proc = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    alive.add(proc);
    proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let spawnError: Error | undefined;
    proc.once('error', (error) => (spawnError = error));
    exited = new Promise<void>((resolve) =>
      proc.once('close', () => {
        alive.delete(proc);
        resolve();
      }),
    );
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (spawnError) throw new Error(`cannot run ${REDIS_SERVER} (install Debian's redis-server): ${spawnError.message}`);
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}:\n${output}`);
      try {
        await pingOnce(port, 500);
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          proc.kill('SIGKILL');
          throw new Error(`redis-server did not answer within ${START_TIMEOUT_MS} ms: ${(error as Error).message}\n${output}`);
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const kill = async () => {
    if (running()) {
      child!.kill('SIGCONT'); // a frozen process still dies on SIGKILL; this only keeps its state tidy
      child!.kill('SIGKILL');
    }
    await exited;
  };

  // Another process may take the free port between probing and binding: probe again and retry once.
  try {
    await spawnServer();
  } catch (error) {
    if (!/Address already in use/i.test(output)) throw error;
    port = await freePort();
    await spawnServer();
  }

  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    get running() {
      return running();
    },
    ping: (timeoutMs = 1000) => pingOnce(port, timeoutMs),
    kill,
    async restart() {
      await kill();
      await spawnServer();
    },
    freeze() {
      if (running()) child!.kill('SIGSTOP');
    },
    thaw() {
      if (running()) child!.kill('SIGCONT');
    },
    logs: () => output,
    async close() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
