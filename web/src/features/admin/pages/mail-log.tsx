import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOutboxEntry } from '@waitlist/contract';
import { adminApi } from '../api/client';
import { adminKeys } from '../api/query-keys';
import { DataTable, AdminPage, ErrorPanel, formatDateTime, TimeCell } from '../components/ui';

const TOPIC_LABELS: Record<string, string> = { confirmation: 'Confirmation', 'data-link': 'Data link' };

/** Where one mail stands, in words an operator can act on. */
export function mailStatus(entry: AdminOutboxEntry, smtpConfigured: boolean): string {
  if (entry.status === 'sent') return 'Sent';
  if (entry.status === 'failed') return 'Failed';
  if (entry.status === 'cancelled') return 'Not sent (no longer wanted)';
  if (!smtpConfigured) return 'Not sent: no SMTP configured';
  return entry.attempts > 0 ? `Retrying (${entry.attempts} failed ${entry.attempts === 1 ? 'attempt' : 'attempts'})` : 'Pending';
}

export function MailTable({
  items,
  smtpConfigured,
  caption,
  showPerson = false,
}: {
  items: AdminOutboxEntry[];
  smtpConfigured: boolean;
  caption: string;
  showPerson?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      header={
        <>
          <th scope="col">Mail</th>
          {showPerson && <th scope="col">Sign-up</th>}
          <th scope="col">Status</th>
          <th scope="col">Queued</th>
          <th scope="col">Sent / next try</th>
          <th scope="col">Last error</th>
        </>
      }
    >
      {items.map((e) => (
        <tr key={e.id}>
          <td>{TOPIC_LABELS[e.topic] ?? e.topic}</td>
          {showPerson && <td>{e.signup_id === null ? '—' : <a href={`#/signups/${e.signup_id}`}>#{e.signup_id}</a>}</td>}
          <td>{mailStatus(e, smtpConfigured)}</td>
          <TimeCell at={e.created_at} />
          <td className="nowrap muted">
            {e.sent_at ? (
              <time dateTime={e.sent_at}>{formatDateTime(e.sent_at)}</time>
            ) : e.status === 'pending' ? (
              <time dateTime={e.next_attempt_at}>{formatDateTime(e.next_attempt_at)}</time>
            ) : (
              '—'
            )}
          </td>
          <td className="break">{e.last_error ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A person's mail log on their detail page, with "Resend confirmation". */
export function MailLog({
  signupId,
  confirmed,
  onNotice,
}: {
  signupId: number;
  confirmed: boolean;
  onNotice: (n: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const queryClient = useQueryClient();
  const log = useQuery({ queryKey: adminKeys.mailLog(signupId), queryFn: () => adminApi.mailLog(signupId) });
  const resend = useMutation({
    mutationFn: () => adminApi.resendConfirmation(signupId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.mailLog(signupId) });
      onNotice({ kind: 'success', text: 'A new confirmation mail is queued.' });
    },
    onError: (error) => onNotice({ kind: 'error', text: error.message }),
  });
  return (
    <section className="card stack" aria-labelledby="mail-log-title">
      <div className="page-header">
        <h2 id="mail-log-title">Mail</h2>
        {!confirmed && (
          <button type="button" className="btn btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            Resend confirmation
          </button>
        )}
      </div>
      {log.isError && <ErrorPanel title="The mail log could not be loaded" error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.items.length === 0 && <p className="muted">No mail for this person.</p>}
      {log.data && log.data.items.length > 0 && (
        <MailTable items={log.data.items} smtpConfigured={log.data.smtp_configured} caption="Mail to this person, newest first" />
      )}
    </section>
  );
}

/** The outbox: what has not gone out and why, with a retry for failed mail. */
export function OutboxPage() {
  const queryClient = useQueryClient();
  const outbox = useQuery({ queryKey: adminKeys.outbox(), queryFn: () => adminApi.outbox() });
  const retry = useMutation({
    mutationFn: (id: number) => adminApi.retryMail(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.outbox() }),
  });
  const data = outbox.data;
  return (
    <AdminPage
      titleId="outbox-title"
      title="Outbox"
      summary={
        data &&
        `${data.counts.pending} pending · ${data.counts.sent} sent · ${data.counts.failed} failed · ${data.counts.cancelled} not needed`
      }
    >
      {data && !data.smtp_configured && (
        <p className="card" role="status">
          Not sent: no SMTP configured. Mail waits here until SMTP_URL is set; nothing is lost.
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
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(e.id)}
                  >
                    Send mail #{e.id} again
                  </button>
                </li>
              ))}
          </ul>
        </div>
      )}
    </AdminPage>
  );
}
