import type { AdminOutboxEntry } from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { DataTable, TimeCell, TimeOf } from './console-ui';
import { PersonLink } from './person-link';
import { useConsoleWords } from '../app/console-language';

/** A bounce's reason in the console's language, or its key for one this version does not know. */
export const bounceLabelOf = (reason: string | null | undefined, words: ConsoleWords): string | null =>
  reason ? (words.bounceReasons[reason as keyof ConsoleWords['bounceReasons']] ?? reason) : null;

/** What a receiver said of a sent mail (issue 45): the word and its reason, e.g. "bounced: Mailbox full". */
export function mailFeedback(entry: AdminOutboxEntry, words: ConsoleWords): string | null {
  if (!entry.feedback) return null;
  const w = words.mailTable.feedback;
  const why = bounceLabelOf(entry.feedback_reason, words);
  return why ? `${w[entry.feedback]}: ${why}` : w[entry.feedback];
}

/** Where one mail stands, in words an operator can act on. */
export function mailStatus(entry: AdminOutboxEntry, smtpConfigured: boolean, words: ConsoleWords): string {
  const w = words.mailTable;
  const said = mailFeedback(entry, words);
  if (said) return `${entry.status === 'failed' ? w.failed : w.sent}, ${said}`;
  if (entry.status === 'sent') return w.sent;
  if (entry.status === 'failed') return w.failed;
  if (entry.status === 'cancelled') return w.cancelled;
  if (!smtpConfigured) return w.noSmtp;
  return entry.attempts > 0 ? w.retrying(entry.attempts) : w.pending;
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
  const words = useConsoleWords();
  const w = words.mailTable;
  return (
    <DataTable
      caption={caption}
      header={
        <>
          <th scope="col">{w.mail}</th>
          {showPerson && <th scope="col">{w.signup}</th>}
          <th scope="col">{w.status}</th>
          <th scope="col">{w.queued}</th>
          <th scope="col">{w.sentOrNext}</th>
          <th scope="col">{w.lastError}</th>
        </>
      }
    >
      {items.map((e) => (
        <tr key={e.id}>
          <td>{w.topics[e.topic as keyof typeof w.topics] ?? e.topic}</td>
          {showPerson && <td>{e.signup_id === null ? '—' : <PersonLink id={e.signup_id}>#{e.signup_id}</PersonLink>}</td>}
          <td>{mailStatus(e, smtpConfigured, words)}</td>
          <TimeCell at={e.created_at} />
          <td className="nowrap muted">
            {e.sent_at ? <TimeOf at={e.sent_at} /> : e.status === 'pending' ? <TimeOf at={e.next_attempt_at} /> : '—'}
          </td>
          <td className="break">{e.last_error ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
