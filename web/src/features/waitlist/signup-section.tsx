import { useLocale } from '../../lib/locale';
import { SignupIsland, type SignupIslandProps } from './signup-island';
import type { SignupFormState } from './form-state';
import { SIGNUP_ISLAND_ATTRIBUTE, SIGNUP_ISLAND_PROPS_ATTRIBUTE } from './island-marker';

/** The sign-up section (anchor `signup-form`), shared by the home and about pages. */
export function SignupSection({
  anchor,
  action,
  privacyHref,
  state,
}: {
  anchor: string;
  action: string;
  privacyHref: string;
  state?: SignupFormState;
}) {
  const { locale, copy, href } = useLocale();
  const words = copy.signup;
  // What the island needs besides the form's own state (which it reads from the form itself).
  const islandProps: Omit<SignupIslandProps, 'action' | 'state'> = {
    locale,
    privacyHref,
    copy: words,
    errorCopy: copy.error,
    homeHref: href('/'),
  };
  return (
    <section id={anchor} className="section signup-section" aria-labelledby={`${anchor}-heading`} tabIndex={-1}>
      <div className="container signup-grid">
        <div className="signup-intro">
          <h2 id={`${anchor}-heading`}>
            {words.heading}
            <span className="signup-subheading">{words.subheading}</span>
          </h2>
          <p className="proof">{words.proof}</p>
        </div>
        <div className="signup-island" {...{ [SIGNUP_ISLAND_ATTRIBUTE]: '', [SIGNUP_ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(islandProps) }}>
          <SignupIsland action={action} state={state} {...islandProps} />
        </div>
        {/* After the form in reading order (a phone shows the form first); beside it, under the heading, on wide screens. */}
        <div className="signup-after">
          <h3 className="after-signup-heading">{copy.afterSignup.heading}</h3>
          <ol className="after-signup">
            {copy.afterSignup.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="after-signup-privacy">{copy.afterSignup.privacy}</p>
        </div>
      </div>
    </section>
  );
}
