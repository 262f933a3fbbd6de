import { Button } from '../../../../components/ui/button';
import { useOutbox, useRetryMail } from '../../api/mail';
import { MailTable } from '../../components/mail-table';
import { AdminPage, ErrorPanel, formatNumber } from '../../components/console-ui';
import { WebhooksPanel } from './webhooks-panel';
import { useCan } from '../../app/role';

/** The outbox: what has not gone out and why, with a retry for failed mail; then the webhook deliveries. */
export function OutboxPage() {
  const outbox = useOutbox();
  const retry = useRetryMail();
  const can = useCan();
  const data = outbox.data;
  /** A figure as counted: "100,000+" past the count's cap. */
  const count = (name: 'pending' | 'failed' | 'cancelled' | 'sent_24h') =>
    data ? `${formatNumber(data.counts[name])}${data.counts.capped.includes(name) ? '+' : ''}` : '';
  return (
    <div className="stack-lg">
      <AdminPage
        titleId="outbox-title"
        title="Outbox"
        summary={
          data &&
          `${count('pending')} pending · ${count('sent_24h')} sent in the last 24 hours · ${count('failed')} failed · ${count('cancelled')} not needed`
        }
      >
        {data && !data.smtp_configured && (
          <p className="card" role="status">
            Not sent: no SMTP configured. Mail waits here until SMTP_URL is set; nothing is lost.
          </p>
        )}
        {data && data.budget.held > 0 && (
          <p className="card" role="status">
            {data.budget.held} confirmation {data.budget.held === 1 ? 'mail waits' : 'mails wait'} for the budget of sign-ups that came
            without proof of work ({data.budget.per_hour} an hour, UNVERIFIED_MAIL_BUDGET_PER_HOUR). They leave, oldest first, as the budget
            frees; none is dropped. Many at once usually means a flood of sign-ups by a script: see docs/security.md.
          </p>
        )}
        {outbox.isError && <ErrorPanel title="The outbox could not be loaded" error={outbox.error} onRetry={() => void outbox.refetch()} />}
        {data && data.stuck.length === 0 && <p className="muted">Nothing is stuck.</p>}
        {data && data.stuck.length > 0 && (
          <div className="card table-card stack">
            <MailTable items={data.stuck} smtpConfigured={data.smtp_configured} caption="Mail that has not gone out" showPerson />
            <ul className="stack">
              {data.stuck
                .filter((e) => e.status === 'failed')
                .map((e) => (
                  <li key={e.id}>
                    {can('member') ? (
                      <Button variant="secondary" size="small" disabled={retry.isPending} onClick={() => retry.mutate(e.id)}>
                        Send mail #{e.id} again
                      </Button>
                    ) : (
                      `Mail #${e.id} failed`
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
