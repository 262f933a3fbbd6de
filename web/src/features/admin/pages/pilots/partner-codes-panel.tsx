import { useState } from 'react';
import { MAX_EXPIRY_DAYS, PARTNER_CODE_MAX_CLAIMS, PARTNER_JOIN_PATH } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useMakePartnerCode, usePartnerCodes, useWithdrawPartnerCode } from '../../api/pilots';
import { TextField } from '../../components/fields';
import { TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { Can } from '../../app/role';
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

/**
 * Partner codes (issue 23): a code for a partner to pass on; whoever enters it on the join page joins confirmed by it.
 * The code is shown once, when made (only its hash is kept); the list shows its last four characters.
 */
export function PartnerCodesPanel() {
  const words = useConsoleWords();
  const w = words.codes;
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
      <h2 id="partner-codes-title">{words.screens.codes}</h2>
      <p className="muted">{w.intro(PARTNER_JOIN_PATH)}</p>
      <ListPanel
        query={codes}
        items={codes.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(c) => (
          <tr key={c.id}>
            <td>{c.label}</td>
            <td>…{c.hint}</td>
            <td>{w.claims(c.claims, c.claim_limit)}</td>
            <td>{w.states[c.state]}</td>
            <TimeCell at={c.expires_at} />
            <td>
              {c.state === 'withdrawn' ? null : (
                <Can need="member">
                  <Button
                    type="button"
                    variant="secondary"
                    size="small"
                    disabled={withdraw.isPending}
                    aria-label={w.withdrawNamed(c.label)}
                    onClick={() =>
                      withdraw.mutate(c.id, {
                        onSuccess: () => setOutcome(w.withdrawn(c.label)),
                        onError: (e) => setOutcome(e.message),
                      })
                    }
                  >
                    {w.withdraw}
                  </Button>
                </Can>
              )}
            </td>
          </tr>
        )}
      />
      <Can need="member">
        <ActionForm
          titleId="new-partner-code-title"
          title={w.make}
          onSubmit={() => {
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
          actions={
            <>
              <Button type="submit" disabled={make.isPending || label.trim() === ''}>
                {w.submit}
              </Button>
            </>
          }
          footer={
            <>
              <div role="status" aria-live="polite">
                {made ? (
                  <p>
                    {w.madeBefore(made.label)} <code className="partner-code">{made.code}</code>. {words.apiKeys.madeAfter}
                  </p>
                ) : (
                  outcome
                )}
              </div>
            </>
          }
        >
          <div className="form-grid">
            <TextField label={w.label} value={label} required maxLength={200} onChange={(e) => setLabel(e.target.value)} />
            <TextField
              label={w.limit}
              type="number"
              min={1}
              max={PARTNER_CODE_MAX_CLAIMS}
              required
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
            <TextField
              label={words.waves.validFor}
              type="number"
              min={1}
              max={MAX_EXPIRY_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
        </ActionForm>
      </Can>
    </section>
  );
}
