import { siteConfig } from '../config/site';
import { paths } from './paths';
import { Logo } from './logo';

export function SiteFooter() {
  const { footer, location } = siteConfig;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href={paths.home} className="logo logo-inverse">
            <Logo />
            <span>{siteConfig.name}</span>
          </a>
          <p>{siteConfig.tagline}</p>
        </div>
        <div>
          <h2 className="footer-heading">{footer.legalHeading}</h2>
          <ul className="footer-list">
            <li>
              <a href={paths.privacy}>{siteConfig.nav.privacy}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{footer.contactHeading}</h2>
          <ul className="footer-list">
            <li>
              <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
            </li>
            <li>
              {location.city}, {location.country}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{footer.followHeading}</h2>
          <ul className="footer-list">
            <li>
              <a href={siteConfig.linkedInUrl} rel="noopener noreferrer">
                {footer.linkedInLabel}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{footer.copyright}</p>
      </div>
    </footer>
  );
}
