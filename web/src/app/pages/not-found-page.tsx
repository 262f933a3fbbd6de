import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { siteConfig } from '../../config/site';
import { paths } from '../paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A warning, not an error: the visitor's typo is not an application failure. The server logs it too.
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="section not-found" aria-labelledby="not-found-heading">
      <div className="container narrow center">
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading">{siteConfig.notFound.heading}</h1>
        <p className="lead">{siteConfig.notFound.text}</p>
        <Link to={paths.home} className={buttonClass('primary')}>
          {siteConfig.notFound.backLink}
        </Link>
      </div>
    </section>
  );
}
