import { useState } from 'react';
import { FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS, type FollowUpStatus } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCreateWave } from '../../api/pilots';
import { useEraseSignups, useSetStatus } from '../../api/signups';
import { SelectField, TextField } from '../../components/fields';
import { waveOutcome } from '../pilots/waves-panel';
import { ConfirmDialog } from '../../components/console-ui';

/** Acts on the selected sign-ups in one go (sets their follow-up status, or erases them) and says what it did. */
export function BulkStatusBar({ selected, onDone }: { selected: ReadonlySet<number>; onDone: () => void }) {
  const [status, setStatus] = useState<FollowUpStatus>('contacted');
  const [notice, setNotice] = useState('');
  const apply = useSetStatus();
  const erase = useEraseSignups();
  const [confirming, setConfirming] = useState(false);
  const invite = useCreateWave();
  const [inviting, setInviting] = useState(false);
  const [waveName, setWaveName] = useState('');
  return (
    <>
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
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={selected.size === 0 || invite.isPending}
          onClick={() => setInviting(true)}
        >
          Invite selected…
        </Button>
        <Button
          type="button"
          variant="danger"
          size="small"
          disabled={selected.size === 0 || erase.isPending}
          onClick={() => setConfirming(true)}
        >
          Erase selected…
        </Button>
      </form>
      <ConfirmDialog
        open={inviting}
        title={`Invite ${selected.size} ${selected.size === 1 ? 'person' : 'people'} to the pilot?`}
        confirmLabel="Send invitations"
        busy={invite.isPending}
        onCancel={() => setInviting(false)}
        onConfirm={() => {
          if (waveName.trim() === '') return;
          invite.mutate(
            { name: waveName, ids: [...selected] },
            {
              onSuccess: (created) => {
                setInviting(false);
                onDone();
                setNotice(`“${waveName}”: ${waveOutcome(created)}`);
                setWaveName('');
              },
              onError: (error) => {
                setInviting(false);
                setNotice(error.message);
              },
            },
          );
        }}
      >
        <p>Each confirmed person gets a personal invitation by mail, in their language, valid for 30 days; the others are skipped.</p>
        <TextField label="Name of the wave" value={waveName} required maxLength={200} onChange={(e) => setWaveName(e.target.value)} />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={`Erase ${selected.size} ${selected.size === 1 ? 'sign-up' : 'sign-ups'}?`}
        confirmLabel="Erase permanently"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          erase.mutate([...selected], {
            onSuccess: ({ erased }) => {
              setConfirming(false);
              onDone();
              setNotice(`${erased.length} ${erased.length === 1 ? 'sign-up' : 'sign-ups'} erased.`);
            },
            onError: (error) => {
              setConfirming(false);
              setNotice(error.message);
            },
          })
        }
      >
        <p>
          All data of the selected people will be deleted. This cannot be undone. The audit log keeps only which sign-ups were erased, and
          by whom.
        </p>
      </ConfirmDialog>
    </>
  );
}
