import type { ReactNode } from 'react';
import { useLocale } from '../lib/locale';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { LanguageOffer } from './language-offer';

/** Header, main and footer of every public page; `pathname` marks the current page in the navigation. */
export function RootLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { copy } = useLocale();
  return (
    <>
      <a className="skip-link" href="#main">
        {copy.nav.skipLink}
      </a>
      <SiteHeader pathname={pathname} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <LanguageOffer pathname={pathname} />
    </>
  );
}
