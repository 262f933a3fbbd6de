import type { AdminWebhookDelivery } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useResendWebhook, useWebhooks } from '../../api/mail';
import { DataTable, TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { PersonLink } from '../../components/person-link';
import { useCan } from '../../app/role';

/** Where one delivery stands, in words an operator can act on. */
export function webhookStatus(delivery: AdminWebhookDelivery, configured: boolean): string {
  if (delivery.status === 'sent') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  if (delivery.status === 'cancelled') return 'Not sent';
  if (!configured) return 'Waiting: WEBHOOK_SECRET is not set';
  return delivery.attempts > 0 ? `Retrying (${delivery.attempts} failed ${delivery.attempts === 1 ? 'attempt' : 'attempts'})` : 'Pending';
}

/** Webhook deliveries per endpoint, the latest events (failures first), and "send again" with the same webhook-id. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const resend = useResendWebhook();
  const can = useCan();
  const data = webhooks.data;
  const recent = data?.recent ?? [];
  const configured = data?.configured ?? false;
  return (
    <section className="stack-lg" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <ListPanel
        query={webhooks}
        items={data?.endpoints}
        what="webhook deliveries"
        empty="No webhook events yet. Set WEBHOOK_URL and WEBHOOK_SECRET to send them."
        caption="Deliveries per endpoint"
        header={['Endpoint', 'Delivered', 'Pending', 'Failed']}
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
            caption="Latest webhook events, failures first"
            header={
              <>
                <th scope="col">Event</th>
                <th scope="col">Sign-up</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
                <th scope="col">Queued</th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
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
                <td>{webhookStatus(d, configured)}</td>
                <TimeCell at={d.created_at} />
                <td className="break">{d.last_error ?? '—'}</td>
                <td>
                  {(d.status === 'sent' || d.status === 'failed') && can('owner') && (
                    <Button variant="secondary" size="small" disabled={resend.isPending} onClick={() => resend.mutate(d.id)}>
                      Send {d.webhook_id} again
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
