import { useState } from 'react';
import { FOLLOW_UP_STATUSES, type FollowUpStatus } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCreateWave } from '../../api/pilots';
import { useEraseSignups, useSetStatus } from '../../api/signups';
import { SelectField, TextField } from '../../components/fields';
import { waveOutcome } from '../pilots/waves-panel';
import { ConfirmDialog } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';

/** Acts on the selected sign-ups in one go (sets their follow-up status, or erases them) and says what it did. */
export function BulkStatusBar({ selected, onDone }: { selected: ReadonlySet<number>; onDone: () => void }) {
  const words = useConsoleWords();
  const w = words.signups.bulk;
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
        aria-label={w.label}
        onSubmit={(e) => {
          e.preventDefault();
          if (selected.size === 0) return;
          apply.mutate(
            { ids: [...selected], status },
            {
              onSuccess: ({ changed }) => {
                onDone();
                setNotice(w.set(changed.length, words.statuses[status]));
              },
              onError: (error) => setNotice(error.message),
            },
          );
        }}
      >
        <span className="muted" aria-live="polite">
          {w.selected(selected.size)}
          {notice ? ` · ${notice}` : ''}
        </span>
        <SelectField
          className="field-inline"
          label={w.setStatus}
          options={FOLLOW_UP_STATUSES}
          labels={words.statuses}
          value={status}
          onValue={(next) => next && setStatus(next)}
        />
        <Button type="submit" variant="secondary" size="small" disabled={selected.size === 0 || apply.isPending}>
          {w.apply}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={selected.size === 0 || invite.isPending}
          onClick={() => setInviting(true)}
        >
          {w.invite}
        </Button>
        <Button
          type="button"
          variant="danger"
          size="small"
          disabled={selected.size === 0 || erase.isPending}
          onClick={() => setConfirming(true)}
        >
          {w.erase}
        </Button>
      </form>
      <ConfirmDialog
        open={inviting}
        title={w.inviteTitle(selected.size)}
        confirmLabel={w.inviteConfirm}
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
                setNotice(`“${waveName}”: ${waveOutcome(created, words)}`);
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
        <p>{w.inviteBody}</p>
        <TextField label={w.waveName} value={waveName} required maxLength={200} onChange={(e) => setWaveName(e.target.value)} />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={w.eraseTitle(selected.size)}
        confirmLabel={w.eraseConfirm}
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          erase.mutate([...selected], {
            onSuccess: ({ erased }) => {
              setConfirming(false);
              onDone();
              setNotice(w.erased(erased.length));
            },
            onError: (error) => {
              setConfirming(false);
              setNotice(error.message);
            },
          })
        }
      >
        <p>{w.eraseBody}</p>
      </ConfirmDialog>
    </>
  );
}
