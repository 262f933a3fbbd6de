import type { CrmSync } from '../services/crm-sync';
import type { DeliveryChannel } from './worker';

/**
 * The CRM's rows (issue 49): the worker hands over each claimed batch whole, so pushes travel in the CRM's batch
 * requests (services/crm-sync.ts decides what each row means). Always configured: without a connection every row is
 * cancelled, and none is queued.
 */
export function createCrmChannel(sync: Pick<CrmSync, 'deliverMany'>): DeliveryChannel {
  return {
    kind: 'crm',
    configured: true,
    async deliver(row) {
      const [outcome] = await sync.deliverMany([row]);
      return outcome ?? { status: 'failed', error: 'no outcome', permanent: false };
    },
    deliverMany: (rows) => sync.deliverMany(rows),
  };
}
