import type { ReactNode } from 'react';
import { siteConfig } from '../config/site';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

/** Header, main and footer of every public page; `pathname` marks the current page in the navigation. */
export function RootLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {siteConfig.nav.skipLink}
      </a>
      <SiteHeader pathname={pathname} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
