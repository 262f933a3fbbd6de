import { useState, type FormEvent } from 'react';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  OTHER_OUTCOME_MAX_LENGTH,
  ROLE_OPTIONS,
  adminCorrectionSchema,
  hasOtherOutcome,
  otherOutcomeText,
  toggleOutcome,
  type AdminSignup,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { AdminApiError } from '../../api/client';
import { useCorrectSignup } from '../../api/signups';
import { SelectField, TextField } from '../../components/fields';
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

/** An operator corrects what was stored; the contract's rules check it before it is sent. */
export function CorrectionForm({ signup, onDone, onCancel }: { signup: AdminSignup; onDone: () => void; onCancel: () => void }) {
  const words = useConsoleWords();
  const w = words.signup.correction;
  const [draft, setDraft] = useState({
    email: signup.email,
    role: signup.role,
    company_size: signup.company_size,
    desired_outcomes: signup.desired_outcomes,
    other_outcome: signup.other_outcome ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCorrectSignup(signup.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcomes = draft.desired_outcomes ?? [];
    // An answer not known (imported without it) and left so stays unknown: only what the operator chose is sent.
    const parsed = adminCorrectionSchema.safeParse({
      email: draft.email,
      ...(draft.role === null ? {} : { role: draft.role }),
      ...(draft.company_size === null ? {} : { company_size: draft.company_size }),
      ...(draft.desired_outcomes === null ? {} : { desired_outcomes: outcomes }),
      other_outcome: otherOutcomeText(outcomes, draft.other_outcome),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? `${String(issue.path[0] ?? 'form')}: ${issue.message}` : w.check);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => setProblem(error instanceof AdminApiError && error.status === 409 ? w.taken : error.message),
    });
  };

  const onOutcome = (outcome: string, checked: boolean) =>
    setDraft((d) => {
      const next = toggleOutcome(d.desired_outcomes ?? [], outcome, checked);
      return { ...d, desired_outcomes: next.length === 0 && signup.desired_outcomes === null ? null : next };
    });

  return (
    <ActionForm
      titleId="correct-title"
      title={w.title}
      heading="h2"
      noValidate
      onSubmit={submit}
      actions={
        <>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? words.common.saving : w.submit}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {words.common.cancel}
          </Button>
        </>
      }
    >
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-grid">
        <TextField
          id="correct-email"
          label={w.email}
          type="email"
          required
          value={draft.email}
          onChange={(e) => setDraft({ ...draft, email: e.target.value })}
        />
        <SelectField
          id="correct-role"
          label={w.role}
          options={ROLE_OPTIONS}
          {...(signup.role === null ? { empty: words.common.answerUnknown } : {})}
          value={(draft.role ?? '') as (typeof ROLE_OPTIONS)[number] | ''}
          onValue={(role) => role && setDraft({ ...draft, role })}
        />
        <SelectField
          id="correct-size"
          label={w.size}
          options={COMPANY_SIZE_OPTIONS}
          {...(signup.company_size === null ? { empty: words.common.answerUnknown } : {})}
          value={(draft.company_size ?? '') as (typeof COMPANY_SIZE_OPTIONS)[number] | ''}
          onValue={(size) => size && setDraft({ ...draft, company_size: size })}
        />
      </div>
      <fieldset className="checks">
        <legend>{w.outcomes}</legend>
        {DESIRED_OUTCOME_OPTIONS.map((o) => (
          <label key={o} className="check">
            <input
              type="checkbox"
              checked={draft.desired_outcomes?.includes(o) ?? false}
              onChange={(e) => onOutcome(o, e.target.checked)}
            />{' '}
            {o}
          </label>
        ))}
      </fieldset>
      {hasOtherOutcome(draft.desired_outcomes ?? []) && (
        <TextField
          id="correct-other"
          label={w.other}
          maxLength={OTHER_OUTCOME_MAX_LENGTH}
          value={draft.other_outcome}
          onChange={(e) => setDraft({ ...draft, other_outcome: e.target.value })}
        />
      )}
    </ActionForm>
  );
}
