import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP endpoint inside the test process, on loopback, that records every request it gets (a webhook
 * receiver): tests point the server at `url` and read `requests`. It answers `status` (default 204), and can stop
 * and start again on the same port, so "receiver down for a while" is tested over TCP, not with a mock.
 */
export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
}

export interface TestHttpReceiver {
  readonly url: string;
  readonly requests: readonly ReceivedRequest[];
  /** The status every request is answered with from now on. */
  answerWith(status: number): void;
  /** Waits until `count` requests in total have arrived. */
  waitForCount(count: number, options?: { timeoutMs?: number }): Promise<readonly ReceivedRequest[]>;
  /** Stop listening (clients get "connection refused") until `start()`. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startHttpReceiver(): Promise<TestHttpReceiver> {
  const requests: ReceivedRequest[] = [];
  let status = 204;
  let port = 0;
  let server: http.Server | null = null;

  const listen = async () => {
    const instance = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(port, HOST, () => resolve());
    });
    port = (instance.address() as AddressInfo).port;
    server = instance;
  };

  await listen();

  const stop = async () => {
    const instance = server;
    if (!instance) return;
    server = null;
    instance.closeAllConnections();
    await new Promise<void>((resolve) => instance.close(() => resolve()));
  };

  return {
    url: `http://${HOST}:${port}`,
    get requests() {
      return requests;
    },
    answerWith(next) {
      status = next;
    },
    async waitForCount(count, { timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline)
          throw new Error(`Timed out after ${timeoutMs} ms waiting for ${count} requests (${requests.length} received)`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return requests;
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    async close() {
      await stop();
      requests.length = 0;
    },
  };
}
