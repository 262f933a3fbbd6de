import type { SignupFormAnswer } from '@waitlist/contract/form-post';
import { formStateFromAnswer } from '../features/waitlist/form-state';
import { RootLayout } from './root-layout';
import { ErrorMessage } from './error-screen';
import { HomePage } from './pages/home-page';
import { AboutPage } from './pages/about-page';
import { PrivacyPage } from './pages/privacy-page';
import { ThankYouPage } from './pages/thank-you-page';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from './paths';

/**
 * What a page is rendered with: nothing for the prerendered pages; at request time the server's answer to a
 * form post (`signup`), or the message of a page that failed to render (`error`).
 */
export interface PageState {
  signup?: SignupFormAnswer;
  error?: string;
}

/** The whole page for a path (any other path is the 404 page), as the prerender and the server turn it into HTML. */
export function SitePage({ pathname, state = {} }: { pathname: string; state?: PageState }) {
  const signup = state.signup ? formStateFromAnswer(state.signup) : undefined;
  return (
    <RootLayout pathname={pathname}>
      {state.error !== undefined ? (
        <div className="container narrow">
          <ErrorMessage message={state.error} />
        </div>
      ) : pathname === paths.home ? (
        <HomePage signup={signup} />
      ) : pathname === paths.about ? (
        <AboutPage signup={signup} />
      ) : pathname === paths.privacy ? (
        <PrivacyPage />
      ) : pathname === paths.thankYou ? (
        <ThankYouPage />
      ) : (
        <NotFoundPage />
      )}
    </RootLayout>
  );
}
