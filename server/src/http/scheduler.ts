import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface JobOptions {
  /**
   * Also run once at start-up: `true` right away, awaited (a quick job whose result the first requests may see),
   * `'background'` as soon as the server is ready, never holding up its start (a job that may take minutes on a big list).
   */
  runNow?: boolean | 'background';
}

/** A job is told, through its signal, when the server is shutting down: it stops at its next safe point. */
export type Job = (signal: AbortSignal) => Promise<unknown>;

/** Periodic housekeeping (pruning expired rows, later retries and deliveries): one timer per job, stopped on close. */
export interface Scheduler {
  every(name: string, intervalMs: number, job: Job, options?: JobOptions): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

function createScheduler(log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  const startInBackground: (() => Promise<unknown> | undefined)[] = [];
  const running = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  // A failing job is logged and tried again at its next turn; it never stops the others. A run still going when the
  // next turn comes is left alone (no second run of the same job in this process).
  const runner = (name: string, job: Job) => {
    let current: Promise<unknown> | undefined;
    return (): Promise<unknown> | undefined => {
      if (current || stopping.signal.aborted) return current;
      current = job(stopping.signal)
        .catch((err: unknown) => log.warn({ err, job: name }, 'scheduled job failed'))
        .finally(() => {
          running.delete(current!);
          current = undefined;
        });
      running.add(current);
      return current;
    };
  };
  return {
    async every(name: string, intervalMs: number, job: Job, options: JobOptions = {}) {
      const run = runner(name, job);
      if (options.runNow === 'background') startInBackground.push(run);
      else if (options.runNow) await run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      timers.add(timer);
    },
    start() {
      for (const run of startInBackground.splice(0)) void run();
    },
    /** Stops the timers and waits for the runs in progress, which stop at their next safe point. */
    async stop() {
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}

/** Decorates the app with `scheduler`; features register their jobs on it. */
export function registerScheduler(app: FastifyInstance): void {
  const scheduler = createScheduler(app.log);
  app.decorate('scheduler', { every: scheduler.every });
  app.addHook('onReady', async () => scheduler.start());
  // Before the database closes (onClose), so a job never finds it gone halfway.
  app.addHook('preClose', async () => scheduler.stop());
}
