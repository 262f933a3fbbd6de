import { Button } from '../../../../components/ui/button';
import { useOutbox, useRetryMail } from '../../api/mail';
import { MailTable } from '../../components/mail-table';
import { AdminPage, ErrorPanel } from '../../components/console-ui';
import { useConsoleLanguage } from '../../app/console-language';
import { WebhooksPanel } from './webhooks-panel';
import { useCan } from '../../app/role';

/** The outbox: what has not gone out and why, with a retry for failed mail; then the webhook deliveries. */
export function OutboxPage() {
  const { words, format } = useConsoleLanguage();
  const w = words.outbox;
  const outbox = useOutbox();
  const retry = useRetryMail();
  const can = useCan();
  const data = outbox.data;
  /** A figure as counted: "10,000+" past the count's cap. */
  const count = (name: 'pending' | 'failed' | 'cancelled' | 'sent_24h') =>
    data ? `${format.number(data.counts[name])}${data.counts.capped.includes(name) ? '+' : ''}` : '';
  return (
    <div className="stack-lg">
      <AdminPage
        titleId="outbox-title"
        title={words.screens.outbox}
        summary={data && w.summary(count('pending'), count('sent_24h'), count('failed'), count('cancelled'))}
      >
        {data && !data.smtp_configured && (
          <p className="card" role="status">
            {w.noSmtp}
          </p>
        )}
        {data && data.budget.held > 0 && (
          <p className="card" role="status">
            {w.held(data.budget.held, data.budget.per_hour)}
          </p>
        )}
        {outbox.isError && <ErrorPanel title={w.failed} error={outbox.error} onRetry={() => void outbox.refetch()} />}
        {data && data.stuck.length === 0 && <p className="muted">{w.nothingStuck}</p>}
        {data && data.stuck.length > 0 && (
          <div className="card table-card stack">
            <MailTable items={data.stuck} smtpConfigured={data.smtp_configured} caption={w.caption} showPerson />
            <ul className="stack">
              {data.stuck
                .filter((e) => e.status === 'failed')
                .map((e) => (
                  <li key={e.id}>
                    {can('member') ? (
                      <Button variant="secondary" size="small" disabled={retry.isPending} onClick={() => retry.mutate(e.id)}>
                        {w.sendAgain(e.id)}
                      </Button>
                    ) : (
                      w.mailFailed(e.id)
                    )}
                  </li>
                ))}
            </ul>
          </div>
        )}
      </AdminPage>
      <WebhooksPanel />
    </div>
  );
}
