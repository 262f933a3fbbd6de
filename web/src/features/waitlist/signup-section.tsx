import { siteConfig } from '../../config/site';
import { SignupIsland } from './signup-island';
import type { SignupFormState } from './form-state';
import { SIGNUP_ISLAND_ATTRIBUTE } from './island-marker';

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
  const copy = siteConfig.signup;
  return (
    <section id={anchor} className="section signup-section" aria-labelledby={`${anchor}-heading`} tabIndex={-1}>
      <div className="container signup-grid">
        <div className="signup-intro">
          <h2 id={`${anchor}-heading`}>
            {copy.heading}
            <span className="signup-subheading">{copy.subheading}</span>
          </h2>
          <p className="proof">{copy.proof}</p>
        </div>
        <div className="signup-island" {...{ [SIGNUP_ISLAND_ATTRIBUTE]: '' }}>
          <SignupIsland action={action} privacyHref={privacyHref} state={state} />
        </div>
      </div>
    </section>
  );
}
