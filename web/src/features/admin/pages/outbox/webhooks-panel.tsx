import type { AdminWebhookDelivery } from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { useConsoleWords } from '../../app/console-language';
import { Button } from '../../../../components/ui/button';
import { useResendWebhook, useWebhooks } from '../../api/mail';
import { DataTable, TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { PersonLink } from '../../components/person-link';
import { useCan } from '../../app/role';

/** Where one delivery stands, in words an operator can act on. */
export function webhookStatus(delivery: AdminWebhookDelivery, configured: boolean, words: ConsoleWords): string {
  const w = words.webhooks.states;
  if (delivery.status === 'sent') return w.sent;
  if (delivery.status === 'failed') return w.failed;
  if (delivery.status === 'cancelled') return w.cancelled;
  if (!configured) return w.noSecret;
  return delivery.attempts > 0 ? words.mailTable.retrying(delivery.attempts) : w.pending;
}

/** Webhook deliveries per endpoint, the latest events (failures first), and "send again" with the same webhook-id. */
export function WebhooksPanel() {
  const words = useConsoleWords();
  const w = words.webhooks;
  const webhooks = useWebhooks();
  const resend = useResendWebhook();
  const can = useCan();
  const data = webhooks.data;
  const recent = data?.recent ?? [];
  const configured = data?.configured ?? false;
  return (
    <section className="stack-lg" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{w.title}</h2>
      <ListPanel
        query={webhooks}
        items={data?.endpoints}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(e) => (
          <tr key={e.target}>
            <td className="break">{e.target}</td>
            <td>{e.counts.sent}</td>
            <td>{e.counts.pending}</td>
            <td>{e.counts.failed}</td>
          </tr>
        )}
        after={
          <DataTable
            caption={w.latest}
            header={
              <>
                <th scope="col">{w.event}</th>
                <th scope="col">{words.mailTable.signup}</th>
                <th scope="col">{w.endpoint}</th>
                <th scope="col">{words.mailTable.status}</th>
                <th scope="col">{words.mailTable.queued}</th>
                <th scope="col">{words.mailTable.lastError}</th>
                <th scope="col">
                  <span className="visually-hidden">{w.action}</span>
                </th>
              </>
            }
          >
            {recent.map((d) => (
              <tr key={d.id}>
                <td>
                  {d.topic} <span className="muted">{d.webhook_id}</span>
                </td>
                <td>{d.subject_id === null ? '—' : <PersonLink id={d.subject_id}>#{d.subject_id}</PersonLink>}</td>
                <td className="break">{d.target}</td>
                <td>{webhookStatus(d, configured, words)}</td>
                <TimeCell at={d.created_at} />
                <td className="break">{d.last_error ?? '—'}</td>
                <td>
                  {(d.status === 'sent' || d.status === 'failed') && can('owner') && (
                    <Button variant="secondary" size="small" disabled={resend.isPending} onClick={() => resend.mutate(d.id)}>
                      {w.sendAgain(d.webhook_id)}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        }
      />
    </section>
  );
}
