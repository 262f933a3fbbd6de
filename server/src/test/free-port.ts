import net from 'node:net';

/**
 * A TCP port on loopback that nothing listens on right now, for a server a test starts (and may stop and start again
 * on the same port). Test files run side by side (vitest workers), so a port the OS hands out (`listen(0)`) and gives
 * back before the server binds it could be handed to another file meanwhile. Inside a vitest worker each worker takes
 * its ports from a band of its own below the OS's ephemeral range (32768 and up on Linux), which the OS never hands
 * out: no two files ever race for one, whatever the timing. Outside vitest (a bench script) the OS picks.
 */
const FIRST = 12_000;
const BAND = 400;
let taken = 0;

const osPort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(worker) || worker < 1) return osPort();
  const base = FIRST + ((worker - 1) % 45) * BAND;
  for (let tries = 0; tries < BAND; tries++) {
    const port = base + (taken++ % BAND);
    // A port of this band still held (a server of the file before, not yet gone) is passed over.
    if (await isFree(port)) return port;
  }
  return osPort();
}
