import { useState } from 'react';
import { FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS, type FollowUpStatus } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useSetStatus } from '../../api/signups';
import { SelectField } from '../../components/fields';

/** Sets the follow-up status of the selected sign-ups in one go, and says what it did. */
export function BulkStatusBar({ selected, onDone }: { selected: ReadonlySet<number>; onDone: () => void }) {
  const [status, setStatus] = useState<FollowUpStatus>('contacted');
  const [notice, setNotice] = useState('');
  const apply = useSetStatus();
  return (
    <form
      className="bulk-bar"
      aria-label="Change the status of the selected sign-ups"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected.size === 0) return;
        apply.mutate(
          { ids: [...selected], status },
          {
            onSuccess: ({ changed }) => {
              onDone();
              setNotice(`${changed.length} ${changed.length === 1 ? 'sign-up' : 'sign-ups'} set to ${FOLLOW_UP_STATUS_LABELS[status]}.`);
            },
            onError: (error) => setNotice(error.message),
          },
        );
      }}
    >
      <span className="muted" aria-live="polite">
        {selected.size} selected{notice ? ` · ${notice}` : ''}
      </span>
      <SelectField
        className="field-inline"
        label="Set status"
        options={FOLLOW_UP_STATUSES}
        labels={FOLLOW_UP_STATUS_LABELS}
        value={status}
        onValue={(next) => next && setStatus(next)}
      />
      <Button type="submit" variant="secondary" size="small" disabled={selected.size === 0 || apply.isPending}>
        Apply to selected
      </Button>
    </form>
  );
}
