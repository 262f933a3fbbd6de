import type { AdminSignup } from '@waitlist/contract';
import { usePartnerCodes } from '../../api/pilots';

/** The label of the partner code they joined with (its number until the codes have loaded, or if it was deleted). */
function usePartnerCodeLabel(id: number | null): string | null {
  const codes = usePartnerCodes({ enabled: id !== null });
  if (id === null) return null;
  return codes.data?.items.find((code) => code.id === id)?.label ?? `Partner code #${id}`;
}

/** Where the person came from (first party: campaign tags, the referring site, the landing page, a partner code). */
export function AttributionDetails({ signup }: { signup: AdminSignup }) {
  const partnerCode = usePartnerCodeLabel(signup.partner_code_id);
  const rows: [string, string | null][] = [
    ['Company', signup.free_mail ? `Personal address (${signup.company_domain ?? '—'})` : signup.company_domain],
    ['Partner code', partnerCode],
    ['Source (utm_source)', signup.utm_source],
    ['Medium (utm_medium)', signup.utm_medium],
    ['Campaign (utm_campaign)', signup.utm_campaign],
    ['Content (utm_content)', signup.utm_content],
    ['Term (utm_term)', signup.utm_term],
    ['Referring site', signup.referrer_origin],
    ['Landing page', signup.landing_path],
  ];
  return (
    <section className="card stack" aria-labelledby="attribution-title">
      <h2 id="attribution-title">Where they came from</h2>
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
