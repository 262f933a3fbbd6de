import { Component, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorMessage, errorMessage } from '../app/error-screen';
import { readSignupFormState } from '../features/waitlist/form-state';
import { SIGNUP_ISLAND_PROPS_ATTRIBUTE } from '../features/waitlist/island-marker';
import { SignupIsland, type SignupIslandProps } from '../features/waitlist/signup-island';

type ErrorWords = Pick<SignupIslandProps, 'errorCopy' | 'homeHref'>;

/** An island that throws while rendering shows "Unexpected Application Error!" and the message in its place. */
export class IslandErrorBoundary extends Component<{ children: ReactNode; words: ErrorWords }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    const { errorCopy, homeHref } = this.props.words;
    return (
      <ErrorMessage
        message={errorMessage(this.state.error, errorCopy.fallbackMessage)}
        copy={errorCopy}
        homeHref={homeHref}
        headingLevel={3}
      />
    );
  }
}

/**
 * Takes over the prerendered sign-up form in `container`. The island renders with exactly what the form holds
 * at this moment (read from the DOM), so hydration resets no field: not a typed e-mail, not a picked role, not
 * the server's token in the hidden field. Its words and language come from the props the page wrote beside it.
 */
export function hydrateSignupForm(container: HTMLElement): void {
  const form = container.querySelector('form');
  const json = container.getAttribute(SIGNUP_ISLAND_PROPS_ATTRIBUTE);
  if (!form || !json) return;
  const props = JSON.parse(json) as Omit<SignupIslandProps, 'action' | 'state'>;
  hydrateRoot(
    container,
    <StrictMode>
      <IslandErrorBoundary words={props}>
        <SignupIsland {...props} action={form.getAttribute('action') ?? ''} state={readSignupFormState(form)} />
      </IslandErrorBoundary>
    </StrictMode>,
  );
}
