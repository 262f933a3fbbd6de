import { useState } from 'react';
import type { AdminCampaign } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCampaignAction, useCampaigns, useCreateCampaign, useMailPreview } from '../../api/pilots';
import { TextField } from '../../components/fields';
import { ConfirmDialog } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { MailPreview } from './mail-preview';
import { EMPTY_MESSAGE, MessageFields, filledMessage, type MessageDraft } from './message-fields';
import { audienceOfTarget, type SendTarget } from './segment-summary';
import { Can } from '../../app/role';
import { PausedSends, SendHealthCells } from './send-health';

const STATES: Record<AdminCampaign['state'], string> = {
  draft: 'Draft',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** Updates to the list: write one for the Sign-ups filter or a saved segment, send yourself a test, send it, follow it, stop it. */
export function CampaignsPanel({ target, operator }: { target: SendTarget; operator: string }) {
  const campaigns = useCampaigns();
  const create = useCreateCampaign();
  const act = useCampaignAction();
  const preview = useMailPreview();
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<MessageDraft>(EMPTY_MESSAGE);
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState<AdminCampaign | null>(null);
  const message = filledMessage(draft);
  const run = (campaign: AdminCampaign, action: 'send' | 'cancel' | 'test', done: string) =>
    act.mutate(
      { id: campaign.id, action, to: operator },
      { onSuccess: () => setNotice(done), onError: (error) => setNotice(error.message), onSettled: () => setSending(null) },
    );
  return (
    <section className="stack-lg" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title">Updates to the list</h2>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <PausedSends kind="campaigns" sends={campaigns.data?.items ?? []} />
      <ListPanel
        query={campaigns}
        items={campaigns.data?.items}
        what="updates"
        empty="No update yet."
        caption="Updates, newest first (confirmed people who have not unsubscribed)"
        header={['Update', 'State', 'Recipients', 'Sent', 'Waiting', 'Failed', 'Not sent', 'Bounced', 'Complaints', 'To', 'Actions']}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>{STATES[c.state]}</td>
            <td>{c.recipients}</td>
            <td>{c.sent}</td>
            <td>{c.pending}</td>
            <td>{c.failed}</td>
            <td>{c.cancelled}</td>
            <SendHealthCells send={c} />
            <td>{c.audience ?? '(not recorded)'}</td>
            <td className="actions">
              <Can need="member">
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Test to me: ${c.name}`}
                  disabled={act.isPending}
                  onClick={() => run(c, 'test', `A test copy of “${c.name}” is on its way to ${operator}.`)}
                >
                  Test to me
                </Button>
                {c.state === 'draft' && (
                  <Button size="small" aria-label={`Send… ${c.name}`} disabled={act.isPending} onClick={() => setSending(c)}>
                    Send…
                  </Button>
                )}
                {(c.state === 'draft' || c.state === 'sending' || c.state === 'paused') && (
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={`Cancel ${c.name}`}
                    disabled={act.isPending}
                    onClick={() => run(c, 'cancel', `“${c.name}” is cancelled.`)}
                  >
                    Cancel
                  </Button>
                )}
              </Can>
            </td>
          </tr>
        )}
      />
      <Can need="member">
        <form
          className="card stack"
          aria-labelledby="new-campaign-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!message.en) return;
            create.mutate(
              { name, ...audienceOfTarget(target), message: { en: message.en, ...(message.sv ? { sv: message.sv } : {}) } },
              {
                onSuccess: ({ recipients }) => {
                  setNotice(
                    `Draft “${name}” saved: it would reach ${recipients} ${recipients === 1 ? 'person' : 'people'} now. Send yourself a test, then send it.`,
                  );
                  setName('');
                  setDraft(EMPTY_MESSAGE);
                },
                onError: (error) => setNotice(error.message),
              },
            );
          }}
        >
          <h3 id="new-campaign-title">Write an update for {target.label}</h3>
          <p className="muted">Who: {target.words}; of them, those who confirmed and have not unsubscribed when you send it.</p>
          <TextField label="Name (for you)" value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
          <MessageFields draft={draft} onChange={setDraft} required />
          <div className="actions">
            <Button
              type="button"
              variant="secondary"
              disabled={preview.isPending || !message.en}
              onClick={() => preview.mutate({ kind: 'campaign', message })}
            >
              Preview both languages
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Save draft
            </Button>
          </div>
          {preview.isError && <p role="alert">{preview.error.message}</p>}
          {preview.data && <MailPreview preview={preview.data} />}
        </form>
      </Can>
      <ConfirmDialog
        open={sending !== null}
        title={`Send “${sending?.name ?? ''}”?`}
        confirmLabel={`Send to ${sending?.recipients ?? 0} ${sending?.recipients === 1 ? 'person' : 'people'}`}
        busy={act.isPending}
        onCancel={() => setSending(null)}
        onConfirm={() => sending && run(sending, 'send', `“${sending.name}” is going out at the bulk pace.`)}
      >
        <p>It goes to everyone the filter selects who has confirmed and not unsubscribed at this moment, each once, in their language.</p>
      </ConfirmDialog>
    </section>
  );
}
