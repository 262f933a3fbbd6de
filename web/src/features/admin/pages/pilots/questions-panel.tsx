import { useState } from 'react';
import {
  MAX_QUESTIONS,
  MAX_QUESTION_OPTIONS,
  QUESTION_KINDS,
  type AdminQuestion,
  type AdminQuestionSave,
  type QuestionKind,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useQuestionAction, useQuestions } from '../../api/pilots';
import { Can } from '../../app/role';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { ListPanel } from '../../components/list-panel';
import { useConsoleLanguage, useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

interface Draft {
  /** The question edited; undefined: a new one. */
  id?: number;
  kind: QuestionKind;
  en: string;
  sv: string;
  /** One option a line: `English | Svenska`; an option keeps its id while its line stays where it was. */
  options: string;
  optionIds: string[];
}
const EMPTY: Draft = { kind: 'single', en: '', sv: '', options: '', optionIds: [] };

const draftOf = (q: AdminQuestion): Draft => {
  const live = q.options.filter((o) => !o.archived);
  return {
    id: q.id,
    kind: q.kind,
    en: q.prompt.en,
    sv: q.prompt.sv,
    options: live.map((o) => `${o.en} | ${o.sv}`).join('\n'),
    optionIds: live.map((o) => o.id),
  };
};

const saveOf = (d: Draft): AdminQuestionSave => ({
  kind: d.kind,
  prompt: { en: d.en, sv: d.sv },
  options:
    d.kind === 'text'
      ? []
      : d.options
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line, i) => {
            const [en = '', sv = ''] = line.split('|').map((part) => part.trim());
            const id = d.optionIds[i];
            return { ...(id ? { id } : {}), en, sv: sv || en };
          }),
});

/**
 * The questions after confirming (issue 36 item 1): what people are asked, how many answered, and for owners the
 * form that asks a new one or edits one (an option left out is archived: earlier answers keep its words).
 */
export function QuestionsPanel() {
  const { words, locale } = useConsoleLanguage();
  const w = words.questions;
  const questions = useQuestions();
  const action = useQuestionAction();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [outcome, setOutcome] = useState('');
  const active = questions.data?.items.filter((q) => q.archived_at === null) ?? [];
  const done = (message: string) => ({
    onSuccess: () => {
      setOutcome(message);
      setDraft(EMPTY);
    },
    onError: (error: Error) => setOutcome(error.message),
  });
  return (
    <section className="stack-lg" aria-labelledby="questions-title">
      <h2 id="questions-title">{w.title}</h2>
      <p className="muted">{w.intro(MAX_QUESTIONS)}</p>
      <ListPanel
        query={questions}
        items={active}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(q) => (
          <tr key={q.id}>
            <td lang="en">{q.prompt.en}</td>
            <td lang="sv">{q.prompt.sv}</td>
            <td>{w.kinds[q.kind]}</td>
            <td>
              {q.options
                .filter((o) => !o.archived)
                .map((o) => o[locale])
                .join(', ') || '—'}
            </td>
            <td>{q.answered}</td>
            <td>
              <Can need="owner">
                <div className="actions">
                  <Button size="small" variant="secondary" onClick={() => setDraft(draftOf(q))} aria-label={w.editNamed(q.prompt[locale])}>
                    {w.edit}
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ archive: q.id }, done(w.stopped(q.prompt[locale])))}
                    aria-label={w.stopNamed(q.prompt[locale])}
                  >
                    {w.stop}
                  </Button>
                </div>
              </Can>
            </td>
          </tr>
        )}
      />
      <Can need="owner">
        <ActionForm
          titleId="question-form-title"
          title={draft.id === undefined ? w.ask : w.editNamed(locale === 'sv' ? draft.sv : draft.en)}
          onSubmit={() => {
            setOutcome('');
            const question = saveOf(draft);
            const prompt = locale === 'sv' ? draft.sv : draft.en;
            if (draft.id === undefined) action.mutate({ create: question }, done(w.asked(prompt)));
            else action.mutate({ update: draft.id, question }, done(w.saved(prompt)));
          }}
          actions={
            <>
              <Button type="submit" disabled={action.isPending || (draft.id === undefined && active.length >= MAX_QUESTIONS)}>
                {draft.id === undefined ? w.submitNew : w.submitEdit}
              </Button>
              {draft.id !== undefined && (
                <Button type="button" variant="ghost" onClick={() => setDraft(EMPTY)}>
                  {words.common.cancel}
                </Button>
              )}
            </>
          }
          footer={
            <>
              {draft.id === undefined && active.length >= MAX_QUESTIONS && <p className="muted">{w.full(MAX_QUESTIONS)}</p>}
              <p role="status" aria-live="polite">
                {outcome}
              </p>
            </>
          }
        >
          <QuestionFields draft={draft} onDraft={setDraft} />
        </ActionForm>
      </Can>
    </section>
  );
}

/** A question's words in both languages, its kind (fixed once asked) and, for a choice, its options one a line. */
function QuestionFields({ draft, onDraft }: { draft: Draft; onDraft: (draft: Draft) => void }) {
  const w = useConsoleWords().questions;
  return (
    <>
      <div className="form-grid">
        <TextField
          label={w.promptEn}
          lang="en"
          required
          maxLength={200}
          value={draft.en}
          onChange={(e) => onDraft({ ...draft, en: e.target.value })}
        />
        <TextField
          label={w.promptSv}
          required
          maxLength={200}
          lang="sv"
          value={draft.sv}
          onChange={(e) => onDraft({ ...draft, sv: e.target.value })}
        />
        <SelectField
          label={w.kind}
          options={QUESTION_KINDS}
          labels={w.kinds}
          value={draft.kind}
          disabled={draft.id !== undefined}
          onValue={(kind) => onDraft({ ...draft, kind: kind ?? 'single' })}
        />
      </div>
      {draft.kind !== 'text' && (
        <TextAreaField
          label={w.choices(MAX_QUESTION_OPTIONS)}
          required
          rows={5}
          value={draft.options}
          onChange={(e) => onDraft({ ...draft, options: e.target.value })}
        />
      )}
    </>
  );
}
