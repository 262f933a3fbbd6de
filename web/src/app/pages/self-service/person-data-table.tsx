import type { PersonView } from '@waitlist/contract/self-service';
import { useLocale } from '../../../lib/locale';

/** "2026-11-25 09:14 UTC": the same in every language, and unambiguous across time zones. */
const when = (iso: string | null, notYet: string) => (iso ? `${new Date(iso).toISOString().replace('T', ' ').slice(0, 16)} UTC` : notYet);

/** Everything we store about the person, each stored code shown as what it means in the page's language. */
export function PersonDataTable({ person }: { person: PersonView }) {
  const { copy, words } = useLocale();
  const m = words.selfService.manage;
  const f = m.fields;
  const labels = copy.signup.options;
  const label = (meanings: Record<string, string>, value: string | null) => (value === null ? m.notGiven : (meanings[value] ?? value));
  const cameFrom = Object.entries(person.came_from).map(([field, value]) => `${label(m.attributionFields, field)}: ${value}`);
  const rows: [string, string][] = [
    [f.email, person.email],
    [f.role, label(labels.role, person.role)],
    [f.companySize, label(labels.companySize, person.company_size)],
    [f.outcomes, person.desired_outcomes?.map((o) => label(labels.desiredOutcome, o)).join(', ') ?? m.notGiven],
    [f.otherOutcome, person.other_outcome ?? m.none],
    [f.signedUp, when(person.created_at, m.notYet)],
    [f.consent, when(person.consented_at, m.notYet)],
    [f.policyVersion, person.privacy_policy_version],
    [f.confirmed, when(person.confirmed_at, m.notYet)],
    [f.optOut, when(person.marketing_opt_out_at, m.notYet)],
    [f.language, label(m.languageNames, person.locale)],
    [f.company, person.company_domain ?? m.none],
    [f.cameFrom, cameFrom.length === 0 ? m.none : cameFrom.join('; ')],
    ...(person.partner_code === null ? [] : [[f.partnerCode, person.partner_code] as [string, string]]),
    [f.followUp, label(m.followUpStatuses, person.status)],
    [
      f.invitation,
      person.invitation
        ? m.invitationSummary(person.invitation.wave, {
            invited: when(person.invitation.invited_at, m.notYet),
            accepted: when(person.invitation.accepted_at, m.notYet),
            redeemed: when(person.invitation.redeemed_at, m.notYet),
          })
        : m.none,
    ],
  ];
  return (
    <table className="card">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
