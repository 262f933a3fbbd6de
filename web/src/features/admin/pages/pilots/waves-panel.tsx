import { useState } from 'react';
import { MAX_EXPIRY_DAYS, MAX_WAVE_SIZE, type AdminWaveCreated, type WaveSkipReason } from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { useConsoleWords } from '../../app/console-language';
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
import { ActionForm } from '../../components/action-form';

/** What a new wave did, in one sentence. */
export function waveOutcome(created: AdminWaveCreated, words: ConsoleWords): string {
  const w = words.waves;
  const counts = new Map<WaveSkipReason, number>();
  for (const skip of created.skips) counts.set(skip.reason, (counts.get(skip.reason) ?? 0) + 1);
  const skipped = [...counts].map(([reason, n]) => `${n} ${w.skipReasons[reason]}`).join(', ');
  return w.outcome(created.invited, skipped);
}

/** Invitation waves: invite the people of the Sign-ups filter or a saved segment, and see how each wave is taken up. */
export function WavesPanel({ target }: { target: SendTarget }) {
  const words = useConsoleWords();
  const w = words.waves;
  const waves = useWaves();
  return (
    <section className="stack-lg" aria-labelledby="waves-title">
      <h2 id="waves-title">{w.title}</h2>
      <PausedSends kind="waves" sends={waves.data?.items ?? []} />
      <ListPanel
        query={waves}
        items={waves.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(wave) => (
          <tr key={wave.id}>
            <td>{wave.name}</td>
            <td>{words.sendStates[wave.state]}</td>
            <td>{wave.invited}</td>
            <td>{wave.accepted}</td>
            <td>{wave.redeemed}</td>
            <td>{wave.sent}</td>
            <SendHealthCells send={wave} />
            <TimeCell at={wave.created_at} />
            <TimeCell at={wave.expires_at} />
            <td>{wave.audience ?? w.notRecorded}</td>
          </tr>
        )}
      />
      <Can need="member">
        <NewWaveForm target={target} />
      </Can>
    </section>
  );
}

/** A new wave: its name, how many at most and who first, how long the invitation holds, and the founders' own words. */
function NewWaveForm({ target }: { target: SendTarget }) {
  const words = useConsoleWords();
  const w = words.waves;
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
    <ActionForm
      titleId="new-wave-title"
      title={w.inviteFrom(target.label)}
      onSubmit={() => {
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
              setOutcome(`“${name}”: ${waveOutcome(created, words)}`);
              setName('');
              setDraft(EMPTY_MESSAGE);
              preview.reset();
            },
            onError: (error) => setOutcome(error.message),
          },
        );
      }}
      actions={
        <>
          <Button
            type="button"
            variant="secondary"
            disabled={preview.isPending}
            onClick={() => preview.mutate({ kind: 'invitation', ...ownWords })}
          >
            {words.send.preview}
          </Button>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {w.send}
          </Button>
        </>
      }
      footer={
        <>
          <p role="status" aria-live="polite">
            {outcome}
          </p>
          {preview.isError && <p role="alert">{preview.error.message}</p>}
          {preview.data && <MailPreview preview={preview.data} />}
        </>
      }
    >
      <p className="muted">
        {w.who(target.words, order === 'best_fit')} <strong>{w.inviteSelected}</strong>.
      </p>
      <div className="form-grid">
        <TextField label={w.name} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
        <TextField label={w.atMost} type="number" min={1} max={MAX_WAVE_SIZE} value={limit} onChange={(e) => setLimit(e.target.value)} />
        <SelectField
          label={w.whoFirst}
          options={['oldest', 'best_fit'] as const}
          labels={{ oldest: w.oldest, best_fit: w.bestFit }}
          value={order}
          onValue={(value) => setOrder(value ?? 'oldest')}
        />
        <TextField
          label={w.validFor}
          type="number"
          min={1}
          max={MAX_EXPIRY_DAYS}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </div>
      <MessageFields draft={draft} onChange={setDraft} required={false} />
    </ActionForm>
  );
}
