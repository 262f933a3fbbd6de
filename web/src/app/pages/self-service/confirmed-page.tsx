import { buttonClass } from '../../../components/ui/button';
import { useLocale } from '../../../lib/locale';
import { MessagePage } from './message-page';

/**
 * Confirmed: the thanks, and for a person who fits a pilot well the offer of a call with a founder (issue 36 item 3).
 * The booking link is a plain link to the scheduler (no script), carrying an opaque reference, never the address.
 */
export function ConfirmedPage({ bookingUrl }: { bookingUrl?: string | undefined }) {
  const { words } = useLocale();
  const w = words.selfService.confirm;
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
    </MessagePage>
  );
}
