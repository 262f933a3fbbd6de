import { createDeliveryRecords } from './deliveries';
import { createBulkMailPace } from './mail-budget';
import { createMailFeedback } from './mail-feedback';
import { createMailSources } from './mail-sources';
import { createOperatorDigest } from './operator-digest';
import { createOutboxActions } from './outbox-actions';
import { createSendGuard } from './send-guard';
import { DEFAULT_BULK_MAILS_PER_MINUTE, type ServiceAreaDeps } from './settings';
import { createSuppressions } from './suppressions';

/**
 * What the mail that leaves needs and what comes back of it: the composer's sources, the delivery bookkeeping, the bulk
 * lane's pace, the operators' actions on the outbox, the founders' digest, the suppression list, bounces and
 * complaints, and the guard that pauses a send that bounces too much.
 */
export function createMailArea({ database, stores, useCases, settings }: ServiceAreaDeps) {
  const metrics = settings.metrics ? { metrics: settings.metrics } : {};
  const suppressions = createSuppressions({ stores, useCases });
  const sendGuard = createSendGuard({ database, stores, useCases, ...metrics });
  return {
    suppressions,
    sendGuard,
    mailFeedback: createMailFeedback({ database, stores, useCases, suppressions, guard: sendGuard, ...metrics }),
    deliveries: createDeliveryRecords({ stores, useCases }),
    mailSources: createMailSources(database, stores, useCases),
    outboxActions: createOutboxActions({ stores, useCases }),
    bulkPace: createBulkMailPace({ stores, useCases }, settings.bulkMailsPerMinute ?? DEFAULT_BULK_MAILS_PER_MINUTE),
    operatorDigest: createOperatorDigest({ stores, useCases }),
  };
}
