import { PageHero } from '../../components/ui/page-section';
import { buttonClass } from '../../components/ui/button';
import { useLocale } from '../../lib/locale';
import { paths } from '../paths';

/** Where a sign-up posted without script lands (the server answers 303 here, so a reload posts nothing again). */
export function ThankYouPage() {
  const { copy, href } = useLocale();
  const { thankYou } = copy;
  return (
    <PageHero className="section" headingId="thank-you-heading" heading={thankYou.heading} lead={thankYou.text}>
      <p>{thankYou.confirmHint}</p>
      <a href={href(paths.home)} className={buttonClass('primary')}>
        {thankYou.backLink}
      </a>
    </PageHero>
  );
}
