import { lazy, memo, Suspense } from 'react';

export const DEFERRED_FORM_ATTRIBUTE = 'data-signup-section';

/**
 * Resolves when the form is about to be needed. On a prerendered page the server HTML already shows the form,
 * so its code (and the validation library) loads only when the section comes within ~1000 px of the viewport or
 * is touched or focused: visitors who never scroll there do not pay for it. On a client-side render the section
 * is not in the DOM yet and the code loads at once. Any pointer or key press on the page also starts the load, so a
 * navigation never waits on it (React holds an update that reaches a still-dehydrated boundary until it hydrates).
 */
function whenNeeded(): Promise<void> {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const section = document.querySelector(`[${DEFERRED_FORM_ATTRIBUTE}]`);
  if (!section) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      section.removeEventListener('focusin', done);
      document.removeEventListener('pointerdown', done, true);
      document.removeEventListener('keydown', done, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: '1000px 0px',
    });
    observer.observe(section);
    section.addEventListener('focusin', done);
    document.addEventListener('pointerdown', done, true);
    document.addEventListener('keydown', done, true);
  });
}

const SignupForm = lazy(() => whenNeeded().then(() => import('./signup-form-with-toasts')));

/**
 * Until hydrated, the prerendered form stays on screen (React keeps server HTML inside a pending boundary).
 * memo: a re-render of the page (e.g. on a #hash navigation) must not reach the pending boundary.
 */
export const DeferredSignupForm = memo(function DeferredSignupForm({ privacyHref }: { privacyHref: string }) {
  return (
    <Suspense fallback={<div className="signup-form signup-form-placeholder" />}>
      <SignupForm privacyHref={privacyHref} />
    </Suspense>
  );
});
