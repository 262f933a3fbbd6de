import type { AdminCompaniesQuery, FunnelDimension } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import type { CountFold } from './count-fold';

/**
 * The console's reads of the kept counts (the dashboard, the companies, the funnel): each folds the sign-ups of the last
 * moments in first (one batch at most: services/count-fold.ts), so the figures include them.
 */
export function createCountedReads({
  stores,
  fold,
}: {
  stores: Pick<Stores, 'signupListing' | 'signupInsight' | 'visits'>;
  fold: CountFold;
}) {
  return {
    async stats() {
      await fold.beforeRead();
      return stores.signupListing.stats();
    },
    async companies(query?: AdminCompaniesQuery) {
      await fold.beforeRead();
      return stores.signupInsight.companies(query);
    },
    async funnel(from: string, to: string, by: FunnelDimension) {
      await fold.beforeRead();
      return stores.visits.funnel(from, to, by);
    },
  };
}

export type CountedReads = ReturnType<typeof createCountedReads>;
