import { useState, type FormEvent } from 'react';
import { FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS, NOTE_MAX_LENGTH, type AdminSignup, type FollowUpStatus } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useAddNote, useFollowUp } from '../../api/insight';
import { useSetStatus } from '../../api/signups';
import { SelectField, TextAreaField } from '../../components/fields';
import { ErrorPanel, formatDateTime, type Notice } from '../../components/console-ui';
import { Can } from '../../app/role';

/** Follow-up: status (changed here or for a selection in the list), notes with author and time, and the history. */
export function FollowUpPanel({ signup, onNotice }: { signup: AdminSignup; onNotice: (notice: Notice) => void }) {
  const followUp = useFollowUp(signup.id);
  const [status, setStatus] = useState<FollowUpStatus>(signup.status);
  const [note, setNote] = useState('');
  const saveStatus = useSetStatus();
  const addNote = useAddNote(signup.id);
  const failed = (error: Error) => onNotice({ kind: 'error', text: error.message });
  const submitStatus = (event: FormEvent) => {
    event.preventDefault();
    saveStatus.mutate(
      { ids: [signup.id], status },
      { onSuccess: () => onNotice({ kind: 'success', text: `Status set to ${FOLLOW_UP_STATUS_LABELS[status]}.` }), onError: failed },
    );
  };
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    addNote.mutate(note, {
      onSuccess: () => {
        setNote('');
        onNotice({ kind: 'success', text: 'Note added.' });
      },
      onError: failed,
    });
  };

  return (
    <section className="card stack" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title">Follow-up</h2>
      <Can need="member">
        <form className="inline-form" onSubmit={submitStatus}>
          <SelectField
            compact
            label="Status"
            options={FOLLOW_UP_STATUSES}
            labels={FOLLOW_UP_STATUS_LABELS}
            value={status}
            onValue={(next) => next && setStatus(next)}
          />
          <Button type="submit" variant="secondary" disabled={saveStatus.isPending || status === signup.status}>
            Save status
          </Button>
        </form>
        <form className="stack" onSubmit={submitNote}>
          <TextAreaField label="Add a note" rows={3} maxLength={NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
          <div>
            <Button type="submit" variant="secondary" disabled={addNote.isPending || note.trim() === ''}>
              Add note
            </Button>
          </div>
        </form>
      </Can>
      {followUp.isError && (
        <ErrorPanel title="The follow-up could not be loaded" error={followUp.error} onRetry={() => void followUp.refetch()} />
      )}
      {followUp.data && (
        <>
          <h3>Notes</h3>
          {followUp.data.notes.length === 0 ? (
            <p className="muted">No notes yet.</p>
          ) : (
            <ul className="notes">
              {followUp.data.notes.map((n) => (
                <li key={n.id} className="note">
                  <p className="note-body">{n.body}</p>
                  <p className="muted note-meta">
                    {n.author} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h3>Status history</h3>
          {followUp.data.history.length === 0 ? (
            <p className="muted">New since sign-up.</p>
          ) : (
            <ul className="notes">
              {followUp.data.history.map((h, i) => (
                <li key={i}>
                  {FOLLOW_UP_STATUS_LABELS[h.from_status as FollowUpStatus] ?? h.from_status} →{' '}
                  {FOLLOW_UP_STATUS_LABELS[h.to_status as FollowUpStatus] ?? h.to_status}
                  <span className="muted">
                    {' '}
                    · {h.operator ?? 'a removed operator'} · <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
