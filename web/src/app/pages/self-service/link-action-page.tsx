import { buttonClass } from '../../../components/ui/button';
import { PageHero } from '../../../components/ui/page-section';

/**
 * What a link from our mail opens: what the button will do, and the button. Opening the page changes nothing
 * (mail scanners open every link); only pressing the button posts. `action` carries the token when the post must
 * work as an RFC 8058 one-click unsubscribe (token in the URL); otherwise it goes in a hidden field.
 */
export function LinkActionPage({
  title,
  lead,
  button,
  action,
  token,
}: {
  title: string;
  lead: string;
  button: string;
  action: string;
  token?: string;
}) {
  return (
    <PageHero className="section" headingId="self-service-heading" heading={title} lead={lead}>
      <form method="post" action={action}>
        {token !== undefined && <input type="hidden" name="token" value={token} />}
        <button type="submit" className={buttonClass('primary', 'btn-lg')}>
          {button}
        </button>
      </form>
    </PageHero>
  );
}
