import { Button } from '../../../../components/ui/button';
import { useMailLog, useResendConfirmation } from '../../api/mail';
import { MailTable } from '../../components/mail-table';
import { ErrorPanel, formatDateTime, type Notice } from '../../components/console-ui';
import { Can } from '../../app/role';

const SUPPRESSED = {
  'hard-bounce': 'it bounced for good',
  'soft-bounce': 'it bounced again and again',
  complaint: 'they reported our mail as spam',
  manual: 'suppressed by an owner',
} as const;

/** A person's mail log on their detail page, with "Resend confirmation". */
export function MailLog({ signupId, confirmed, onNotice }: { signupId: number; confirmed: boolean; onNotice: (n: Notice) => void }) {
  const log = useMailLog(signupId);
  const resend = useResendConfirmation(signupId);
  const resendNow = () =>
    resend.mutate(undefined, {
      onSuccess: () => onNotice({ kind: 'success', text: 'A new confirmation mail is queued.' }),
      onError: (error) => onNotice({ kind: 'error', text: error.message }),
    });
  return (
    <section className="card stack" aria-labelledby="mail-log-title">
      <div className="page-header">
        <h2 id="mail-log-title">Mail</h2>
        {!confirmed && (
          <Can need="member">
            <Button variant="secondary" disabled={resend.isPending} onClick={resendNow}>
              Resend confirmation
            </Button>
          </Can>
        )}
      </div>
      {log.data?.suppression && (
        <p className="notice-warning" role="status">
          This address is on the suppression list ({SUPPRESSED[log.data.suppression.reason]}, since{' '}
          {formatDateTime(log.data.suppression.since)}): it gets no wave, update or digest, only a mail it asks for. An owner can lift it on
          the Deliverability page.
        </p>
      )}
      {log.isError && <ErrorPanel title="The mail log could not be loaded" error={log.error} onRetry={() => void log.refetch()} />}
      {log.data && log.data.items.length === 0 && <p className="muted">No mail for this person.</p>}
      {log.data && log.data.items.length > 0 && (
        <MailTable items={log.data.items} smtpConfigured={log.data.smtp_configured} caption="Mail to this person, newest first" />
      )}
    </section>
  );
}
