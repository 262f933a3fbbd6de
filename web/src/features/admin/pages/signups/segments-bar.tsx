import { useState, type FormEvent } from 'react';
import { SEGMENT_NAME_MAX_LENGTH, type AdminFilters, type AdminSavedSegment } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useDeleteSegment, useSaveSegment, useSegments } from '../../api/segments';
import { SelectField, TextField } from '../../components/fields';
import { ConfirmDialog } from '../../components/console-ui';
import { Can } from '../../app/role';
import { describeFilter } from '../pilots/segment-summary';

import { useConsoleFormat, useConsoleWords, type ConsoleFormat } from '../../app/console-language';

const countOf = (s: AdminSavedSegment, format: ConsoleFormat) => `${format.number(s.count)}${s.capped ? '+' : ''}`;

/**
 * Saved segments on the Sign-ups list (issue 48 item 2): choose one to see its people (its filter becomes the list's),
 * save the current filter under a name (owners and members; never with an address search), delete one nobody sends to.
 */
export function SegmentsBar({ filters, onApply }: { filters: AdminFilters; onApply: (filters: AdminFilters) => void }) {
  const words = useConsoleWords();
  const w = words.signups.segments;
  const format = useConsoleFormat();
  const segments = useSegments();
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<AdminSavedSegment | null>(null);
  const { sort, ...filter } = filters;
  const hasFilter = Object.values(filter).some((v) => v !== undefined);
  const items = segments.data?.items ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), filter }, { onSuccess: () => setName('') });
  };
  return (
    <section className="card stack" aria-labelledby="segments-title">
      <h2 id="segments-title">{w.title}</h2>
      {segments.isError && <p className="inline-error">{w.failed(segments.error.message)}</p>}
      {items.length === 0 ? (
        <p className="muted">{w.none}</p>
      ) : (
        <div className="form-grid">
          <SelectField
            label={w.show}
            options={items.map((s) => String(s.id))}
            labels={Object.fromEntries(items.map((s) => [String(s.id), `${s.name} (${countOf(s, format)})`]))}
            empty={w.choose}
            value=""
            onValue={(id) => {
              const chosen = items.find((s) => String(s.id) === id);
              if (chosen) onApply({ sort, ...chosen.filter });
            }}
          />
        </div>
      )}
      {items.length > 0 && (
        <ul className="stack" aria-label={w.list}>
          {items.map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong>: {describeFilter(s.filter, words)}; {w.now(countOf(s, format))}
              {s.used_by.length > 0 ? ` ${w.sentTo(s.used_by.join(', '))}` : ''}{' '}
              <Can need="member">
                {s.used_by.length === 0 && (
                  <Button type="button" variant="ghost" size="small" aria-label={w.deleteNamed(s.name)} onClick={() => setDeleting(s)}>
                    {w.delete}
                  </Button>
                )}
              </Can>
            </li>
          ))}
        </ul>
      )}
      <Can need="member">
        <form className="form-grid" aria-label={w.saveLabel} onSubmit={submit}>
          <TextField
            id="segment-name"
            label={w.name}
            maxLength={SEGMENT_NAME_MAX_LENGTH}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="actions">
            <Button type="submit" variant="secondary" disabled={!hasFilter || filter.q !== undefined || save.isPending}>
              {w.save}
            </Button>
          </div>
          {filter.q !== undefined ? <p className="muted">{w.noSearch}</p> : !hasFilter ? <p className="muted">{w.noFilter}</p> : null}
          {save.error && (
            <p className="form-error" role="alert">
              {save.error.message}
            </p>
          )}
        </form>
      </Can>
      {deleting && (
        <ConfirmDialog
          open
          busy={remove.isPending}
          title={w.deleteTitle(deleting.name)}
          confirmLabel={w.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        >
          {w.deleteBody}
        </ConfirmDialog>
      )}
    </section>
  );
}
