import type { ReactNode } from 'react';
import { useLocale } from '../lib/locale';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { LanguageOffer } from './language-offer';

/**
 * Header, main and footer of every public page; `pathname` marks the current page in the navigation. A page for
 * one person (behind a link in our mail) offers no other language: its address holds their token.
 */
export function RootLayout({
  pathname,
  languageSwitch = true,
  children,
}: {
  pathname: string;
  languageSwitch?: boolean;
  children: ReactNode;
}) {
  const { copy } = useLocale();
  return (
    <>
      <a className="skip-link" href="#main">
        {copy.nav.skipLink}
      </a>
      <SiteHeader pathname={pathname} languageSwitch={languageSwitch} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      {languageSwitch && <LanguageOffer pathname={pathname} />}
    </>
  );
}
