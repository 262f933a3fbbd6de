import type { Stores } from '../db/stores';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

/** The hour (UTC) after which the day's digest goes out. */
export const DIGEST_HOUR_UTC = 6;

/**
 * The founders' daily digest (docs/decisions/0009-operator-insight.md): after 06:00 UTC, one mail to each operator
 * who wants it about the 24 hours before, queued once a day however many copies run.
 */
export function createOperatorDigest(deps: { stores: Pick<Stores, 'operatorRecipients' | 'digestClaims'>; useCases: UseCases }) {
  return {
    /**
     * Queues today's digest; answers to how many operators. Nothing is claimed while no operator wants one, so an
     * operator added later that day still gets it.
     */
    async queueToday(now = new Date(), hourUtc = DIGEST_HOUR_UTC): Promise<number> {
      if (now.getUTCHours() < hourUtc) return 0;
      const at = now.toISOString();
      const day = at.slice(0, 10);
      return deps.useCases.run(async (change) => {
        const operatorIds = await deps.stores.operatorRecipients.idsWanting(change.trx, 'digest');
        if (operatorIds.length === 0 || !(await deps.stores.digestClaims.claim(change.trx, day, at))) return 0;
        await change.mail(
          operatorIds.map((operatorId) => ({
            signupId: null,
            topic: MAIL_TOPICS.operatorDigest,
            payload: { operatorId, day, until: at },
            at,
          })),
        );
        return operatorIds.length;
      });
    },
  };
}

export type OperatorDigest = ReturnType<typeof createOperatorDigest>;
