import { Dropdown } from '../components/ui/dropdown';
import { buttonClass } from '../components/ui/button';
import { cn } from '../lib/cn';
import { siteConfig } from '../config/site';
import { anchors, pagesWithSignup, paths, sectionHref } from './paths';
import { BrandLink } from './logo';

/**
 * Plain links between prerendered pages. On small screens the list is a native popover opened by the Menu
 * button (works without script; `popover-menus.ts` adds aria-expanded and closes it when a link is followed).
 */
export function SiteHeader({ pathname }: { pathname: string }) {
  const nav = siteConfig.nav;
  const signupHref = pagesWithSignup.includes(pathname) ? `${pathname}#${anchors.signupForm}` : sectionHref(anchors.signupForm);
  const current = (path: string) => (pathname === path ? 'page' : undefined);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <BrandLink />
        <nav aria-label="Main" className="main-nav">
          <button type="button" className="menu-toggle" popoverTarget="main-menu">
            <span className="menu-icon" aria-hidden="true" />
            {nav.menu}
          </button>
          <ul id="main-menu" className="nav-list" popover="auto" data-align="end">
            <li>
              <Dropdown id="home-menu" label={nav.home} current={pathname === paths.home}>
                <li>
                  <a href={sectionHref(anchors.solution)}>{nav.solution}</a>
                </li>
                <li>
                  <a href={sectionHref(anchors.howItWorks)}>{nav.howItWorks}</a>
                </li>
                <li>
                  <a href={sectionHref(anchors.faq)}>{nav.faq}</a>
                </li>
                <li>
                  <a href={paths.privacy} aria-current={current(paths.privacy)}>
                    {nav.privacy}
                  </a>
                </li>
              </Dropdown>
            </li>
            <li>
              <a href={paths.about} className={cn('nav-link', pathname === paths.about && 'active')} aria-current={current(paths.about)}>
                {nav.about}
              </a>
            </li>
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
