import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { ErrorScreen } from './error-screen';
import { HomePage } from './pages/home-page';
import { AboutPage } from './pages/about-page';
import { PrivacyPage } from './pages/privacy-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';

/**
 * The route table, shared by the prerender (static handler) and the browser (data router).
 * The public pages are bundled eagerly (they are prerendered and hydrated). The /admin operator console is a
 * separate Vite build (admin/index.html, `vite build --mode admin`), so none of its code reaches these pages.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, Component: HomePage },
      { path: paths.about, Component: AboutPage },
      { path: paths.privacy, Component: PrivacyPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
