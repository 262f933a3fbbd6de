import type { SignupFormAnswer } from '@waitlist/contract/form-post';
import type { SelfServiceView } from '@waitlist/contract/self-service';
import { INITIAL_SIGNUP_FORM_STATE, formStateFromAnswer } from '../features/waitlist/form-state';
import { PerResponseFields } from '../features/waitlist/signup-form-fields';
import { RootLayout } from './root-layout';
import { ErrorMessage } from './error-screen';
import { HomePage } from './pages/home-page';
import { AboutPage } from './pages/about-page';
import { PrivacyPage } from './pages/privacy-page';
import { AccessibilityPage } from './pages/accessibility-page';
import { TrustPage } from './pages/trust-page';
import { DpaPage } from './pages/dpa-page';
import type { TrustView } from '@waitlist/contract/trust';
import type { DocumentRequestAnswer } from '@waitlist/contract/document-requests';
import { DocumentsRequestedPage } from './pages/documents-requested-page';
import { ThankYouPage } from './pages/thank-you-page';
import { JoinPage } from './pages/join-page';
import { NotFoundPage } from './pages/not-found-page';
import { SelfServicePage } from './pages/self-service/self-service-page';
import { localeOfPath, localizedPath, unlocalizedPath, type SiteLocale } from '@waitlist/contract/locales';
import { LocaleProvider } from '../lib/locale';
import { siteCopy } from '../config/site';
import { paths } from './paths';

/**
 * What a page is rendered with: nothing for the prerendered pages; at request time the server's answer to a
 * form post (`signup`), a page behind a link in our mail (`selfService`), the trust page's facts (`trust`) and its
 * form (`documentRequest`), or the message of a page that failed to render (`error`).
 */
export interface PageState {
  signup?: SignupFormAnswer;
  /** The join page's answer once the person joined with a partner code. */
  joined?: boolean;
  selfService?: SelfServiceView;
  /** The trust page's facts, from the server's settings (it is never prerendered). */
  trust?: TrustView;
  /** The trust page's "request our security documents" form: a fresh token, or the answer to a post. */
  documentRequest?: DocumentRequestAnswer;
  /** The page a stored request lands on (303 from the post). */
  documentRequestSent?: boolean;
  /** The CRM the founders connected, named on the privacy page (rendered per request while one is connected). */
  crm?: { name: string; company: string };
  error?: string;
}

/** Pages rendered per request for one person: no script, no language switch (they come in the person's language). */
export const isPersonalPage = (state: PageState = {}) => state.selfService !== undefined;

/** Whether the page shows the sign-up form: home, about, and the join page until the person has joined. */
const showsSignupForm = (page: string, state: PageState) =>
  state.error === undefined &&
  !state.selfService &&
  (page === paths.home || page === paths.about || (page === paths.join && !state.joined));

/** The whole page for a path (any other path is the 404 page), as the prerender and the server turn it into HTML. */
export function SitePage({ pathname, state = {} }: { pathname: string; state?: PageState }) {
  const locale = localeOfPath(pathname);
  const copy = siteCopy(locale);
  const signup = state.signup ? formStateFromAnswer(state.signup, copy.signup) : undefined;
  const page = unlocalizedPath(pathname);
  return (
    <LocaleProvider locale={locale}>
      <RootLayout pathname={pathname} languageSwitch={!isPersonalPage(state)}>
        {state.error !== undefined ? (
          <div className="container narrow">
            <ErrorMessage message={state.error} copy={copy.error} homeHref={localizedHome(locale)} />
          </div>
        ) : state.selfService ? (
          <SelfServicePage view={state.selfService} />
        ) : page === paths.home ? (
          <HomePage signup={signup} />
        ) : page === paths.about ? (
          <AboutPage signup={signup} />
        ) : page === paths.privacy ? (
          <PrivacyPage crm={state.crm} />
        ) : page === paths.accessibility ? (
          <AccessibilityPage />
        ) : page === paths.trust && state.trust ? (
          <TrustPage view={state.trust} request={state.documentRequest} />
        ) : page === paths.dpa && state.trust ? (
          <DpaPage view={state.trust} />
        ) : page === paths.documentsRequested && state.documentRequestSent ? (
          <DocumentsRequestedPage contact={state.trust?.securityContact} />
        ) : page === paths.thankYou ? (
          <ThankYouPage />
        ) : page === paths.join ? (
          <JoinPage signup={signup} joined={state.joined} />
        ) : (
          <NotFoundPage />
        )}
      </RootLayout>
      {/* Last in the page: everything before them is the same for every visitor (http/page-with-tail.ts on the server). */}
      {showsSignupForm(page, state) && <PerResponseFields values={(signup ?? INITIAL_SIGNUP_FORM_STATE).values} />}
    </LocaleProvider>
  );
}

const localizedHome = (locale: SiteLocale) => localizedPath(locale, paths.home);
