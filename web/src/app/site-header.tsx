import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Dropdown } from '../components/ui/dropdown';
import { buttonClass } from '../components/ui/button';
import { cn } from '../lib/cn';
import { siteConfig } from '../config/site';
import { anchors, pagesWithSignup, paths, sectionHref } from './paths';
import { Logo } from './logo';

export function SiteHeader() {
  const { pathname } = useLocation();
  const nav = siteConfig.nav;
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const signupHref = pagesWithSignup.includes(pathname) ? `${pathname}#${anchors.signupForm}` : sectionHref(anchors.signupForm);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  };
  // Following any link closes the small-screen menu.
  const onListClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to={paths.home} className="logo">
          <Logo />
          <span>{siteConfig.name}</span>
        </Link>
        {/* Escape is handled for the whole menu (delegated from its buttons and links). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <nav aria-label="Main" className="main-nav" onKeyDown={onKeyDown}>
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-icon" aria-hidden="true" />
            {nav.menu}
          </button>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <ul id="main-menu" className={cn('nav-list', menuOpen && 'open')} onClick={onListClick}>
            <li>
              <Dropdown label={nav.home} current={pathname === paths.home}>
                <li>
                  <Link to={sectionHref(anchors.solution)}>{nav.solution}</Link>
                </li>
                <li>
                  <Link to={sectionHref(anchors.howItWorks)}>{nav.howItWorks}</Link>
                </li>
                <li>
                  <Link to={sectionHref(anchors.faq)}>{nav.faq}</Link>
                </li>
                <li>
                  <NavLink to={paths.privacy}>{nav.privacy}</NavLink>
                </li>
              </Dropdown>
            </li>
            <li>
              <NavLink to={paths.about} className="nav-link">
                {nav.about}
              </NavLink>
            </li>
            <li>
              <Link to={signupHref} className={buttonClass('primary', 'nav-cta')}>
                {nav.signUp}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
