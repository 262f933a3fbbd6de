import { Component, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorMessage, errorMessage } from '../app/error-screen';
import { paths } from '../app/paths';
import { readSignupFormState } from '../features/waitlist/form-state';
import { SignupIsland } from '../features/waitlist/signup-island';

/** An island that throws while rendering shows "Unexpected Application Error!" and the message in its place. */
export class IslandErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorMessage message={errorMessage(this.state.error)} headingLevel={3} />;
  }
}

/**
 * Takes over the prerendered sign-up form in `container`. The island renders with exactly what the form holds
 * at this moment (read from the DOM), so hydration resets no field: not a typed e-mail, not a picked role, not
 * the server's token in the hidden field.
 */
export function hydrateSignupForm(container: HTMLElement): void {
  const form = container.querySelector('form');
  if (!form) return;
  hydrateRoot(
    container,
    <StrictMode>
      <IslandErrorBoundary>
        <SignupIsland action={form.getAttribute('action') ?? ''} privacyHref={paths.privacy} state={readSignupFormState(form)} />
      </IslandErrorBoundary>
    </StrictMode>,
  );
}
