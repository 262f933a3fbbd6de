import type { Database } from '../connection';

/** The tables a burst fills: the sign-ups, and the confirmation mail each queues. */
const BURST_TABLES = ['waitlist_signups', 'outbox'] as const;

/**
 * The planner's statistics of the tables a burst fills, kept up within seconds (issue 48): a few seconds after 450,000
 * sign-ups arrived, PostgreSQL still planned the outbox as nearly empty (autovacuum gathers statistics within a
 * minute or so) and sorted every waiting mail to show the Mail page's newest 200: 160 ms of the page's 340-520.
 */
export function createPlannerStatistics(database: Database) {
  return {
    /** Gathers the statistics of those burst tables that grew by a fifth since they were last gathered; answers which. */
    keepUp: (): Promise<string[]> => database.keepUpStatistics(BURST_TABLES),
    /** Gathers those tables' statistics now (the fold found a burst's backlog). */
    refresh: (): Promise<void> => database.refreshStatistics(BURST_TABLES),
  };
}

export type PlannerStatistics = ReturnType<typeof createPlannerStatistics>;
