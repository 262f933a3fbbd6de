import type { Database } from '../db/connection';
import { operatorDigests } from '../db/stores/operator-digests';
import type { OperatorAccounts } from '../db/stores/operator-accounts';
import type { OutboxStore } from '../db/stores/outbox';
import { MAIL_TOPICS } from './signup-events';

/** The hour (UTC) after which the day's digest goes out. */
export const DIGEST_HOUR_UTC = 6;

/**
 * The founders' daily digest (docs/decisions/0009-operator-insight.md): after 06:00 UTC, one mail to each operator
 * who wants it about the 24 hours before, queued once a day however many copies run.
 */
export function createOperatorDigest(deps: { database: Database; operators: OperatorAccounts; outbox: OutboxStore }) {
  return {
    /**
     * Queues today's digest; answers to how many operators. Nothing is claimed while no operator wants one, so an
     * operator added later that day still gets it.
     */
    async queueToday(now = new Date(), hourUtc = DIGEST_HOUR_UTC): Promise<number> {
      if (now.getUTCHours() < hourUtc) return 0;
      const at = now.toISOString();
      const day = at.slice(0, 10);
      return deps.database.db.transaction().execute(async (trx) => {
        const operatorIds = await deps.operators.idsWanting(trx, 'digest');
        if (operatorIds.length === 0 || !(await operatorDigests.claim(trx, day, at))) return 0;
        await deps.outbox.queueMail(
          trx,
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
