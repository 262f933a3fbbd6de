import { isSiteLocale, type AdminSignup } from '@waitlist/contract';
import type { ReactNode } from 'react';
import { Answer, OutcomeChips, TimeOf as When } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
const Muted = ({ children }: { children: ReactNode }) => <span className="muted">{children}</span>;

/** What the person told us and what happened since: status, answers, consent, confirmation, language, opt-out. */
export function SignupFacts({ signup: s }: { signup: AdminSignup }) {
  const words = useConsoleWords();
  const w = words.signup.facts;
  const facts: [string, ReactNode][] = [
    [w.status, words.statuses[s.status]],
    [
      w.fit,
      <>
        <strong>{s.fit_score}</strong> {w.of100}
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
      w.call,
      s.meeting_at ? (
        <>
          {w.booked} <When at={s.meeting_at} />
          {s.meeting_unreferenced && <Muted> {w.unreferenced}</Muted>}
        </>
      ) : (
        <Muted>{w.noneBooked}</Muted>
      ),
    ],
    [
      w.answers,
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
        <Muted>{w.noAnswers}</Muted>
      ),
    ],
    [w.role, <Answer key="role" value={s.role} />],
    [w.size, <Answer key="size" value={s.company_size} />],
    [w.outcomes, <OutcomeChips key="outcomes" outcomes={s.desired_outcomes} />],
    [w.other, s.other_outcome ?? <Muted>—</Muted>],
    [w.signedUp, <When key="created" at={s.created_at} />],
    [
      w.consent,
      <>
        <When at={s.consented_at} />, {w.policyVersion(s.privacy_policy_version)}
      </>,
    ],
    [w.confirmed, s.confirmed_at ? <When at={s.confirmed_at} /> : <Muted>{w.notYet}</Muted>],
    [w.language, isSiteLocale(s.locale) ? words.localeNames[s.locale] : s.locale],
    [
      w.updates,
      s.marketing_opt_out_at ? (
        <>
          {w.optedOut} <When at={s.marketing_opt_out_at} />
        </>
      ) : (
        w.subscribed
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
