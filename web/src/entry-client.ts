import { startTypewriters } from './components/ui/typewriter';
import { enhancePopoverMenus } from './components/ui/popover-menus';
import { loadSignupFormWhenNeeded } from './islands/load-signup-form';
import { LANGUAGE_OFFER_ATTRIBUTE, LANGUAGE_SWITCH_ATTRIBUTE, NOT_FOUND_ATTRIBUTE, PROOF_OF_WORK_FORM_ATTRIBUTE } from './app/page-markers';
import { keepSectionOnLanguageSwitch, offerPreferredLanguage } from './lib/language-offer';
import { sendVisitBeacon } from './lib/visit-beacon';
import './styles.css';

/**
 * The one script of the first view: plain DOM code for the few live parts of a prerendered page (hero word,
 * menus) and the loader of the sign-up form's island. The rest of the page is HTML and CSS (smooth scrolling to
 * anchors, the FAQ's <details>); docs/decisions/0005-islands-and-progressive-enhancement.md says why.
 */
startTypewriters();
enhancePopoverMenus();
loadSignupFormWhenNeeded();
// A plain form that carries a proof of work (the trust page's) loads its code when first touched: no page's first view
// grows for it (e2e/timing/perf-budgets.test.ts).
for (const form of document.querySelectorAll<HTMLFormElement>(`form[${PROOF_OF_WORK_FORM_ATTRIBUTE}]`)) {
  const load = () =>
    import('./islands/proof-of-work-forms').then(
      ({ proveOnSubmit }) => proveOnSubmit(form),
      // The form posts without it all the same (stored; its mail waits for the budget of unproven mail).
      (error: unknown) => console.warn('The proof of work did not load; the form works without it.', error),
    );
  form.addEventListener('focusin', load, { once: true });
}
keepSectionOnLanguageSwitch(LANGUAGE_SWITCH_ATTRIBUTE);
offerPreferredLanguage(LANGUAGE_OFFER_ATTRIBUTE);
if (document.querySelector(`[${NOT_FOUND_ATTRIBUTE}]`)) {
  // A warning, not an error: the visitor's typo is not an application failure. The server logs it too.
  console.warn('404 Error: User attempted to access non-existent route:', location.pathname);
} else {
  sendVisitBeacon();
}
