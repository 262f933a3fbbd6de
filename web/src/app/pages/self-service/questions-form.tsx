import { SHORT_ANSWER_MAX_LENGTH, answerField, type PersonQuestion } from '@waitlist/contract/questions';
import { MANAGE_ACTIONS } from '@waitlist/contract/self-service';
import { buttonClass } from '../../../components/ui/button';
import { useLocale } from '../../../lib/locale';

/**
 * The questions after confirming (issue 36 item 1), a plain form post that works without script: radio buttons for
 * one choice (with "No answer" to clear it), check boxes for several, a text field for a short answer. From the page
 * after confirming the data link's token travels in a hidden field; on the data page the cookie carries it.
 */
export function QuestionsForm({
  questions,
  token,
  from,
}: {
  questions: readonly PersonQuestion[];
  /** The page after confirming: the token of its form (never in the URL). */
  token?: string | undefined;
  from: 'confirmed' | 'manage';
}) {
  const { words, href } = useLocale();
  const w = words.selfService.questions;
  return (
    <form method="post" action={href(MANAGE_ACTIONS.answers)} className="signup-form questions-form">
      {token !== undefined && <input type="hidden" name="token" value={token} />}
      {from === 'confirmed' && <input type="hidden" name="from" value="confirmed" />}
      {questions.map((q) => {
        const name = answerField(q.id);
        if (q.kind === 'text') {
          return (
            <div className="field" key={q.id}>
              <label htmlFor={name}>{q.prompt}</label>
              <input
                type="text"
                id={name}
                name={name}
                maxLength={SHORT_ANSWER_MAX_LENGTH}
                defaultValue={q.text}
                aria-describedby={`${name}-hint`}
              />
              <p className="field-hint" id={`${name}-hint`}>
                {w.shortAnswerHint(SHORT_ANSWER_MAX_LENGTH)}
              </p>
            </div>
          );
        }
        const type = q.kind === 'single' ? 'radio' : 'checkbox';
        return (
          <fieldset className="field" key={q.id}>
            <legend>{q.prompt}</legend>
            <div className="checkbox-grid">
              {q.options.map((o) => (
                <label key={o.id} className="check" htmlFor={`${name}-${o.id}`}>
                  <input type={type} id={`${name}-${o.id}`} name={name} value={o.id} defaultChecked={q.chosen.includes(o.id)} />{' '}
                  <span>{o.label}</span>
                </label>
              ))}
              {q.kind === 'single' && (
                <label className="check" htmlFor={`${name}-none`}>
                  <input type="radio" id={`${name}-none`} name={name} value="" defaultChecked={q.chosen.length === 0} />{' '}
                  <span>{w.noAnswer}</span>
                </label>
              )}
            </div>
          </fieldset>
        );
      })}
      <button type="submit" className={buttonClass(from === 'confirmed' ? 'secondary' : 'primary')}>
        {w.button}
      </button>
    </form>
  );
}
