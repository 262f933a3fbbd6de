import { useState, type FormEvent } from 'react';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, type FitWeights } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useFitWeights, useQuestions, useSaveFitWeights } from '../../api/pilots';
import { useCan } from '../../app/role';
import { useConsoleLanguage } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

type Group = 'role' | 'company_size' | 'outcome';
const GROUPS: { key: Group; options: readonly string[] }[] = [
  { key: 'role', options: ROLE_OPTIONS },
  { key: 'company_size', options: COMPANY_SIZE_OPTIONS },
  { key: 'outcome', options: DESIRED_OUTCOME_OPTIONS },
];
const SINGLES = ['base', 'work_address', 'free_mail', 'colleagues', 'partner_code'] as const;

/** Points as a person types them: a whole number from -100 to 100, or what was there. */
const points = (text: string, was: number) => (/^-?\d{1,3}$/.test(text.trim()) ? Math.max(-100, Math.min(100, Number(text))) : was);

/**
 * The fit score's weights (issue 36 item 2): points per role, size and outcome and for the rest; every sign-up's score
 * is the sum, held between 0 and 100. Owners change them (a new version, audited); everyone sees them.
 */
export function FitWeightsPanel() {
  const { words, locale, format } = useConsoleLanguage();
  const w = words.fit;
  const current = useFitWeights();
  const questions = useQuestions();
  const save = useSaveFitWeights();
  const can = useCan();
  const [draft, setDraft] = useState<FitWeights | null>(null);
  const [notice, setNotice] = useState('');
  const weights = draft ?? current.data?.weights;
  // The questions asked after confirming: each choice can count too (a short answer cannot).
  const askedChoices = (questions.data?.items ?? []).filter((q) => q.archived_at === null && q.kind !== 'text');
  const editable = can('owner');
  if (!weights || !current.data) return null;
  const set = (patch: Partial<FitWeights>) => setDraft({ ...weights, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(weights, {
      onSuccess: (view) => {
        setDraft(null);
        setNotice(w.inForce(view.version));
      },
      onError: (error) => setNotice(error.message),
    });
  };
  const field = (label: string, value: number, onValue: (n: number) => void) => (
    <label className="fit-weight" key={label}>
      <span>{label}</span>
      <input
        type="number"
        min={-100}
        max={100}
        step={1}
        value={value}
        readOnly={!editable}
        onChange={(e) => onValue(points(e.target.value, value))}
      />
    </label>
  );
  const { version, updated_at, updated_by, rescoring } = current.data;
  return (
    <section className="stack-lg" aria-labelledby="fit-title">
      <h2 id="fit-title">{w.title}</h2>
      <p className="muted">
        {w.intro} {version === 0 ? w.defaults : w.version(version, updated_at ? format.dateTime(updated_at) : '', updated_by ?? w.anOwner)}
      </p>
      <p role="status" aria-live="polite">
        {rescoring.done ? notice : w.rescoring(format.number(rescoring.remaining))}
      </p>
      <ActionForm
        titleId="fit-title"
        onSubmit={submit}
        actions={
          editable && (
            <>
              <Button type="submit" disabled={save.isPending || draft === null}>
                {save.isPending ? words.common.saving : w.save}
              </Button>
              {draft && (
                <Button type="button" variant="ghost" onClick={() => setDraft(null)}>
                  {w.undo}
                </Button>
              )}
            </>
          )
        }
      >
        <fieldset className="fit-group">
          <legend>{w.everyone}</legend>
          {SINGLES.map((key) => field(w.singles[key], weights[key], (n) => set({ [key]: n })))}
        </fieldset>
        {GROUPS.map(({ key, options }) => (
          <fieldset key={key} className="fit-group">
            <legend>{w.groups[key]}</legend>
            {options.map((option) =>
              field(option, (weights[key] as Record<string, number>)[option] ?? 0, (n) => set({ [key]: { ...weights[key], [option]: n } })),
            )}
          </fieldset>
        ))}
        {askedChoices.map((q) => (
          <fieldset key={`question-${q.id}`} className="fit-group">
            <legend>{w.answer(q.prompt[locale])}</legend>
            {q.options
              .filter((o) => !o.archived)
              .map((o) => {
                const key = `${q.id}:${o.id}`;
                return field(o[locale], weights.answers[key] ?? 0, (n) => set({ answers: { ...weights.answers, [key]: n } }));
              })}
          </fieldset>
        ))}
      </ActionForm>
    </section>
  );
}
