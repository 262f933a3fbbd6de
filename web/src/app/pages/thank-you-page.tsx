import { buttonClass } from '../../components/ui/button';
import { siteConfig } from '../../config/site';
import { paths } from '../paths';

/** Where a sign-up posted without script lands (the server answers 303 here, so a reload posts nothing again). */
export function ThankYouPage() {
  const { thankYou } = siteConfig;
  return (
    <section className="section" aria-labelledby="thank-you-heading">
      <div className="container narrow center">
        <h1 id="thank-you-heading">{thankYou.heading}</h1>
        <p className="lead">{thankYou.text}</p>
        <a href={paths.home} className={buttonClass('primary')}>
          {thankYou.backLink}
        </a>
      </div>
    </section>
  );
}
