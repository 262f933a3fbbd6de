import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_UP_STATUSES, NOTE_MAX_LENGTH, type AdminSignup, type FollowUpStatus } from '@waitlist/contract';
import { adminApi } from '../api/client';
import { adminKeys } from '../api/query-keys';
import { ErrorPanel, formatDateTime, type Notice } from '../components/ui';

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  invited: 'Invited',
  joined: 'Joined',
  declined: 'Declined',
};

/** Where the person came from (first party: campaign tags, the referring site, the landing page). */
export function AttributionDetails({ signup }: { signup: AdminSignup }) {
  const rows: [string, string | null][] = [
    ['Company', signup.free_mail ? `Personal address (${signup.company_domain ?? '—'})` : signup.company_domain],
    ['Source (utm_source)', signup.utm_source],
    ['Medium (utm_medium)', signup.utm_medium],
    ['Campaign (utm_campaign)', signup.utm_campaign],
    ['Content (utm_content)', signup.utm_content],
    ['Term (utm_term)', signup.utm_term],
    ['Referring site', signup.referrer_origin],
    ['Landing page', signup.landing_path],
  ];
  return (
    <section className="card stack" aria-labelledby="attribution-title">
      <h2 id="attribution-title">Where they came from</h2>
      <dl className="details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="break">{value ?? <span className="muted">—</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Follow-up: status (changed here or for a selection in the list), notes with author and time, and the history. */
export function FollowUpPanel({ signup, onNotice }: { signup: AdminSignup; onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const ids = { status: useId(), note: useId() };
  const followUp = useQuery({ queryKey: adminKeys.followUp(signup.id), queryFn: () => adminApi.followUp(signup.id) });
  const [status, setStatus] = useState<FollowUpStatus>(signup.status);
  const [note, setNote] = useState('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.followUp(signup.id) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.signup(signup.id) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
  };
  const saveStatus = useMutation({
    mutationFn: (next: FollowUpStatus) => adminApi.setStatus([signup.id], next),
    onSuccess: (_result, next) => {
      refresh();
      onNotice({ kind: 'success', text: `Status set to ${STATUS_LABELS[next]}.` });
    },
    onError: (error) => onNotice({ kind: 'error', text: error.message }),
  });
  const addNote = useMutation({
    mutationFn: (body: string) => adminApi.addNote(signup.id, body),
    onSuccess: () => {
      setNote('');
      refresh();
      onNotice({ kind: 'success', text: 'Note added.' });
    },
    onError: (error) => onNotice({ kind: 'error', text: error.message }),
  });
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim()) addNote.mutate(note);
  };

  return (
    <section className="card stack" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title">Follow-up</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          saveStatus.mutate(status);
        }}
      >
        <div className="field field-compact">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={status} onChange={(e) => setStatus(e.target.value as FollowUpStatus)}>
            {FOLLOW_UP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-secondary" disabled={saveStatus.isPending || status === signup.status}>
          Save status
        </button>
      </form>
      <form className="stack" onSubmit={submitNote}>
        <div className="field">
          <label htmlFor={ids.note}>Add a note</label>
          <textarea id={ids.note} rows={3} maxLength={NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div>
          <button type="submit" className="btn btn-secondary" disabled={addNote.isPending || note.trim() === ''}>
            Add note
          </button>
        </div>
      </form>
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
                  {STATUS_LABELS[h.from_status as FollowUpStatus] ?? h.from_status} →{' '}
                  {STATUS_LABELS[h.to_status as FollowUpStatus] ?? h.to_status}
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
