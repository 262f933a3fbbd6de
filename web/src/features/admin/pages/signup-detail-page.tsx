import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  OTHER_OUTCOME_MAX_LENGTH,
  ROLE_OPTIONS,
  adminCorrectionSchema,
  hasOtherOutcome,
  otherOutcomeText,
  toggleOutcome,
  type AdminCorrection,
  type AdminSignup,
} from '@waitlist/contract';
import { AdminApiError, adminApi } from '../api/client';
import { adminKeys } from '../api/query-keys';
import { hrefOf } from '../app/use-hash-route';
import { MailLog } from './mail-log';
import { AttributionDetails, FollowUpPanel, STATUS_LABELS } from './follow-up-panel';
import { ConfirmDialog, ErrorPanel, Loading, OutcomeChips, formatDateTime, type Notice } from '../components/ui';

/** The sign-up's language (`locale`), as an operator reads it. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', sv: 'Swedish' };

function CorrectionForm({ signup, onDone, onCancel }: { signup: AdminSignup; onDone: (s: AdminSignup) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState({
    email: signup.email,
    role: signup.role,
    company_size: signup.company_size,
    desired_outcomes: signup.desired_outcomes,
    other_outcome: signup.other_outcome ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (correction: AdminCorrection) => adminApi.correct(signup.id, correction),
    onSuccess: onDone,
    onError: (error) =>
      setProblem(
        error instanceof AdminApiError && error.status === 409 ? 'Another sign-up already uses this e-mail address.' : error.message,
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = { ...draft, other_outcome: otherOutcomeText(draft.desired_outcomes, draft.other_outcome) };
    const parsed = adminCorrectionSchema.safeParse(candidate);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the fields.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };

  const onOutcome = (outcome: string, checked: boolean) =>
    setDraft((d) => ({ ...d, desired_outcomes: toggleOutcome(d.desired_outcomes, outcome, checked) }));

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="correct-title" noValidate>
      <h2 id="correct-title">Correct this sign-up</h2>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="correct-email">E-mail</label>
          <input
            id="correct-email"
            type="email"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="correct-role">Role</label>
          <select id="correct-role" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            {ROLE_OPTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="correct-size">Company size</label>
          <select id="correct-size" value={draft.company_size} onChange={(e) => setDraft({ ...draft, company_size: e.target.value })}>
            {COMPANY_SIZE_OPTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="checks">
        <legend>Desired outcomes</legend>
        {DESIRED_OUTCOME_OPTIONS.map((o) => (
          <label key={o} className="check">
            <input type="checkbox" checked={draft.desired_outcomes.includes(o)} onChange={(e) => onOutcome(o, e.target.checked)} /> {o}
          </label>
        ))}
      </fieldset>
      {hasOtherOutcome(draft.desired_outcomes) && (
        <div className="field">
          <label htmlFor="correct-other">Other outcome</label>
          <input
            id="correct-other"
            maxLength={OTHER_OUTCOME_MAX_LENGTH}
            value={draft.other_outcome}
            onChange={(e) => setDraft({ ...draft, other_outcome: e.target.value })}
          />
        </div>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save correction'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function SignupDetailPage({ id, onErased, onNotice }: { id: number; onErased: () => void; onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const signup = useQuery({ queryKey: adminKeys.signup(id), queryFn: () => adminApi.get(id) });
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  };

  const erase = useMutation({
    mutationFn: () => adminApi.erase(id),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: adminKeys.signup(id) });
      refreshLists();
      onErased();
    },
  });

  const back = (
    <a className="back-link" href={hrefOf({ name: 'signups' })}>
      ← All sign-ups
    </a>
  );

  if (signup.isPending) return <Loading label="Loading the sign-up…" />;
  if (signup.isError) {
    const gone = signup.error instanceof AdminApiError && signup.error.status === 404;
    return (
      <div className="stack">
        {back}
        <ErrorPanel
          title={gone ? 'This sign-up does not exist' : 'The sign-up could not be loaded'}
          error={signup.error}
          onRetry={gone ? undefined : () => void signup.refetch()}
        />
      </div>
    );
  }
  const s = signup.data;

  return (
    <section className="stack-lg" aria-labelledby="detail-title">
      {back}
      <div className="page-header">
        <div>
          <p className="eyebrow">Sign-up #{s.id}</p>
          <h1 id="detail-title" className="break">
            {s.email}
          </h1>
        </div>
        <div className="actions">
          <a className="btn btn-secondary" href={adminApi.exportJsonUrl(s.id)} download>
            Download this person’s data (JSON)
          </a>
          {!editing && (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Correct
            </button>
          )}
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            Erase…
          </button>
        </div>
      </div>

      <div className="card">
        <dl className="details">
          <div>
            <dt>Status</dt>
            <dd>{STATUS_LABELS[s.status]}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{s.role}</dd>
          </div>
          <div>
            <dt>Company size</dt>
            <dd>{s.company_size}</dd>
          </div>
          <div>
            <dt>Desired outcomes</dt>
            <dd>
              <OutcomeChips outcomes={s.desired_outcomes} />
            </dd>
          </div>
          <div>
            <dt>Other outcome</dt>
            <dd>{s.other_outcome ?? <span className="muted">—</span>}</dd>
          </div>
          <div>
            <dt>Signed up</dt>
            <dd>
              <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>Consent</dt>
            <dd>
              <time dateTime={s.consented_at}>{formatDateTime(s.consented_at)}</time>, privacy policy version {s.privacy_policy_version}
            </dd>
          </div>
          <div>
            <dt>Confirmed</dt>
            <dd>
              {s.confirmed_at ? (
                <time dateTime={s.confirmed_at}>{formatDateTime(s.confirmed_at)}</time>
              ) : (
                <span className="muted">Not yet</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Language of their mails</dt>
            <dd>{LANGUAGE_NAMES[s.locale] ?? s.locale}</dd>
          </div>
          <div>
            <dt>Updates by mail</dt>
            <dd>
              {s.marketing_opt_out_at ? (
                <>
                  Opted out <time dateTime={s.marketing_opt_out_at}>{formatDateTime(s.marketing_opt_out_at)}</time>
                </>
              ) : (
                'Subscribed'
              )}
            </dd>
          </div>
        </dl>
      </div>

      <FollowUpPanel key={`${s.id}-${s.status}`} signup={s} onNotice={onNotice} />
      <AttributionDetails signup={s} />
      <MailLog signupId={s.id} confirmed={s.confirmed_at !== null} onNotice={onNotice} />

      {editing && (
        <CorrectionForm
          signup={s}
          onCancel={() => setEditing(false)}
          onDone={(updated) => {
            queryClient.setQueryData(['admin', 'signup', id], updated);
            refreshLists();
            setEditing(false);
            onNotice({ kind: 'success', text: 'The correction was saved.' });
          }}
        />
      )}

      <ConfirmDialog
        open={confirming}
        title="Erase this sign-up?"
        confirmLabel="Erase permanently"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => erase.mutate()}
      >
        <p>
          All data of <strong className="break">{s.email}</strong> will be deleted. This cannot be undone. The audit log keeps only that
          sign-up #{s.id} was erased, and by whom.
        </p>
        {erase.isError && (
          <p className="form-error" role="alert">
            {erase.error.message}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
