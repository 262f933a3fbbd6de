import { useState } from 'react';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { AdminApiError } from '../../api/client';
import { exportJsonUrl, useEraseSignup, useSignup } from '../../api/signups';
import { Link } from '@tanstack/react-router';
import { useConsoleState } from '../../app/console-state';
import { ConfirmDialog, ErrorPanel, Loading, type Notice } from '../../components/console-ui';
import { AttributionDetails } from './attribution-details';
import { CorrectionForm } from './correction-form';
import { FollowUpPanel } from './follow-up-panel';
import { MailLog } from './mail-log';
import { SignupFacts } from './signup-facts';
import { Can } from '../../app/role';
import { useConsoleWords } from '../../app/console-language';

/** Back to the list as it was left: its filters, sort and page. */
function BackLink() {
  const { lastListView } = useConsoleState();
  const w = useConsoleWords().signup;
  return (
    <Link className="back-link" to="/signups" search={lastListView}>
      ← {w.back}
    </Link>
  );
}

/** One person: what they told us, the follow-up, where they came from, their mail; download, correct or erase. */
export function SignupDetailPage({ id, onErased, onNotice }: { id: number; onErased: () => void; onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().signup;
  const erase = useEraseSignup(id);
  // Once erased, nothing of the person is asked for again while the console moves to the list (it would be a 404).
  const signup = useSignup(id, !erase.isSuccess);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (erase.isSuccess) return null;
  if (signup.isPending) return <Loading label={w.loading} />;
  if (signup.isError) {
    const gone = signup.error instanceof AdminApiError && signup.error.status === 404;
    return (
      <div className="stack">
        <BackLink />
        <ErrorPanel title={gone ? w.gone : w.failed} error={signup.error} onRetry={gone ? undefined : () => void signup.refetch()} />
      </div>
    );
  }
  const s = signup.data;

  return (
    <section className="stack-lg" aria-labelledby="detail-title">
      <BackLink />
      <div className="page-header">
        <div>
          <p className="eyebrow">{w.number(s.id)}</p>
          <h1 id="detail-title" className="break">
            {s.email}
          </h1>
        </div>
        <div className="actions">
          <Can need="owner">
            <ButtonLink variant="secondary" href={exportJsonUrl(s.id)} download>
              {w.download}
            </ButtonLink>
          </Can>
          {!editing && (
            <Can need="member">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {w.correct}
              </Button>
            </Can>
          )}
          <Can need="owner">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {w.erase}
            </Button>
          </Can>
        </div>
      </div>

      <SignupFacts signup={s} />
      <FollowUpPanel key={`${s.id}-${s.status}`} signup={s} onNotice={onNotice} />
      <AttributionDetails signup={s} />
      <MailLog signupId={s.id} confirmed={s.confirmed_at !== null} onNotice={onNotice} />

      {editing && (
        <CorrectionForm
          signup={s}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            onNotice({ kind: 'success', text: w.corrected });
          }}
        />
      )}

      <ConfirmDialog
        open={confirming}
        title={w.eraseTitle}
        confirmLabel={w.eraseConfirm}
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          erase.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              onErased();
            },
          })
        }
      >
        <p>
          {w.eraseBefore} <strong className="break">{s.email}</strong> {w.eraseAfter(s.id)}
        </p>

        {erase.isError && (
          <p className="form-error" role="alert">
            {erase.error.message}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
