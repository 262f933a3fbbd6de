import { siteConfig } from '../../config/site';
import { DEFERRED_FORM_ATTRIBUTE, DeferredSignupForm } from './deferred-signup-form';

/** The sign-up section (anchor `signup-form`), shared by the home and about pages. */
export function SignupSection({ anchor, privacyHref }: { anchor: string; privacyHref: string }) {
  const copy = siteConfig.signup;
  return (
    <section id={anchor} className="section signup-section" aria-labelledby={`${anchor}-heading`} tabIndex={-1}
      {...{ [DEFERRED_FORM_ATTRIBUTE]: '' }}
    >
      <div className="container signup-grid">
        <div className="signup-intro">
          <h2 id={`${anchor}-heading`}>
            {copy.heading}
            <span className="signup-subheading">{copy.subheading}</span>
          </h2>
        </div>
        <DeferredSignupForm privacyHref={privacyHref} />
      </div>
    </section>
  );
}
