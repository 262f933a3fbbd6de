import { ATTRIBUTION_FIELDS, type AdminSignup } from '@waitlist/contract';
import { usePartnerCodes } from '../../api/pilots';
import { useConsoleWords } from '../../app/console-language';

/** The label of the partner code they joined with (its number until the codes have loaded, or if it was deleted). */
function usePartnerCodeLabel(id: number | null): string | null {
  const codes = usePartnerCodes({ enabled: id !== null });
  const w = useConsoleWords().signup.attribution;
  if (id === null) return null;
  return codes.data?.items.find((code) => code.id === id)?.label ?? w.codeNumber(id);
}

/** Where the person came from (first party: campaign tags, the referring site, the landing page, a partner code). */
export function AttributionDetails({ signup }: { signup: AdminSignup }) {
  const partnerCode = usePartnerCodeLabel(signup.partner_code_id);
  const w = useConsoleWords().signup.attribution;
  const rows: [string, string | null][] = [
    [w.company, signup.free_mail ? w.personal(signup.company_domain ?? '—') : signup.company_domain],
    [w.partnerCode, partnerCode],
    ...ATTRIBUTION_FIELDS.map((field): [string, string | null] => [w.fields[field], signup[field]]),
  ];
  return (
    <section className="card stack" aria-labelledby="attribution-title">
      <h2 id="attribution-title">{w.title}</h2>

      <dl className="details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="break">{value ?? <span className="muted">—</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
