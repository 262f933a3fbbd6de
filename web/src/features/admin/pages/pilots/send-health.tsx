import { useState } from 'react';
import type { AdminCampaign, AdminWave } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useResumeSend } from '../../api/pilots';
import { Can } from '../../app/role';
import { useConsoleWords } from '../../app/console-language';

type SendFeedback = Pick<
  AdminCampaign & AdminWave,
  'hard_bounces' | 'complaints' | 'bounce_rate' | 'complaint_rate' | 'refusals' | 'refusal_rate'
>;

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.01 ? 2 : 1)} %`;

/**
 * Bounces and complaints of a send, as two cells: the count and its rate of what was tried (issue 35 item 4); mails
 * receivers refused as ours (issue 45) beside the bounces, when there are any.
 */
export function SendHealthCells({ send }: { send: SendFeedback }) {
  const w = useConsoleWords().sendHealth;
  return (
    <>
      <td>
        {send.hard_bounces} <span className="muted">({percent(send.bounce_rate)})</span>
        {send.refusals > 0 ? <span className="muted"> · {w.refused(send.refusals, percent(send.refusal_rate))}</span> : null}
      </td>
      <td>
        {send.complaints} <span className="muted">({percent(send.complaint_rate)})</span>
      </td>
    </>
  );
}

/**
 * The sends that paused themselves, each with why and (for owners) a way to let it go on: shown above the table so a
 * founder sees it first.
 */
export function PausedSends({ kind, sends }: { kind: 'campaigns' | 'waves'; sends: readonly (AdminCampaign | AdminWave)[] }) {
  const w = useConsoleWords().sendHealth;
  const resume = useResumeSend();
  const [notice, setNotice] = useState('');
  const paused = sends.filter((s) => s.state === 'paused');
  if (paused.length === 0 && !notice) return null;
  return (
    <div className="stack">
      <p role="status" aria-live="polite">
        {notice}
      </p>
      {paused.map((send) => (
        <div key={send.id} className="notice-warning stack" role="group" aria-label={w.pausedNamed(send.name)}>
          <p>
            <strong>{w.paused(send.name)}</strong> {send.pause_reason}. {w.pausedBody}
          </p>
          <Can need="owner">
            <div className="actions">
              <Button
                size="small"
                aria-label={w.resumeNamed(send.name)}
                disabled={resume.isPending}
                onClick={() =>
                  resume.mutate(
                    { kind, id: send.id },
                    {
                      onSuccess: ({ resumed }) => setNotice(w.resumed(send.name, resumed)),
                      onError: (error) => setNotice(error.message),
                    },
                  )
                }
              >
                {w.resume}
              </Button>
            </div>
          </Can>
        </div>
      ))}
    </div>
  );
}
