import net from 'node:net';
import { freePort } from '../../server/src/test/free-port';

/**
 * A loopback TCP proxy the test controls, placed between the server and PostgreSQL to simulate an outage.
 * `cut()` destroys every open connection and stops listening (new connections are refused with ECONNREFUSED);
 * `restore()` listens again on the same port (one of this vitest worker's own: free-port.ts). Only loopback targets are
 * allowed.
 */
export interface TcpProxy {
  readonly port: number;
  /** The same URL with host and port replaced by the proxy's. */
  rewrite(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Connections currently open through the proxy. */
  openConnections(): number;
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  if (!LOOPBACK.test(target.host)) throw new Error(`tcp-proxy only forwards to loopback, not ${target.host}`);
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  // A port of this worker's own band (free-port.ts): listening again on it after a cut races with no other file.
  const port = await freePort();
  await listen(port);

  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    port,
    rewrite(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    async restore() {
      if (!server.listening) await listen(port);
    },
    openConnections: () => sockets.size / 2,
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
  };
}
