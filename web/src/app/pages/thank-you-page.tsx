import { PageHero } from '../../components/ui/page-section';
import { buttonClass } from '../../components/ui/button';
import { siteConfig } from '../../config/site';
import { paths } from '../paths';

/** Where a sign-up posted without script lands (the server answers 303 here, so a reload posts nothing again). */
export function ThankYouPage() {
  const { thankYou } = siteConfig;
  return (
    <PageHero className="section" headingId="thank-you-heading" heading={thankYou.heading} lead={thankYou.text}>
      <a href={paths.home} className={buttonClass('primary')}>
        {thankYou.backLink}
      </a>
    </PageHero>
  );
}
