import { buttonClass } from '../../components/ui/button';
import { siteConfig } from '../../config/site';
import { paths } from '../paths';
import { NOT_FOUND_ATTRIBUTE } from '../page-markers';

export function NotFoundPage() {
  return (
    <section className="section not-found" aria-labelledby="not-found-heading" {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
      <div className="container narrow center">
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading">{siteConfig.notFound.heading}</h1>
        <p className="lead">{siteConfig.notFound.text}</p>
        <a href={paths.home} className={buttonClass('primary')}>
          {siteConfig.notFound.backLink}
        </a>
      </div>
    </section>
  );
}
