import { useState, type FormEvent } from 'react';
import type { AdminTotpStart } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useConfirmTotp, useNewRecoveryCodes, useStartTotp, useTotpOff } from '../../api/team';
import { TextField } from '../../components/fields';
import type { Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';

/** Recovery codes, shown once: the operator keeps them somewhere safe. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const w = useConsoleWords().totp;
  return (
    <div className="card stack" role="region" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{w.codesTitle}</h3>
      <p>{w.codesIntro}</p>
      <ul className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>{w.saved}</Button>
    </div>
  );
}

/** The authenticator app: turn it on (QR code, then a code from it), new recovery codes, or off with a code. */
export function TotpPanel({ on, locked, onNotice }: { on: boolean; locked: boolean; onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().totp;
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const off = useTotpOff();
  const renew = useNewRecoveryCodes();
  const [enrolment, setEnrolment] = useState<AdminTotpStart | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const submitConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: (r) => {
        setCodes(r.recovery_codes);
        setEnrolment(null);
        setCode('');
      },
    });
  };
  const submitOff = (event: FormEvent) => {
    event.preventDefault();
    off.mutate(code.replace(/\s+/g, ''), {
      onSuccess: () => (setCode(''), onNotice({ kind: 'success', text: w.isOff })),
    });
  };
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  const error = start.error ?? confirm.error ?? off.error ?? renew.error;
  return (
    <section className="card stack" aria-labelledby="totp-title">
      <h2 id="totp-title">{w.title}</h2>
      <p className="muted">{on ? w.on : w.off}</p>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {!on && !enrolment && (
        <Button onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })} disabled={locked || start.isPending}>
          {w.setUp}
        </Button>
      )}
      {!on && enrolment && (
        <form className="stack" onSubmit={submitConfirm}>
          <p>{w.scan}</p>
          <img className="totp-qr" width="200" height="200" alt={w.qr} src={`data:image/svg+xml;base64,${btoa(enrolment.qr_svg)}`} />
          <p>
            {w.key} <code className="totp-secret">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <TextField
            id="totp-code"
            label={w.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" disabled={locked || confirm.isPending || code.trim().length < 6}>
            {w.turnOn}
          </Button>
        </form>
      )}
      {on && (
        <>
          <Button
            variant="secondary"
            onClick={() => renew.mutate(undefined, { onSuccess: (r) => setCodes(r.recovery_codes) })}
            disabled={locked || renew.isPending}
          >
            {w.newCodes}
          </Button>
          <form className="stack" onSubmit={submitOff}>
            <TextField
              id="totp-off-code"
              label={w.offCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" variant="danger" disabled={locked || off.isPending || code.trim().length < 6}>
              {w.turnOff}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
