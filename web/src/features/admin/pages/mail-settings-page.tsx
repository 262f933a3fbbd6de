import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMailSettings } from '@waitlist/contract';
import { adminApi } from '../api/client';
import { adminKeys } from '../api/query-keys';
import { ErrorPanel, Loading, type Notice } from '../components/ui';

/** Each operator chooses the mail the console sends them: one per confirmed sign-up, and the daily digest. */
export function MailSettingsPage({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: adminKeys.mailSettings(), queryFn: adminApi.mailSettings });
  // The operator's edits over what the server has; null until they touch a box.
  const [edited, setDraft] = useState<AdminMailSettings | null>(null);
  const draft = edited ?? settings.data ?? null;
  const save = useMutation({
    mutationFn: adminApi.saveMailSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.mailSettings(), saved);
      onNotice({ kind: 'success', text: 'Your mail settings are saved.' });
    },
    onError: (error) => onNotice({ kind: 'error', text: error.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  return (
    <section className="stack-lg" aria-labelledby="mail-settings-title">
      <h1 id="mail-settings-title">Mail settings</h1>
      {settings.isPending && <Loading label="Loading your settings…" />}
      {settings.isError && (
        <ErrorPanel title="Your settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />
      )}
      {draft && (
        <form className="card stack" onSubmit={submit}>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.notify_on_confirm}
              onChange={(e) => setDraft({ ...draft, notify_on_confirm: e.target.checked })}
            />
            Mail me when someone confirms their sign-up
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.notify_digest}
              onChange={(e) => setDraft({ ...draft, notify_digest: e.target.checked })}
            />
            Mail me a daily digest (new sign-ups and confirmations, new companies, top sources), sent after 06:00 UTC
          </label>
          <div>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
