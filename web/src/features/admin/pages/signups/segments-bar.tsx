import { useState, type FormEvent } from 'react';
import { SEGMENT_NAME_MAX_LENGTH, type AdminFilters, type AdminSavedSegment } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useDeleteSegment, useSaveSegment, useSegments } from '../../api/segments';
import { SelectField, TextField } from '../../components/fields';
import { ConfirmDialog, formatNumber } from '../../components/console-ui';
import { Can } from '../../app/role';

const countOf = (s: AdminSavedSegment) => `${formatNumber(s.count)}${s.capped ? '+' : ''}`;

/**
 * Saved segments on the Sign-ups list (issue 48 item 2): choose one to see its people (its filter becomes the list's),
 * save the current filter under a name (owners and members; never with an address search), delete one nobody sends to.
 */
export function SegmentsBar({ filters, onApply }: { filters: AdminFilters; onApply: (filters: AdminFilters) => void }) {
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
      <h2 id="segments-title">Saved segments</h2>
      {segments.isError && <p className="inline-error">The segments could not be loaded: {segments.error.message}</p>}
      {items.length === 0 ? (
        <p className="muted">None yet: filter the list, then save the filter under a name the team will recognise.</p>
      ) : (
        <div className="form-grid">
          <SelectField
            label="Show a segment"
            options={items.map((s) => String(s.id))}
            labels={Object.fromEntries(items.map((s) => [String(s.id), `${s.name} (${countOf(s)})`]))}
            empty="Choose a segment"
            value=""
            onValue={(id) => {
              const chosen = items.find((s) => String(s.id) === id);
              if (chosen) onApply({ sort, ...chosen.filter });
            }}
          />
        </div>
      )}
      {items.length > 0 && (
        <ul className="stack" aria-label="Segments and who they select">
          {items.map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong>: {s.in_words}; {countOf(s)} now
              {s.used_by.length > 0 ? ` (sent to ${s.used_by.join(', ')})` : ''}{' '}
              <Can need="member">
                {s.used_by.length === 0 && (
                  <Button type="button" variant="ghost" size="small" aria-label={`Delete “${s.name}”`} onClick={() => setDeleting(s)}>
                    Delete
                  </Button>
                )}
              </Can>
            </li>
          ))}
        </ul>
      )}
      <Can need="member">
        <form className="form-grid" aria-label="Save the filter as a segment" onSubmit={submit}>
          <TextField
            id="segment-name"
            label="Name of the current filter"
            maxLength={SEGMENT_NAME_MAX_LENGTH}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="actions">
            <Button type="submit" variant="secondary" disabled={!hasFilter || filter.q !== undefined || save.isPending}>
              Save as a segment
            </Button>
          </div>
          {filter.q !== undefined ? (
            <p className="muted">A segment cannot hold an address search: clear the search to save the filter.</p>
          ) : !hasFilter ? (
            <p className="muted">Choose a filter first: everyone on the list needs no segment.</p>
          ) : null}
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
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        >
          The people stay on the list; only the saved filter goes.
        </ConfirmDialog>
      )}
    </section>
  );
}
