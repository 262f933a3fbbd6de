import { MANAGE_ACTIONS, type PersonCorrectableField, type PersonView } from '@waitlist/contract/self-service';
import { buttonClass } from '../../../components/ui/button';
import { useLocale } from '../../../lib/locale';
import type { PersonQuestion } from '@waitlist/contract/questions';
import { answersUnknown } from '@waitlist/contract/options';
import { CorrectForm } from './correct-form';
import { QuestionsForm } from './questions-form';
import { PersonDataTable } from './person-data-table';

/**
 * The person's own data (the manage link in every mail): see everything stored, download it, correct it, or
 * withdraw and erase it. Every action is a plain form post; the link's token travels in the data pages' cookie,
 * never in the page. Nothing needs script.
 */
export function ManagePage({
  person,
  saved = false,
  invalid,
  questions = [],
  answered = false,
  answersInvalid = false,
}: {
  person: PersonView;
  saved?: boolean;
  invalid?: PersonCorrectableField[];
  questions?: readonly PersonQuestion[];
  answered?: boolean;
  answersInvalid?: boolean;
}) {
  const { words, href } = useLocale();
  const m = words.selfService.manage;
  return (
    <article className="section prose-page" aria-labelledby="manage-heading">
      <div className="container narrow">
        <h1 id="manage-heading">{m.title}</h1>
        <p className="lead">{m.lead}</p>
        {saved && (
          <p role="status" className="card">
            {m.saved}
          </p>
        )}
        {answersUnknown(person) && !saved && (
          <p className="card">
            {m.answersUnknown} <a href="#correct">{m.answersUnknownLink}</a>
          </p>
        )}
        <section aria-labelledby="stored">
          <h2 id="stored">{m.storedHeading}</h2>
          <PersonDataTable person={person} />
        </section>
        <section aria-labelledby="download">
          <h2 id="download">{m.downloadHeading}</h2>
          <p>{m.downloadText}</p>
          <form method="post" action={href(MANAGE_ACTIONS.export)}>
            <button type="submit" className={buttonClass('secondary')}>
              {m.downloadButton}
            </button>
          </form>
        </section>
        <section aria-labelledby="correct">
          <h2 id="correct">{m.correctHeading}</h2>
          <CorrectForm person={person} {...(invalid ? { invalid } : {})} />
        </section>
        {questions.length > 0 && <AnswersSection questions={questions} answered={answered} answersInvalid={answersInvalid} />}
        <section aria-labelledby="unsubscribe-heading">
          <h2 id="unsubscribe-heading">{m.unsubscribeHeading}</h2>
          <p>{m.unsubscribeText}</p>
        </section>
        <EraseSection />
      </div>
    </article>
  );
}

/** Their answers to the questions after confirming, to change (a plain form post). */
function AnswersSection({
  questions,
  answered,
  answersInvalid,
}: {
  questions: readonly PersonQuestion[];
  answered: boolean;
  answersInvalid: boolean;
}) {
  const q = useLocale().words.selfService.questions;
  return (
    <section aria-labelledby="answers-heading">
      <h2 id="answers-heading">{q.manageHeading}</h2>
      <p>{q.manageLead}</p>
      {answered && (
        <p role="status" className="card">
          {q.saved}
        </p>
      )}
      {answersInvalid && (
        <p role="alert" className="card">
          {q.invalid}
        </p>
      )}
      <QuestionsForm questions={questions} from="manage" />
    </section>
  );
}

/** Withdraw and erase: a box to tick, then the button (the server erases at once and says so). */
function EraseSection() {
  const { words, href } = useLocale();
  const m = words.selfService.manage;
  return (
    <section aria-labelledby="erase">
      <h2 id="erase">{m.eraseHeading}</h2>
      <p>{m.eraseText}</p>
      <form method="post" action={href(MANAGE_ACTIONS.erase)}>
        <div className="field">
          <label className="check" htmlFor="erase-confirm">
            <input type="checkbox" id="erase-confirm" name="confirm" value="yes" required /> <span>{m.eraseConfirm}</span>
          </label>
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {m.eraseButton}
        </button>
      </form>
    </section>
  );
}
