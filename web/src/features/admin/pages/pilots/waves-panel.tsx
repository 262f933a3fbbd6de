import { useState } from 'react';
import { MAX_EXPIRY_DAYS, MAX_WAVE_SIZE, type AdminWave, type AdminWaveCreated, type WaveSkipReason } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCreateWave, useMailPreview, useWaves } from '../../api/pilots';
import { SelectField, TextField } from '../../components/fields';
import { TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { MailPreview } from './mail-preview';
import { EMPTY_MESSAGE, MessageFields, filledMessage, type MessageDraft } from './message-fields';
import { audienceOfTarget, type SendTarget } from './segment-summary';
import { Can } from '../../app/role';
import { PausedSends, SendHealthCells } from './send-health';

const SKIP_REASONS: Record<WaveSkipReason, string> = {
  'not-confirmed': 'not confirmed',
  'already-invited': 'invited before',
  'not-found': 'erased',
};

/** What a new wave did, in one sentence. */
export function waveOutcome(created: AdminWaveCreated): string {
  const counts = new Map<WaveSkipReason, number>();
  for (const skip of created.skips) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  const skipped = [...counts].map(([reason, n]) => `${n} ${SKIP_REASONS[reason]}`).join(', ');
  return `${created.invited} invited${skipped ? `; skipped: ${skipped}` : ''}.`;
}

const WAVE_STATES: Record<AdminWave['state'], string> = { sending: 'Sending', paused: 'Paused', sent: 'Sent' };

/** Invitation waves: invite the people of the Sign-ups filter or a saved segment, and see how each wave is taken up. */
export function WavesPanel({ target }: { target: SendTarget }) {
  const waves = useWaves();
  const create = useCreateWave();
  const preview = useMailPreview();
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('');
  const [order, setOrder] = useState<'oldest' | 'best_fit'>('oldest');
  const [days, setDays] = useState('30');
  const [draft, setDraft] = useState<MessageDraft>(EMPTY_MESSAGE);
  const [outcome, setOutcome] = useState('');
  const message = filledMessage(draft);
  const ownWords = Object.keys(message).length > 0 ? { message } : {};
  return (
    <section className="stack-lg" aria-labelledby="waves-title">
      <h2 id="waves-title">Invitation waves</h2>
      <PausedSends kind="waves" sends={waves.data?.items ?? []} />
      <ListPanel
        query={waves}
        items={waves.data?.items}
        what="waves"
        empty="No wave yet."
        caption="Waves, newest first"
        header={['Wave', 'State', 'Invited', 'Accepted', 'Redeemed', 'Mails sent', 'Bounced', 'Complaints', 'Created', 'Expires', 'To']}
        row={(w) => (
          <tr key={w.id}>
            <td>{w.name}</td>
            <td>{WAVE_STATES[w.state]}</td>
            <td>{w.invited}</td>
            <td>{w.accepted}</td>
            <td>{w.redeemed}</td>
            <td>{w.sent}</td>
            <SendHealthCells send={w} />
            <TimeCell at={w.created_at} />
            <TimeCell at={w.expires_at} />
            <td>{w.audience ?? '(not recorded)'}</td>
          </tr>
        )}
      />
      <Can need="member">
        <form
          className="card stack"
          aria-labelledby="new-wave-title"
          onSubmit={(e) => {
            e.preventDefault();
            setOutcome('');
            create.mutate(
              {
                name,
                ...audienceOfTarget(target),
                ...(limit ? { limit: Number(limit) } : {}),
                order,
                expires_in_days: Number(days),
                ...ownWords,
              },
              {
                onSuccess: (created) => {
                  setOutcome(`“${name}”: ${waveOutcome(created)}`);
                  setName('');
                  setDraft(EMPTY_MESSAGE);
                  preview.reset();
                },
                onError: (error) => setOutcome(error.message),
              },
            );
          }}
        >
          <h3 id="new-wave-title">Invite from {target.label}</h3>
          <p className="muted">
            Who: {target.words}; confirmed people only, {order === 'best_fit' ? 'best fit first' : 'oldest first'}, each invited once. To
            invite chosen people, tick them on Sign-ups and use <strong>Invite selected</strong>.
          </p>
          <div className="form-grid">
            <TextField label="Name of the wave" value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="At most (people)"
              type="number"
              min={1}
              max={MAX_WAVE_SIZE}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
            <SelectField
              label="Who first"
              options={['oldest', 'best_fit'] as const}
              labels={{ oldest: 'The oldest sign-ups', best_fit: 'The best fit' }}
              value={order}
              onValue={(value) => setOrder(value ?? 'oldest')}
            />
            <TextField
              label="Valid for (days)"
              type="number"
              min={1}
              max={MAX_EXPIRY_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <MessageFields draft={draft} onChange={setDraft} required={false} />
          <div className="actions">
            <Button
              type="button"
              variant="secondary"
              disabled={preview.isPending}
              onClick={() => preview.mutate({ kind: 'invitation', ...ownWords })}
            >
              Preview both languages
            </Button>
            <Button type="submit" disabled={create.isPending || name.trim() === ''}>
              Send invitations
            </Button>
          </div>
          <p role="status" aria-live="polite">
            {outcome}
          </p>
          {preview.isError && <p role="alert">{preview.error.message}</p>}
          {preview.data && <MailPreview preview={preview.data} />}
        </form>
      </Can>
    </section>
  );
}
