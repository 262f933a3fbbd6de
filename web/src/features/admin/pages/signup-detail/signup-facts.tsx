import { FOLLOW_UP_STATUS_LABELS, LOCALE_NAMES, isSiteLocale, type AdminSignup } from '@waitlist/contract';
import type { ReactNode } from 'react';
import { Answer, OutcomeChips, formatDateTime } from '../../components/console-ui';

const When = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;
const Muted = ({ children }: { children: ReactNode }) => <span className="muted">{children}</span>;

/** What the person told us and what happened since: status, answers, consent, confirmation, language, opt-out. */
export function SignupFacts({ signup: s }: { signup: AdminSignup }) {
  const facts: [string, ReactNode][] = [
    ['Status', FOLLOW_UP_STATUS_LABELS[s.status]],
    [
      'Fit',
      <>
        <strong>{s.fit_score}</strong> of 100
        {s.fit_reasons.length > 0 && (
          <ul className="fit-reasons">
            {s.fit_reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </>,
    ],
    [
      'Call with a founder',
      s.meeting_at ? (
        <>
          Meeting booked for <When at={s.meeting_at} />
          {s.meeting_unreferenced && <Muted> (booked without our link, matched by the address typed: check it was them)</Muted>}
        </>
      ) : (
        <Muted>None booked</Muted>
      ),
    ],
    [
      'Answers',
      s.answers?.length ? (
        <dl className="answers">
          {s.answers.map((a) => (
            <div key={a.question_id}>
              <dt>{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Muted>No answers</Muted>
      ),
    ],
    ['Role', <Answer key="role" value={s.role} />],
    ['Company size', <Answer key="size" value={s.company_size} />],
    ['Desired outcomes', <OutcomeChips key="outcomes" outcomes={s.desired_outcomes} />],
    ['Other outcome', s.other_outcome ?? <Muted>—</Muted>],
    ['Signed up', <When key="created" at={s.created_at} />],
    [
      'Consent',
      <>
        <When at={s.consented_at} />, privacy policy version {s.privacy_policy_version}
      </>,
    ],
    ['Confirmed', s.confirmed_at ? <When at={s.confirmed_at} /> : <Muted>Not yet</Muted>],
    ['Language of their mails', isSiteLocale(s.locale) ? LOCALE_NAMES[s.locale] : s.locale],
    [
      'Updates by mail',
      s.marketing_opt_out_at ? (
        <>
          Opted out <When at={s.marketing_opt_out_at} />
        </>
      ) : (
        'Subscribed'
      ),
    ],
  ];
  return (
    <div className="card">
      <dl className="details">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
