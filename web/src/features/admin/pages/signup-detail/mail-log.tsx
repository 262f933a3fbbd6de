import { Button } from '../../../../components/ui/button';
import { useMailLog, useResendConfirmation } from '../../api/mail';
import { MailTable } from '../../components/mail-table';
import { ErrorPanel, type Notice } from '../../components/console-ui';
import { Can } from '../../app/role';
import { useConsoleFormat, useConsoleWords } from '../../app/console-language';

/** A person's mail log on their detail page, with "Resend confirmation". */
export function MailLog({ signupId, confirmed, onNotice }: { signupId: number; confirmed: boolean; onNotice: (n: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.signup.mailLog;
  const format = useConsoleFormat();
  const log = useMailLog(signupId);
  const resend = useResendConfirmation(signupId);
  const resendNow = () =>
    resend.mutate(undefined, {
      onSuccess: () => onNotice({ kind: 'success', text: w.queued }),
      onError: (error) => onNotice({ kind: 'error', text: error.message }),
    });
  return (
    <section className="card stack" aria-labelledby="mail-log-title">
      <div className="page-header">
        <h2 id="mail-log-title">{w.title}</h2>
        {!confirmed && (
          <Can need="member">
            <Button variant="secondary" disabled={resend.isPending} onClick={resendNow}>
              {w.resend}
            </Button>
          </Can>
        )}
      </div>
      {log.data?.suppression && (
        <p className="notice-warning" role="status">
          {w.suppressed(words.suppressionReasons[log.data.suppression.reason], format.dateTime(log.data.suppression.since))}
        </p>
      )}
      {log.isError && <ErrorPanel title={w.failed} error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.items.length === 0 && <p className="muted">{w.none}</p>}
      {log.data && log.data.items.length > 0 && (
        <MailTable items={log.data.items} smtpConfigured={log.data.smtp_configured} caption={w.caption} />
      )}
    </section>
  );
}
