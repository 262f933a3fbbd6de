import type { BackupSchedule } from './backups';
import type { Stores } from '../db/stores';
import type { Services } from './index';

import { SOFT_BOUNCE_WINDOW_DAYS } from './suppressions';

const HOUR_MS = 60 * 60 * 1000;
/** How often the bulk sends' bounce rates are judged (issue 35 item 4: a send pauses "within seconds"). */
export const SEND_GUARD_SWEEP_MS = 3_000;
/** How soon another copy's change of the fit weights is in force here (and a rescoring it left unfinished goes on). */
export const FIT_REFRESH_MS = 5_000;
const DAY_MS = 24 * HOUR_MS;
/** How soon the planner learns of a burst's rows (PostgreSQL; a look at two tables' sizes when nothing grew). */
export const PLANNER_STATISTICS_MS = 5_000;

export interface HousekeepingJob {
  name: string;
  everyMs: number;
  /** Also run once at start-up: before the server is ready, or (`'background'`) as soon as it is. */
  runNow: boolean | 'background';
  /** `signal` aborts when the server shuts down: a long run stops at its next safe point. */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface HousekeepingSettings {
  /** UNCONFIRMED_RETENTION_DAYS */
  retentionDays: number;
  /** AUDIT_RETENTION_DAYS */
  auditRetentionDays: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Wakes the mail worker when there is something new to send. */
  mailQueued: () => void;
  /** BACKUP_DIR's schedule (services/backups.ts); not scheduled: no backup job. */
  backups?: Pick<BackupSchedule, 'scheduled' | 'run'>;
}

/**
 * What the server does on its own, on a timer in every copy (each job is safe to run in several copies at once):
 * the privacy page's retention promises, and the founders' daily digest.
 */
export function housekeepingJobs(stores: Stores, services: Services, settings: HousekeepingSettings): HousekeepingJob[] {
  return [
    // In this order the jobs that run before the server is ready run as they always did.
    ...retentionJobs(stores, services, settings),
    ...outgoingJobs(stores, services, settings),
    ...figureJobs(stores, services, settings),
  ];
}

/** The privacy page's promises and the tables' own limits: what is kept only so long is deleted when its time is up. */
function retentionJobs(stores: Stores, services: Services, settings: HousekeepingSettings): HousekeepingJob[] {
  return [
    {
      // Unconfirmed sign-ups are kept only UNCONFIRMED_RETENTION_DAYS after their confirmation mail (the privacy page says so).
      name: 'erase unconfirmed sign-ups',
      everyMs: HOUR_MS,
      // A list that was offline for a while may have thousands to erase: the server starts meanwhile.
      runNow: 'background',
      async run(signal) {
        const erased = await services.signups.eraseExpired(new Date(Date.now() - settings.retentionDays * DAY_MS), signal);
        if (erased > 0) settings.log.info({ erased }, 'unconfirmed sign-ups erased after the retention period');
        await stores.personTokens.pruneExpired(new Date().toISOString());
        // Visitor hashes and their salt end with their day: nobody can be followed across days.
        await stores.visits.forgetPastDays();
        // Delivered webhook events hold personal data; a receiver has had them for 30 days.
        await stores.outbox.pruneDeliveredWebhooks(new Date(Date.now() - 30 * DAY_MS));
      },
    },
    {
      // The audit trail keeps operators' actions AUDIT_RETENTION_DAYS (the only deletion the table allows).
      name: 'forget audit entries past their retention',
      everyMs: HOUR_MS,
      runNow: 'background',
      async run() {
        const deleted = await services.auditRetention.prune(settings.auditRetentionDays);
        if (deleted > 0) settings.log.info({ deleted }, 'audit entries past their retention deleted');
      },
    },
    {
      // Idempotency keys hold a hash of personal data: keep them no longer than a retry needs.
      name: 'prune idempotency keys',
      everyMs: HOUR_MS,
      runNow: true,
      run: () => services.signups.pruneIdempotencyKeys(),
    },
    {
      // A used proof-of-work solution is kept only until its challenge expires (10 minutes): it can't be replayed after.
      name: 'forget spent proof-of-work solutions',
      everyMs: HOUR_MS,
      runNow: false,
      run: () => services.proofOfWork.pruneSpent(),
    },
    {
      // A buyer's request for our security documents is kept for a year (the privacy page and the trust page say so).
      name: 'erase old requests for security documents',
      everyMs: HOUR_MS,
      runNow: true,
      run: () => services.documentRequests.prune(),
    },
    {
      name: 'prune operator sessions and sign-in counts',
      everyMs: HOUR_MS,
      runNow: false,
      async run() {
        await stores.operatorSessions.pruneExpired();
        await stores.signInThrottle.pruneStale();
        await services.sso.prune();
        await services.passkeys.pruneChallenges();
      },
    },
    {
      // Only transient bounces within the window count (services/suppressions.ts); older ones are forgotten.
      name: 'forget old transient bounces',
      everyMs: HOUR_MS,
      runNow: 'background',
      run: () => stores.mailSoftBounces.prune(new Date(Date.now() - SOFT_BOUNCE_WINDOW_DAYS * DAY_MS).toISOString()),
    },
    {
      // Refusals of our mail not seen for 90 days leave the Deliverability page; a relay's event id is kept a day, far
      // past the 15 minutes its signature is good for, so a replay within them is refused (services/mail-feedback.ts).
      name: 'forget old refusals and relay event ids',
      everyMs: HOUR_MS,
      runNow: 'background',
      async run() {
        await stores.mailRefusals.prune(new Date(Date.now() - 90 * DAY_MS).toISOString());
        await stores.mailEventReceipts.prune(new Date(Date.now() - DAY_MS).toISOString());
      },
    },
  ];
}

/** What keeps the console's figures and the fit scores current beside the sign-ups. */
function figureJobs(stores: Stores, services: Services, settings: HousekeepingSettings): HousekeepingJob[] {
  return [
    {
      // New sign-ups join the console's kept counts (db/stores/signup-counts.ts) soon after they arrive; a console read
      // folds in what is left, so the figures are always whole, and this keeps that read short. A pause between two
      // transactions lets the sign-ups waiting for the database go first: folding 70,000 rows of an import back to back
      // held this copy's sign-ups for up to 5.3 s on SQLite; with 20 ms between 1,000-row batches the longest wait was
      // 73 ms (npm run bench:import). 250 rows a transaction (about 5 ms of SQLite's time, 18 ms for 1,000) keep the
      // sign-ups' p99 under a burst near 40 ms instead of 50-60 (npm run bench, issue 32); 10,000 rows a second still
      // fold, twice the fastest burst measured. Paced: after a burst of 450,000 on PostgreSQL one transaction took up to
      // 270 ms, and folds back to back took the CPU the console's reads needed; a pause as long as the transaction keeps
      // the fold to half (bench:console --burst, docs/performance.md). On SQLite a transaction is kept near 20 ms
      // (Database.writerSliceMs): the server's reads wait on its one connection for the whole of it.
      name: "fold new sign-ups into the console's counts",
      everyMs: 30_000,
      runNow: 'background',
      run: () => services.countFold.run({ limit: 250, pauseMs: 20, paced: true }),
    },
    {
      // A burst's rows planned as an empty table made the Mail page sort every waiting mail (issue 48): a look at the
      // tables' files every few seconds, and ANALYZE for one that grew by a fifth (docs/performance.md, bench:mail-page).
      name: "keep the planner's statistics up with a burst",
      everyMs: PLANNER_STATISTICS_MS,
      runNow: 'background',
      run: async () => {
        const analysed = await stores.plannerStatistics.keepUp();
        if (analysed.length > 0) settings.log.info({ tables: analysed }, 'gathered the planner statistics of tables a burst grew');
      },
    },
    {
      // Each copy keeps the fit score's weights in force in memory (a sign-up is scored without a read), and every
      // sign-up scored with an older version is rescored, in ranges of ids (services/fit-rules.ts).
      name: 'keep fit scores current',
      everyMs: FIT_REFRESH_MS,
      runNow: true,
      run: async () => {
        await services.fitRules.refresh();
        // The rescoring after a change goes on in the background (one run at a time in a copy; the next round picks it
        // up where it stopped): a start after the upgrade or a big import is never held by it.
        void services.fitRules
          .rescore()
          .catch((error: unknown) => settings.log.warn({ err: error }, 'fit rescoring stopped; it goes on in the next round'));
      },
    },
    {
      // On a large list the dashboard's spread of the fit score is counted here, once a minute, and read from memory.
      name: 'count the spread of fit scores',
      everyMs: 60_000,
      runNow: 'background',
      run: () => services.fitRules.refreshSpread(),
    },
  ];
}

/** What leaves on its own: the backups, the CRM's updates, the founders' digest, and the pause of a send that bounces. */
function outgoingJobs(stores: Stores, services: Services, settings: HousekeepingSettings): HousekeepingJob[] {
  const backups = settings.backups;
  return [
    ...(backups?.scheduled
      ? [
          {
            // Checked every hour; taken when the newest is BACKUP_EVERY_HOURS old.
            name: 'back up the database',
            everyMs: HOUR_MS,
            runNow: 'background' as const,
            run: () => backups.run(),
          },
        ]
      : []),
    {
      // The founders' CRM catches up once a day with what changed without announcing itself (docs/decisions/0046), and
      // its finished outbox rows go after 30 days.
      name: 'bring the CRM up to date',
      everyMs: DAY_MS,
      runNow: false,
      async run() {
        if (await services.crm.sweep()) settings.log.info({}, 'the CRM catch-up is queued');
        await stores.outbox.pruneFinishedCrm(new Date(Date.now() - 30 * DAY_MS));
      },
    },
    {
      // The founders' daily digest, queued once a day after 06:00 UTC by whichever copy gets there first.
      name: "queue the operators' daily digest",
      everyMs: 10 * 60 * 1000,
      runNow: true,
      async run() {
        if ((await services.operatorDigest.queueToday()) > 0) settings.mailQueued();
      },
    },
    {
      // A send whose bounces or complaints pass the limits pauses within seconds (services/send-guard.ts); a bounce
      // report judges its own send at once, this catches a send that crossed the line by trying more.
      name: 'pause sends that bounce too much',
      everyMs: SEND_GUARD_SWEEP_MS,
      runNow: false,
      run: () => services.sendGuard.sweep(new Date()),
    },
  ];
}
