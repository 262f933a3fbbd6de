import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { prefersReducedMotion } from '../lib/use-prefers-reduced-motion';
import { siteConfig } from '../config/site';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { applyDocumentMeta } from './seo';

/**
 * After a client-side navigation: a #hash scrolls (smoothly unless reduced motion) to its section and moves
 * focus there; any other new page starts at the top with focus on <main>. Back/forward keeps the browser's
 * own scroll restoration. The first render leaves the browser's initial scroll alone.
 */
function useScrollAndFocusOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    applyDocumentMeta(location.pathname);
    if (navigationType === 'POP' && !location.hash) return;
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
        if (target.tabIndex >= -1 && target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.key, location.pathname, location.hash, navigationType]);
}

export function RootLayout() {
  useScrollAndFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {siteConfig.nav.skipLink}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
