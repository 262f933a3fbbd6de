import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface JobOptions {
  /** Run once right away (awaited) as well as every interval. */
  runNow?: boolean;
}

/** Periodic housekeeping (pruning expired rows, later retries and deliveries): one timer per job, stopped on close. */
export interface Scheduler {
  every(name: string, intervalMs: number, job: () => Promise<unknown>, options?: JobOptions): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

function createScheduler(log: FastifyBaseLogger) {
  const timers = new Set<NodeJS.Timeout>();
  // A failing job is logged and tried again at its next turn; it never stops the others.
  const runner = (name: string, job: () => Promise<unknown>) => () =>
    job().catch((err: unknown) => log.warn({ err, job: name }, 'scheduled job failed'));
  return {
    async every(name: string, intervalMs: number, job: () => Promise<unknown>, options: JobOptions = {}) {
      const run = runner(name, job);
      if (options.runNow) await run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}

/** Decorates the app with `scheduler`; features register their jobs on it. */
export function registerScheduler(app: FastifyInstance): void {
  const scheduler = createScheduler(app.log);
  app.decorate('scheduler', { every: scheduler.every });
  app.addHook('onClose', async () => scheduler.stop());
}
