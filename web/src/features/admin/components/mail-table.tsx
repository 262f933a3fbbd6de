import { bounceReasonLabel, type AdminOutboxEntry } from '@waitlist/contract';
import { DataTable, TimeCell, formatDateTime } from './console-ui';
import { PersonLink } from './person-link';

const TOPIC_LABELS: Record<string, string> = { confirmation: 'Confirmation', 'data-link': 'Data link' };

const FEEDBACK: Record<NonNullable<AdminOutboxEntry['feedback']>, string> = {
  'hard-bounce': 'bounced for good',
  'soft-bounce': 'bounced',
  refused: 'refused as our mail',
  complaint: 'reported as spam',
};

/** What a receiver said of a sent mail (issue 45): the word and its reason, e.g. "bounced: Mailbox full". */
export function mailFeedback(entry: AdminOutboxEntry): string | null {
  if (!entry.feedback) return null;
  const why = bounceReasonLabel(entry.feedback_reason);
  return why ? `${FEEDBACK[entry.feedback]}: ${why}` : FEEDBACK[entry.feedback];
}

/** Where one mail stands, in words an operator can act on. */
export function mailStatus(entry: AdminOutboxEntry, smtpConfigured: boolean): string {
  const said = mailFeedback(entry);
  if (said) return `${entry.status === 'failed' ? 'Failed' : 'Sent'}, ${said}`;
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
          {showPerson && <td>{e.signup_id === null ? '—' : <PersonLink id={e.signup_id}>#{e.signup_id}</PersonLink>}</td>}
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
