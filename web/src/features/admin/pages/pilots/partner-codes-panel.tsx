import { useState } from 'react';
import { MAX_EXPIRY_DAYS, PARTNER_CODE_MAX_CLAIMS, PARTNER_JOIN_PATH, type PartnerCodeState } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useMakePartnerCode, usePartnerCodes, useWithdrawPartnerCode } from '../../api/pilots';
import { TextField } from '../../components/fields';
import { TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { Can } from '../../app/role';

const STATES: Record<PartnerCodeState, string> = {
  active: 'open',
  expired: 'expired',
  full: 'used up',
  withdrawn: 'withdrawn',
};

/**
 * Partner codes (issue 23): a code for a partner to pass on; whoever enters it on the join page joins confirmed by it.
 * The code is shown once, when made (only its hash is kept); the list shows its last four characters.
 */
export function PartnerCodesPanel() {
  const codes = usePartnerCodes();
  const make = useMakePartnerCode();
  const withdraw = useWithdrawPartnerCode();
  const [label, setLabel] = useState('');
  const [limit, setLimit] = useState('50');
  const [days, setDays] = useState('30');
  const [made, setMade] = useState<{ label: string; code: string } | null>(null);
  const [outcome, setOutcome] = useState('');
  return (
    <section className="stack-lg" aria-labelledby="partner-codes-title">
      <h2 id="partner-codes-title">Partner codes</h2>
      <p className="muted">
        People who enter a code on the join page ({PARTNER_JOIN_PATH}) join confirmed, attributed to the code, until its limit or expiry.
      </p>
      <ListPanel
        query={codes}
        items={codes.data?.items}
        what="partner codes"
        empty="No partner code yet."
        caption="Partner codes, newest first"
        header={['Label', 'Ends in', 'Joined', 'State', 'Expires', 'Action']}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.label}</td>
            <td>…{c.hint}</td>
            <td>
              {c.claims} of {c.claim_limit}
            </td>
            <td>{STATES[c.state]}</td>
            <TimeCell at={c.expires_at} />
            <td>
              {c.state === 'withdrawn' ? null : (
                <Can need="member">
                  <Button
                    type="button"
                    variant="secondary"
                    size="small"
                    disabled={withdraw.isPending}
                    aria-label={`Withdraw “${c.label}”`}
                    onClick={() =>
                      withdraw.mutate(c.id, {
                        onSuccess: () => setOutcome(`“${c.label}” is withdrawn: nobody else can join with it.`),
                        onError: (e) => setOutcome(e.message),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                </Can>
              )}
            </td>
          </tr>
        )}
      />
      <Can need="member">
        <form
          className="card stack"
          aria-labelledby="new-partner-code-title"
          onSubmit={(e) => {
            e.preventDefault();
            setOutcome('');
            setMade(null);
            make.mutate(
              { label, claim_limit: Number(limit), expires_in_days: Number(days) },
              {
                onSuccess: (created) => {
                  setMade({ label: created.label, code: created.code });
                  setLabel('');
                },
                onError: (error) => setOutcome(error.message),
              },
            );
          }}
        >
          <h3 id="new-partner-code-title">Make a partner code</h3>
          <div className="form-grid">
            <TextField label="Label (who it is for)" value={label} required maxLength={200} onChange={(e) => setLabel(e.target.value)} />
            <TextField
              label="People who may join with it"
              type="number"
              min={1}
              max={PARTNER_CODE_MAX_CLAIMS}
              required
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
            <TextField
              label="Valid for (days)"
              type="number"
              min={1}
              max={MAX_EXPIRY_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <div className="actions">
            <Button type="submit" disabled={make.isPending || label.trim() === ''}>
              Make the code
            </Button>
          </div>
          <div role="status" aria-live="polite">
            {made ? (
              <p>
                The code for “{made.label}” is <code className="partner-code">{made.code}</code>. Copy it now: it is not shown again.
              </p>
            ) : (
              outcome
            )}
          </div>
        </form>
      </Can>
    </section>
  );
}
