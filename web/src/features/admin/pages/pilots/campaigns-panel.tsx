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
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

/** Updates to the list: write one for the Sign-ups filter or a saved segment, send yourself a test, send it, follow it, stop it. */
export function CampaignsPanel({ target, operator }: { target: SendTarget; operator: string }) {
  const words = useConsoleWords();
  const w = words.updates;
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
      <h2 id="campaigns-title">{words.screens.updates}</h2>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <PausedSends kind="campaigns" sends={campaigns.data?.items ?? []} />
      <ListPanel
        query={campaigns}
        items={campaigns.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>{words.sendStates[c.state]}</td>
            <td>{c.recipients}</td>
            <td>{c.sent}</td>
            <td>{c.pending}</td>
            <td>{c.failed}</td>
            <td>{c.cancelled}</td>
            <SendHealthCells send={c} />
            <td>{c.audience ?? words.waves.notRecorded}</td>
            <td className="actions">
              <Can need="member">
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={w.testNamed(c.name)}
                  disabled={act.isPending}
                  onClick={() => run(c, 'test', w.tested(c.name, operator))}
                >
                  {w.test}
                </Button>
                {c.state === 'draft' && (
                  <Button size="small" aria-label={w.sendNamed(c.name)} disabled={act.isPending} onClick={() => setSending(c)}>
                    {w.send}
                  </Button>
                )}
                {(c.state === 'draft' || c.state === 'sending' || c.state === 'paused') && (
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={w.cancelNamed(c.name)}
                    disabled={act.isPending}
                    onClick={() => run(c, 'cancel', w.cancelled(c.name))}
                  >
                    {words.common.cancel}
                  </Button>
                )}
              </Can>
            </td>
          </tr>
        )}
      />
      <Can need="member">
        <ActionForm
          titleId="new-campaign-title"
          title={w.writeFor(target.label)}
          onSubmit={() => {
            if (!message.en) return;
            create.mutate(
              { name, ...audienceOfTarget(target), message: { en: message.en, ...(message.sv ? { sv: message.sv } : {}) } },
              {
                onSuccess: ({ recipients }) => {
                  setNotice(w.saved(name, recipients));
                  setName('');
                  setDraft(EMPTY_MESSAGE);
                },
                onError: (error) => setNotice(error.message),
              },
            );
          }}
          actions={
            <>
              <Button
                type="button"
                variant="secondary"
                disabled={preview.isPending || !message.en}
                onClick={() => preview.mutate({ kind: 'campaign', message })}
              >
                {words.send.preview}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {w.saveDraft}
              </Button>
            </>
          }
          footer={
            <>
              {preview.isError && <p role="alert">{preview.error.message}</p>}
              {preview.data && <MailPreview preview={preview.data} />}
            </>
          }
        >
          <p className="muted">{w.who(target.words)}</p>
          <TextField label={w.name} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
          <MessageFields draft={draft} onChange={setDraft} required />
        </ActionForm>
      </Can>
      <ConfirmDialog
        open={sending !== null}
        title={w.sendTitle(sending?.name ?? '')}
        confirmLabel={w.sendTo(sending?.recipients ?? 0)}
        busy={act.isPending}
        onCancel={() => setSending(null)}
        onConfirm={() => sending && run(sending, 'send', w.going(sending.name))}
      >
        <p>{w.sendBody}</p>
      </ConfirmDialog>
    </section>
  );
}
