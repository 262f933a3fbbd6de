import { useState, type FormEvent } from 'react';
import { FOLLOW_UP_STATUSES, NOTE_MAX_LENGTH, type AdminSignup, type FollowUpStatus } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useAddNote, useFollowUp } from '../../api/insight';
import { useSetStatus } from '../../api/signups';
import { SelectField, TextAreaField } from '../../components/fields';
import { ErrorPanel, TimeOf, type Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
import { Can } from '../../app/role';

/** Follow-up: status (changed here or for a selection in the list), notes with author and time, and the history. */
export function FollowUpPanel({ signup, onNotice }: { signup: AdminSignup; onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.signup.followUp;
  const statusOf = (status: string) => words.statuses[status as FollowUpStatus] ?? status;
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
      { onSuccess: () => onNotice({ kind: 'success', text: w.statusSet(words.statuses[status]) }), onError: failed },
    );
  };
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    addNote.mutate(note, {
      onSuccess: () => {
        setNote('');
        onNotice({ kind: 'success', text: w.noteAdded });
      },
      onError: failed,
    });
  };

  return (
    <section className="card stack" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title">{w.title}</h2>
      <Can need="member">
        <form className="inline-form" onSubmit={submitStatus}>
          <SelectField
            compact
            label={w.status}
            options={FOLLOW_UP_STATUSES}
            labels={words.statuses}
            value={status}
            onValue={(next) => next && setStatus(next)}
          />
          <Button type="submit" variant="secondary" disabled={saveStatus.isPending || status === signup.status}>
            {w.saveStatus}
          </Button>
        </form>
        <form className="stack" onSubmit={submitNote}>
          <TextAreaField label={w.addNote} rows={3} maxLength={NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
          <div>
            <Button type="submit" variant="secondary" disabled={addNote.isPending || note.trim() === ''}>
              {w.add}
            </Button>
          </div>
        </form>
      </Can>
      {followUp.isError && <ErrorPanel title={w.failed} error={followUp.error} onRetry={() => void followUp.refetch()} />}
      {followUp.data && (
        <>
          <h3>{w.notes}</h3>
          {followUp.data.notes.length === 0 ? (
            <p className="muted">{w.noNotes}</p>
          ) : (
            <ul className="notes">
              {followUp.data.notes.map((n) => (
                <li key={n.id} className="note">
                  <p className="note-body">{n.body}</p>
                  <p className="muted note-meta">
                    {n.author} · <TimeOf at={n.created_at} />
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h3>{w.history}</h3>
          {followUp.data.history.length === 0 ? (
            <p className="muted">{w.newSince}</p>
          ) : (
            <ul className="notes">
              {followUp.data.history.map((h, i) => (
                <li key={i}>
                  {statusOf(h.from_status)} → {statusOf(h.to_status)}
                  <span className="muted">
                    {' '}
                    · {h.operator ?? w.removedOperator} · <TimeOf at={h.created_at} />
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
