import { useState, type FormEvent } from 'react';
import type { AdminMailSettings } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { useMailSettings, useSaveMailSettings } from '../api/mail';
import { ErrorPanel, Loading, type Notice } from '../components/console-ui';
import { useConsoleWords } from '../app/console-language';
import { ActionForm } from '../components/action-form';

/** Each operator chooses the mail the console sends them (their own setting: under Your account): one per confirmed sign-up, and the daily digest. */
export function MailSettingsPage({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.notifications;
  const settings = useMailSettings();
  // The operator's edits over what the server has; null until they touch a box.
  const [edited, setDraft] = useState<AdminMailSettings | null>(null);
  const draft = edited ?? settings.data ?? null;
  const save = useSaveMailSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => onNotice({ kind: 'success', text: w.saved }),
      onError: (error) => onNotice({ kind: 'error', text: error.message }),
    });
  };
  return (
    <section className="stack-lg" aria-labelledby="mail-settings-title">
      <h1 id="mail-settings-title">{words.screens.notifications}</h1>
      {settings.isPending && <Loading label={w.loading} />}
      {settings.isError && <ErrorPanel title={w.failed} error={settings.error} onRetry={() => void settings.refetch()} />}
      {draft && (
        <ActionForm
          titleId="mail-settings-title"
          onSubmit={submit}
          actions={
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? words.common.saving : words.common.save}
            </Button>
          }
        >
          <label className="check">
            <input
              type="checkbox"
              checked={draft.notify_on_confirm}
              onChange={(e) => setDraft({ ...draft, notify_on_confirm: e.target.checked })}
            />
            {w.onConfirm}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.notify_digest}
              onChange={(e) => setDraft({ ...draft, notify_digest: e.target.checked })}
            />
            {w.digest}
          </label>
        </ActionForm>
      )}
    </section>
  );
}
