import { siteConfig } from '../config/site';
import { useLocale } from '../lib/locale';
import { paths } from './paths';
import type { ReactNode } from 'react';
import { BrandLink } from './logo';
import { FIRST_PAINT_MARKER_ID } from './page-markers';

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="footer-heading">{heading}</h2>
      <ul className="footer-list">{children}</ul>
    </div>
  );
}

export function SiteFooter() {
  const { copy, href } = useLocale();
  const { footer } = copy;
  // The footer is prerendered, so this is the year of the build.
  const year = new Date().getFullYear();
  return (
    <footer id={FIRST_PAINT_MARKER_ID} className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <BrandLink inverse />
          <p>{copy.tagline}</p>
        </div>
        <FooterColumn heading={footer.legalHeading}>
          <li>
            <a href={href(paths.privacy)}>{copy.nav.privacy}</a>
          </li>
          <li>
            <a href={href(paths.accessibility)}>{copy.nav.accessibility}</a>
          </li>
          <li>
            <a href={href(paths.trust)}>{copy.nav.trust}</a>
          </li>
        </FooterColumn>
        <FooterColumn heading={footer.contactHeading}>
          <li>
            <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </li>
          <li>
            {copy.city}, {copy.country}
          </li>
        </FooterColumn>
        <FooterColumn heading={footer.followHeading}>
          <li>
            <a href={siteConfig.linkedInUrl} rel="noopener noreferrer">
              {footer.linkedInLabel}
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {siteConfig.legalName}. {footer.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
