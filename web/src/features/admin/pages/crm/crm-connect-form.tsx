import { useState, type FormEvent } from 'react';
import {
  CRM_FIELDS,
  CRM_FIELD_LABELS,
  CRM_PROVIDERS,
  CRM_PROVIDER_NAMES,
  type AdminCrmState,
  type CrmField,
  type CrmProvider,
  type CrmRule,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useConnectCrm } from '../../api/crm';
import { useSegments } from '../../api/segments';
import { SelectField, TextField } from '../../components/fields';
import { DataTable, type Notice } from '../../components/console-ui';

const BOOKED = { any: 'Booked or not', yes: 'Only people who booked a call', no: 'Only people who have not booked' } as const;
type Booked = keyof typeof BOOKED;

const bookedOf = (rule: CrmRule | null): Booked => (rule?.booked === true ? 'yes' : rule?.booked === false ? 'no' : 'any');

/**
 * Connect a CRM, or change the connection (owners; the server asks for a fresh proof): the provider and its token (never
 * shown again once saved: an empty box keeps the saved one only when nothing else about the provider changes), who goes
 * there by a rule, and the property each field goes to (empty: not sent). Missing properties are made in the CRM.
 */
export function CrmConnectForm({ state, onNotice }: { state: AdminCrmState; onNotice: (notice: Notice) => void }) {
  const connect = useConnectCrm();
  const segments = useSegments();
  /** '': by the rule below; else a saved segment's id. */
  const [segment, setSegment] = useState(state.segment === null ? '' : String(state.segment));
  const [provider, setProvider] = useState<CrmProvider>(state.provider ?? 'hubspot');
  const [token, setToken] = useState('');
  const [domain, setDomain] = useState(state.company_domain ?? '');
  const [confirmed, setConfirmed] = useState(state.rule?.confirmed ?? true);
  const [minScore, setMinScore] = useState(
    state.rule?.min_fit_score === undefined ? (state.connected ? '' : '60') : String(state.rule.min_fit_score),
  );
  const [booked, setBooked] = useState<Booked>(bookedOf(state.rule));
  const [fields, setFields] = useState<Record<CrmField, string>>(
    () => Object.fromEntries(CRM_FIELDS.map((f) => [f, state.fields[f] ?? ''])) as Record<CrmField, string>,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule: CrmRule = {
      ...(confirmed ? { confirmed: true } : {}),
      ...(minScore.trim() === '' ? {} : { min_fit_score: Number(minScore) }),
      ...(booked === 'any' ? {} : { booked: booked === 'yes' }),
    };
    connect.mutate(
      {
        provider,
        token: token.trim(),
        ...(provider === 'pipedrive' ? { company_domain: domain.trim().toLowerCase() } : {}),
        ...(segment === '' ? { rule } : { segment: Number(segment) }),
        fields: Object.fromEntries(CRM_FIELDS.map((f) => [f, fields[f].trim() === '' ? null : fields[f].trim()])),
      },
      {
        onSuccess: (saved) => {
          setToken('');
          onNotice({
            kind: 'success',
            text: `${CRM_PROVIDER_NAMES[provider]} is connected: ${saved.pending === 1 ? '1 person is' : `${saved.pending} people are`} on the way there.`,
          });
        },
        onError: (error) => onNotice({ kind: 'error', text: error.message }),
      },
    );
  };
  return (
    <form className="card stack" aria-labelledby="crm-connect-title" onSubmit={submit}>
      <h2 id="crm-connect-title">{state.connected ? 'Change the connection' : 'Connect a CRM'}</h2>
      {state.connected && <p className="muted">The saved token is never shown again: paste it with any change you save.</p>}
      <div className="form-grid">
        <SelectField
          label="CRM"
          options={CRM_PROVIDERS}
          labels={CRM_PROVIDER_NAMES}
          value={provider}
          required
          onValue={(value) => value && setProvider(value)}
        />
        <TextField
          id="crm-token"
          label={provider === 'hubspot' ? 'Private app access token' : 'API token'}
          type="password"
          autoComplete="off"
          required
          minLength={8}
          maxLength={512}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        {provider === 'pipedrive' && (
          <TextField
            id="crm-domain"
            label="Company domain (the name before .pipedrive.com)"
            required
            pattern="[A-Za-z0-9][A-Za-z0-9\-]{0,62}"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
          />
        )}
      </div>
      <fieldset className="stack">
        <legend>Who goes to the CRM</legend>
        <SelectField
          label="Send"
          options={['', ...(segments.data?.items ?? []).map((s) => String(s.id))]}
          labels={{
            '': 'The people this rule chooses',
            ...Object.fromEntries((segments.data?.items ?? []).map((s) => [String(s.id), `The saved segment “${s.name}”`])),
          }}
          value={segment}
          onValue={(value) => setSegment(value ?? '')}
        />
        {segment === '' ? (
          <>
            <label className="check">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> Only people who confirmed their
              address
            </label>
            <div className="form-grid">
              <TextField
                id="crm-min-score"
                label="Fit score at least (empty: any)"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                value={minScore}
                onChange={(e) => setMinScore(e.target.value)}
              />
              <SelectField
                label="Booked call"
                options={Object.keys(BOOKED) as Booked[]}
                labels={BOOKED}
                value={booked}
                required
                onValue={(v) => v && setBooked(v)}
              />
            </div>
          </>
        ) : (
          <p className="muted">{segments.data?.items.find((s) => String(s.id) === segment)?.in_words}</p>
        )}
        <p className="muted">People who unsubscribed are never sent; those already there get their new status.</p>
      </fieldset>
      <div className="table-card">
        <DataTable caption="Which property each field goes to (empty: not sent)" header={['Field', 'Property in the CRM']}>
          {CRM_FIELDS.map((field) => (
            <tr key={field}>
              <th scope="row">{CRM_FIELD_LABELS[field]}</th>
              <td>
                <TextField
                  compact
                  className="label-hidden"
                  id={`crm-field-${field}`}
                  label={`Property for ${CRM_FIELD_LABELS[field]}`}
                  pattern="[a-z][a-z0-9_]{0,99}"
                  value={fields[field]}
                  onChange={(e) => setFields({ ...fields, [field]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      <p className="muted">The e-mail address is the contact’s key; the company is made from the work domain and linked to the person.</p>
      {connect.error && (
        <p className="form-error" role="alert">
          {connect.error.message}
        </p>
      )}
      <div className="actions">
        <Button type="submit" disabled={connect.isPending}>
          {state.connected ? 'Save the connection' : `Connect ${CRM_PROVIDER_NAMES[provider]}`}
        </Button>
      </div>
    </form>
  );
}
