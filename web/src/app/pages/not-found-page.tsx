import { buttonClass } from '../../components/ui/button';
import { useLocale } from '../../lib/locale';
import { paths } from '../paths';
import { NOT_FOUND_ATTRIBUTE } from '../page-markers';

export function NotFoundPage() {
  const { copy, href } = useLocale();
  return (
    <section className="section not-found" aria-labelledby="not-found-heading" {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
      <div className="container narrow center">
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading">{copy.notFound.heading}</h1>
        <p className="lead">{copy.notFound.text}</p>
        <a href={href(paths.home)} className={buttonClass('primary')}>
          {copy.notFound.backLink}
        </a>
      </div>
    </section>
  );
}
