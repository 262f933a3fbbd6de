import { createHmac } from 'node:crypto';
import type { Stores } from '../db/stores';
import { NONE } from '../db/stores/visits';
import type { VisitDimension } from '../db/schema';
import type { UseCases } from './use-case';

/** A page view as the beacon reports it (routes/visits/routes.ts); the address and agent are never stored. */
export interface Visit {
  path: string;
  referrerOrigin: string | undefined;
  utmSource: string | undefined;
  utmCampaign: string | undefined;
  ip: string;
  userAgent: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Cookieless visit counting (docs/decisions/0009-operator-insight.md): a view counts once under each of its path,
 * source, campaign and referrer, and once as a visitor of each the first time that visitor (an HMAC of the day's salt,
 * the IP and the user agent, cut short) is seen that day. The salt lives for its day, so nobody is followed across days.
 */
export function createVisitCounting({ stores, useCases }: { stores: Pick<Stores, 'visits'>; useCases: UseCases }) {
  /** Today's salt, once committed: a page view then costs no write to the salts table (there is one salt a day). */
  let known: { day: string; salt: string } | undefined;

  async function saltOf(day: string): Promise<string> {
    if (known?.day === day) return known.salt;
    const salt = await useCases.run(({ trx }) => stores.visits.saltOf(trx, day));
    known = { day, salt };
    return salt;
  }

  return {
    async record(visit: Visit, now = new Date()): Promise<void> {
      const day = dayOf(now);
      const salt = await saltOf(day);
      const visitor = createHmac('sha256', salt).update(`${visit.ip}\n${visit.userAgent}`).digest('base64url').slice(0, 32);
      const keys: [VisitDimension, string][] = [
        ['all', ''],
        ['path', visit.path],
        ['source', visit.utmSource ?? NONE],
        ['campaign', visit.utmCampaign ?? NONE],
        ['referrer', visit.referrerOrigin ?? NONE],
      ];
      await useCases.run(({ trx }) => stores.visits.count(trx, day, visitor, keys));
    },
  };
}

export type VisitCounting = ReturnType<typeof createVisitCounting>;
