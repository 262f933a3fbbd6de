import { SIGNUP_ISLAND_ATTRIBUTE } from '../features/waitlist/island-marker';

/** Start loading this far before the form scrolls into view, so it is ready when the visitor gets there. */
const ROOT_MARGIN = '1200px 0px';
const INTERACTIONS = ['focusin', 'pointerdown', 'input'] as const;

/**
 * Loads the sign-up form's island (React and the form code) only when it is about to be needed: when the form
 * nears the viewport or the visitor touches, focuses or autofills it, whichever comes first. Until then, and if
 * loading fails, the prerendered form works on its own (it posts to the server).
 */
export function loadSignupFormWhenNeeded(root: Document = document): void {
  const container = root.querySelector<HTMLElement>(`[${SIGNUP_ISLAND_ATTRIBUTE}]`);
  if (!container) return;
  let state: 'waiting' | 'loading' | 'done' = 'waiting';
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: ROOT_MARGIN })
      : null;

  function start(): void {
    if (state !== 'waiting') return;
    state = 'loading';
    import('./signup-form').then(
      ({ hydrateSignupForm }) => {
        state = 'done';
        observer?.disconnect();
        for (const type of INTERACTIONS) container!.removeEventListener(type, start, true);
        hydrateSignupForm(container!);
      },
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again on the next interaction; the form still posts.
        state = 'waiting';
        console.warn('The sign-up form script did not load; the form works without it.', error);
      },
    );
  }

  observer?.observe(container);
  for (const type of INTERACTIONS) container.addEventListener(type, start, { capture: true, passive: true });
  if (!observer) start();
}
