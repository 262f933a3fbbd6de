import { useState, type FormEvent } from 'react';
import {
  CRM_FIELDS,
  CRM_PROVIDERS,
  CRM_PROVIDER_NAMES,
  type AdminCrmState,
  type AdminSegment,
  type CrmField,
  type CrmProvider,
  type CrmRule,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useConnectCrm } from '../../api/crm';
import { useSegments } from '../../api/segments';
import { SelectField, TextField } from '../../components/fields';
import { DataTable, type Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
import { describeFilter } from '../pilots/segment-summary';
import { ActionForm } from '../../components/action-form';

const BOOKED = ['any', 'yes', 'no'] as const;
type Booked = (typeof BOOKED)[number];

const bookedOf = (rule: CrmRule | null): Booked => (rule?.booked === true ? 'yes' : rule?.booked === false ? 'no' : 'any');

/**
 * Connect a CRM, or change the connection (owners; the server asks for a fresh proof): the provider and its token (never
 * shown again once saved: an empty box keeps the saved one only when nothing else about the provider changes), who goes
 * there by a rule, and the property each field goes to (empty: not sent). Missing properties are made in the CRM.
 */
export function CrmConnectForm({ state, onNotice }: { state: AdminCrmState; onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.crm.connect;
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
  const describeChosen = (filter: AdminSegment | undefined) => (filter ? describeFilter(filter, words) : '');
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
            text: w.connected(CRM_PROVIDER_NAMES[provider], saved.pending),
          });
        },
        onError: (error) => onNotice({ kind: 'error', text: error.message }),
      },
    );
  };
  return (
    <ActionForm
      titleId="crm-connect-title"
      title={state.connected ? w.change : w.connect}
      heading="h2"
      onSubmit={submit}
      actions={
        <>
          <Button type="submit" disabled={connect.isPending}>
            {state.connected ? w.save : w.connectNamed(CRM_PROVIDER_NAMES[provider])}
          </Button>
        </>
      }
    >
      {state.connected && <p className="muted">{w.tokenHidden}</p>}
      <ProviderFields provider={provider} onProvider={setProvider} token={token} onToken={setToken} domain={domain} onDomain={setDomain} />
      <fieldset className="stack">
        <legend>{w.who}</legend>
        <SelectField
          label={w.send}
          options={['', ...(segments.data?.items ?? []).map((s) => String(s.id))]}
          labels={{
            '': w.byRule,
            ...Object.fromEntries((segments.data?.items ?? []).map((s) => [String(s.id), w.savedSegment(s.name)])),
          }}
          value={segment}
          onValue={(value) => setSegment(value ?? '')}
        />
        {segment === '' ? (
          <RuleFields
            confirmed={confirmed}
            onConfirmed={setConfirmed}
            minScore={minScore}
            onMinScore={setMinScore}
            booked={booked}
            onBooked={setBooked}
          />
        ) : (
          <p className="muted">{describeChosen(segments.data?.items.find((s) => String(s.id) === segment)?.filter)}</p>
        )}
        <p className="muted">{w.unsubscribed}</p>
      </fieldset>
      <FieldProperties fields={fields} onFields={setFields} />
      <p className="muted">{w.key}</p>
      {connect.error && (
        <p className="form-error" role="alert">
          {connect.error.message}
        </p>
      )}
    </ActionForm>
  );
}

/** Who goes to the CRM by the rule: confirmed only, a least fit score, a call booked or not. */
function RuleFields(props: {
  confirmed: boolean;
  onConfirmed: (confirmed: boolean) => void;
  minScore: string;
  onMinScore: (score: string) => void;
  booked: Booked;
  onBooked: (booked: Booked) => void;
}) {
  const w = useConsoleWords().crm.connect;
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={props.confirmed} onChange={(e) => props.onConfirmed(e.target.checked)} /> {w.onlyConfirmed}
      </label>
      <div className="form-grid">
        <TextField
          id="crm-min-score"
          label={w.minScore}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={props.minScore}
          onChange={(e) => props.onMinScore(e.target.value)}
        />
        <SelectField
          label={w.booked}
          options={BOOKED}
          labels={w.bookedChoices}
          value={props.booked}
          required
          onValue={(v) => v && props.onBooked(v)}
        />
      </div>
    </>
  );
}

/** The CRM property each field goes to (empty: the field is not sent). */
function FieldProperties({ fields, onFields }: { fields: Record<CrmField, string>; onFields: (fields: Record<CrmField, string>) => void }) {
  const w = useConsoleWords().crm.connect;
  return (
    <div className="table-card">
      <DataTable caption={w.fieldsCaption} header={w.fieldsHeader}>
        {CRM_FIELDS.map((field) => (
          <tr key={field}>
            <th scope="row">{w.fields[field]}</th>
            <td>
              <TextField
                compact
                className="label-hidden"
                id={`crm-field-${field}`}
                label={w.propertyFor(w.fields[field])}
                pattern="[a-z][a-z0-9_]{0,99}"
                value={fields[field]}
                onChange={(e) => onFields({ ...fields, [field]: e.target.value })}
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** The CRM and how we reach it: its token (never shown again once saved) and, for Pipedrive, the company's domain. */
function ProviderFields(props: {
  provider: CrmProvider;
  onProvider: (provider: CrmProvider) => void;
  token: string;
  onToken: (token: string) => void;
  domain: string;
  onDomain: (domain: string) => void;
}) {
  const w = useConsoleWords().crm.connect;
  return (
    <div className="form-grid">
      <SelectField
        label={w.crm}
        options={CRM_PROVIDERS}
        labels={CRM_PROVIDER_NAMES}
        value={props.provider}
        required
        onValue={(value) => value && props.onProvider(value)}
      />
      <TextField
        id="crm-token"
        label={props.provider === 'hubspot' ? w.hubspotToken : w.apiToken}
        type="password"
        autoComplete="off"
        required
        minLength={8}
        maxLength={512}
        value={props.token}
        onChange={(e) => props.onToken(e.target.value)}
      />
      {props.provider === 'pipedrive' && (
        <TextField
          id="crm-domain"
          label={w.domain}
          required
          pattern="[A-Za-z0-9][A-Za-z0-9\-]{0,62}"
          value={props.domain}
          onChange={(e) => props.onDomain(e.target.value)}
        />
      )}
    </div>
  );
}
