import type net from 'node:net';
import { freePort } from './free-port';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { rawHeaderOf, streamToString, type ReceivedMail } from './received-mail';

export type { ReceivedMail } from './received-mail';

/**
 * A real SMTP server inside the test process, on loopback: mail the app sends is received over TCP, parsed with
 * mailparser, and kept for the test to read. It can refuse mail (4xx/5xx), answer slowly, or stop and come back
 * on the same port, so "SMTP down" and "SMTP slow" are tested against the real transport, not a mock.
 */

export interface SmtpFailure {
  /** SMTP reply code: 4xx is transient (the sender should retry), 5xx permanent. */
  code: number;
  message?: string;
  /** At which step the reply comes: a refused recipient or a refused message. Default: the message (DATA). */
  stage?: 'rcpt' | 'data';
  /** How many deliveries to refuse; default: every one until `recover()`. */
  times?: number;
}

export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://[user:pass@]127.0.0.1:port`, ready for SMTP_URL. */
  readonly url: string;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly ReceivedMail[];
  /** Every mail received for this address so far (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  /** The next mail for this address (whose subject matches `subject`, when given) that no earlier call returned; waits for it. */
  nextMailTo(address: string, options?: { timeoutMs?: number; subject?: RegExp }): Promise<ReceivedMail>;
  /** Waits until `count` mails in total have arrived. */
  waitForCount(count: number, options?: { timeoutMs?: number }): Promise<readonly ReceivedMail[]>;
  /** Refuse deliveries with this reply until `recover()` (or `times` deliveries). */
  fail(failure: SmtpFailure): void;
  /**
   * Refuse these recipients at RCPT for good: with 550 "no such mailbox" (a dead address, as a real server does), or
   * with the reply given (a receiver refusing our mail: `{ code: 550, message: '5.7.26 … DMARC policy' }`).
   */
  refuseRecipients(addresses: readonly string[], reply?: { code: number; message: string }): void;
  /** Answer each message only after this many ms (0 = at once). */
  delayReplies(ms: number): void;
  /** Answer no message until `recover()`: a test knows who holds which mail when it acts, instead of racing a delay. */
  holdReplies(): void;
  /** Accept mail normally again (ends `fail`, `refuseRecipients`, `delayReplies` and `holdReplies`, answering every held message). */
  recover(): void;
  /** Number of deliveries refused so far. */
  readonly refusals: number;
  /** Stop listening and drop open connections: clients get "connection refused" until `start()`. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  readonly running: boolean;
  /** Stop for good and forget the mails. */
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Require AUTH PLAIN/LOGIN with these credentials (they also go into `url`). Default: no auth. */
  auth?: { user: string; pass: string };
  /** Port to listen on; default: a free one. */
  port?: number;
}

class SmtpReplyError extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

const HOST = '127.0.0.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const port = options.port ?? (await freePort());
  const mails: ReceivedMail[] = [];
  /** Per recipient, the mails nextMailTo already returned (a mail to two people is handed to each once). */
  const handedOut = new Map<string, Set<ReceivedMail>>();
  const waiters = new Set<() => void>();
  let failure: (SmtpFailure & { left: number }) | null = null;
  let replyDelayMs = 0;
  const deadMailboxes = new Map<string, { code: number; message: string }>();
  let held: Promise<void> | null = null;
  let release = () => undefined as void;
  let refusals = 0;
  let server: SMTPServer | null = null;
  const sockets = new Set<net.Socket>();

  const notify = () => {
    for (const wake of [...waiters]) wake();
  };

  /** Returns the reply error for this step, if a failure is armed for it, and counts it down. */
  const takeFailure = (stage: 'rcpt' | 'data'): SmtpReplyError | null => {
    if (!failure || (failure.stage ?? 'data') !== stage) return null;
    const { code, message } = failure;
    failure.left -= 1;
    if (failure.left <= 0) failure = null;
    refusals += 1;
    return new SmtpReplyError(code, message ?? (code >= 500 ? 'Refused by the test server' : 'Try again later'));
  };

  const createServer = () =>
    new SMTPServer({
      authOptional: !options.auth,
      // Loopback in tests: no TLS, and plain AUTH is allowed without it.
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      closeTimeout: 100,
      logger: false,
      onAuth(auth, _session, callback) {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
          callback(null, { user: auth.username });
        } else {
          callback(new SmtpReplyError(535, 'Authentication failed'));
        }
      },
      onRcptTo(address, _session, callback) {
        const dead = deadMailboxes.get(address.address.toLowerCase());
        if (dead) {
          refusals += 1;
          return callback(Object.assign(new Error(dead.message), { responseCode: dead.code }));
        }
        callback(takeFailure('rcpt'));
      },
      onData(stream, session: SMTPServerSession, callback) {
        void (async () => {
          const raw = await streamToString(stream);
          if (replyDelayMs > 0) await sleep(replyDelayMs);
          if (held) await held;
          const refused = takeFailure('data');
          if (refused) return callback(refused);
          const parsed = await simpleParser(raw);
          const envelope = session.envelope;
          mails.push({
            recipients: envelope.rcptTo.map((r) => r.address.toLowerCase()),
            sender: envelope.mailFrom ? envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            rawHeader: (name) => rawHeaderOf(raw, name),
            raw,
            parsed,
            receivedAt: new Date(),
          });
          callback();
          notify();
        })().catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
    });

  const listen = async () => {
    const instance = createServer();
    instance.on('error', () => {
      // Client resets during stop() surface here; a test sees their effect through the sender instead.
    });
    await new Promise<void>((resolve, reject) => {
      const netServer = instance.listen(port, HOST, () => resolve());
      netServer.once('error', reject);
      netServer.on('connection', (socket: net.Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
    });
    server = instance;
  };

  const stopListening = async () => {
    const instance = server;
    if (!instance) return;
    server = null;
    const closed = new Promise<void>((resolve) => instance.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  const waitUntil = async <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const first = check();
    if (first !== undefined) return first;
    return await new Promise<T>((resolve, reject) => {
      const wake = () => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (${mails.length} mails received)`));
      }, timeoutMs);
      waiters.add(wake);
    });
  };

  await listen();

  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  return {
    port,
    url: `smtp://${credentials}${HOST}:${port}`,
    get mails() {
      return mails;
    },
    mailsTo: (address) => mails.filter((m) => m.recipients.includes(address.toLowerCase())),
    nextMailTo: (address, { timeoutMs = 10_000, subject } = {}) =>
      waitUntil(
        () => {
          const recipient = address.toLowerCase();
          const seen = handedOut.get(recipient) ?? new Set<ReceivedMail>();
          handedOut.set(recipient, seen);
          const mail = mails.find((m) => !seen.has(m) && m.recipients.includes(recipient) && (!subject || subject.test(m.subject)));
          if (mail) seen.add(mail);
          return mail;
        },
        timeoutMs,
        'a mail to the given address',
      ),
    waitForCount: (count, { timeoutMs = 10_000 } = {}) =>
      waitUntil(() => (mails.length >= count ? mails : undefined), timeoutMs, `${count} mails`),
    fail: (next) => {
      failure = { ...next, left: next.times ?? Number.POSITIVE_INFINITY };
    },
    refuseRecipients: (addresses, reply = { code: 550, message: '5.1.1 No such mailbox' }) => {
      for (const a of addresses) deadMailboxes.set(a.toLowerCase(), reply);
    },
    delayReplies: (ms) => {
      replyDelayMs = ms;
    },
    holdReplies: () => {
      held ??= new Promise<void>((resolve) => (release = resolve));
    },
    recover: () => {
      failure = null;
      deadMailboxes.clear();
      replyDelayMs = 0;
      release();
      held = null;
    },
    get refusals() {
      return refusals;
    },
    stop: stopListening,
    start: async () => {
      if (!server) await listen();
    },
    get running() {
      return server !== null;
    },
    close: async () => {
      await stopListening();
      mails.length = 0;
      handedOut.clear();
      waiters.clear();
    },
  };
}

/**
 * In a describe block: a test SMTP server for the suite, started before it and closed after it. The answer stands
 * for the server (use it from a hook or a test on, e.g. `smtp.url` inside `useTestApp`'s env function).
 */
export function useTestSmtp(options: TestSmtpOptions = {}): TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startTestSmtpServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return new Proxy({} as TestSmtpServer, {
    get(_target, key) {
      if (!server) throw new Error('the test SMTP server is not started yet: use it inside a hook or a test');
      const value = Reflect.get(server, key, server) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(server) : value;
    },
  });
}
