import { PageHero } from '../../components/ui/page-section';
import { buttonClass } from '../../components/ui/button';
import type { SignupFormState } from '../../features/waitlist/form-state';
import { SignupIsland } from '../../features/waitlist/signup-island';
import { useLocale } from '../../lib/locale';
import { anchors, paths, signupFormAction } from '../paths';

/**
 * Where someone with a partner's code joins (issue 23): the sign-up form with the code first. It is a plain form,
 * posted without script whether or not script runs (no island hydrates it): the server checks the code and answers
 * with this page, showing the messages, or `joined` once the person is on the list, confirmed by the code.
 */
export function JoinPage({ signup, joined = false }: { signup?: SignupFormState; joined?: boolean }) {
  const { locale, copy, href } = useLocale();
  const words = copy.join;
  if (joined) {
    return (
      <PageHero className="section" headingId="join-heading" heading={words.done.heading} lead={words.done.text}>
        <a href={href(paths.home)} className={buttonClass('primary')}>
          {words.done.backLink}
        </a>
      </PageHero>
    );
  }
  return (
    <>
      <PageHero headingId="join-heading" heading={words.heading} lead={words.lead} />
      <section id={anchors.signupForm} className="section signup-section" aria-labelledby="signup-title" tabIndex={-1}>
        <div className="container narrow">
          <div className="signup-island">
            <SignupIsland
              action={signupFormAction(href(paths.join))}
              privacyHref={href(paths.privacy)}
              state={signup}
              locale={locale}
              copy={copy.signup}
              errorCopy={copy.error}
              homeHref={href(paths.home)}
              partnerCode={{ formTitle: words.formTitle, formSubtitle: words.formSubtitle }}
            />
          </div>
        </div>
      </section>
    </>
  );
}
