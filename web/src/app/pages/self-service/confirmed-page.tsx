import type { PersonQuestion } from '@waitlist/contract/questions';
import { buttonClass } from '../../../components/ui/button';
import { useLocale } from '../../../lib/locale';
import { MessagePage } from './message-page';
import { QuestionsForm } from './questions-form';

/**
 * Confirmed: the thanks; the few questions an owner asks (issue 36 item 1), optional and never in the way of the
 * confirmation, which is done; and for a person who fits a pilot well the offer of a call with a founder (item 3).
 * The booking link is a plain link to the scheduler (no script), carrying an opaque reference, never the address.
 */
export function ConfirmedPage({
  bookingUrl,
  questions,
  token,
  answered = false,
  answersInvalid = false,
}: {
  bookingUrl?: string | undefined;
  questions?: readonly PersonQuestion[] | undefined;
  token?: string | undefined;
  answered?: boolean;
  answersInvalid?: boolean;
}) {
  const { words } = useLocale();
  const w = words.selfService.confirm;
  const q = words.selfService.questions;
  return (
    <MessagePage title={w.doneTitle} text={w.doneText}>
      {bookingUrl && (
        <section className="booking-offer" aria-labelledby="booking-offer-heading">
          <h2 id="booking-offer-heading">{w.bookingTitle}</h2>
          <p>{w.bookingText}</p>
          <p>
            <a href={bookingUrl} className={buttonClass('primary', 'btn-lg')} rel="noopener">
              {w.bookingLink}
            </a>
          </p>
          <p className="booking-note">{w.bookingNote}</p>
        </section>
      )}
      {questions && questions.length > 0 && (
        <section className="questions-block" aria-labelledby="questions-heading">
          <h2 id="questions-heading">{q.heading}</h2>
          {answered ? (
            <p role="status" className="card">
              {q.saved}
            </p>
          ) : (
            <p>{q.lead}</p>
          )}
          {answersInvalid && (
            <p role="alert" className="card">
              {q.invalid}
            </p>
          )}
          {!answered && <QuestionsForm questions={questions} token={token} from="confirmed" />}
        </section>
      )}
    </MessagePage>
  );
}
