import { SITE_LOCALES, localizedPath, unlocalizedPath } from '@waitlist/contract/locales';
import { Dropdown } from '../components/ui/dropdown';
import { buttonClass } from '../components/ui/button';
import { cn } from '../lib/cn';
import { useLocale } from '../lib/locale';
import { siteCopy } from '../config/site';
import { anchors, pagesWithSignup, paths } from './paths';
import { BrandLink } from './logo';
import { LANGUAGE_SWITCH_ATTRIBUTE } from './page-markers';

/** The same page in another language; a path that is not a page (the 404 page) switches to that language's home. */
export function pageInLanguage(pathname: string, locale: (typeof SITE_LOCALES)[number]): string {
  const page = unlocalizedPath(pathname);
  return localizedPath(locale, (Object.values(paths) as string[]).includes(page) ? page : paths.home);
}

/**
 * Plain links between prerendered pages. On small screens the list is a native popover opened by the Menu
 * button (works without script; `popover-menus.ts` adds aria-expanded and closes it when a link is followed).
 * The language link leads to the same page in the other language; the first-view script adds the section the
 * visitor is at (`#faq`), which a server never sees.
 */
export function SiteHeader({ pathname, languageSwitch = true }: { pathname: string; languageSwitch?: boolean }) {
  const { locale, copy, href } = useLocale();
  const nav = copy.nav;
  const section = (anchor: string) => href(`/#${anchor}`);
  const signupHref = pagesWithSignup.includes(pathname) ? `${pathname}#${anchors.signupForm}` : section(anchors.signupForm);
  const current = (path: string) => (pathname === href(path) ? 'page' : undefined);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <BrandLink />
        <nav aria-label={nav.mainNav} className="main-nav">
          <button type="button" className="menu-toggle" popoverTarget="main-menu">
            <span className="menu-icon" aria-hidden="true" />
            {nav.menu}
          </button>
          <ul id="main-menu" className="nav-list" popover="auto" data-align="end">
            <li>
              <Dropdown id="home-menu" label={nav.home} current={pathname === href(paths.home)}>
                <li>
                  <a href={section(anchors.solution)}>{nav.solution}</a>
                </li>
                <li>
                  <a href={section(anchors.howItWorks)}>{nav.howItWorks}</a>
                </li>
                <li>
                  <a href={section(anchors.faq)}>{nav.faq}</a>
                </li>
                <li>
                  <a href={href(paths.privacy)} aria-current={current(paths.privacy)}>
                    {nav.privacy}
                  </a>
                </li>
              </Dropdown>
            </li>
            <li>
              <a
                href={href(paths.about)}
                className={cn('nav-link', pathname === href(paths.about) && 'active')}
                aria-current={current(paths.about)}
              >
                {nav.about}
              </a>
            </li>
            {SITE_LOCALES.filter((other) => languageSwitch && other !== locale).map((other) => (
              <li key={other}>
                <a
                  href={pageInLanguage(pathname, other)}
                  hrefLang={other}
                  lang={other}
                  className="nav-link lang-link"
                  {...{ [LANGUAGE_SWITCH_ATTRIBUTE]: '' }}
                >
                  <span className="sr-only" lang={locale}>
                    {nav.language}:{' '}
                  </span>
                  {siteCopy(other).languageName}
                </a>
              </li>
            ))}
            <li>
              <a href={signupHref} className={buttonClass('primary', 'nav-cta')}>
                {nav.signUp}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
