import { Accordion } from '../../components/ui/accordion';
import { buttonClass } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { PageSection } from '../../components/ui/page-section';
import { HeroIllustration } from '../hero-illustration';
import { TypewriterWord } from '../../components/ui/typewriter-word';
import { SignupSection } from '../../features/waitlist/signup-section';
import type { SignupFormState } from '../../features/waitlist/form-state';
import { useLocale } from '../../lib/locale';
import { anchors, paths, signupFormAction } from '../paths';

export function HomePage({ signup }: { signup?: SignupFormState }) {
  const { copy, href } = useLocale();
  const { hero, problem, approach, different, howItWorks, faq } = copy;
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="hero-heading" className="hero-title">
              <span aria-hidden="true">{hero.headlineLead} </span>
              <TypewriterWord words={hero.words} srText={hero.screenReaderHeadline} />
            </h1>
            <p className="hero-lead">{hero.lead}</p>
            <div className="hero-actions">
              <a href={`#${anchors.signupForm}`} className={buttonClass('primary', 'btn-lg')}>
                {hero.cta}
              </a>
              <a href={`#${anchors.howItWorks}`} className={buttonClass('secondary', 'btn-lg')}>
                {hero.secondaryCta}
              </a>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <PageSection headingId="problem-heading" heading={problem.heading} narrow>
        {problem.paragraphs.map((p) => (
          <p key={p} className="lead">
            {p}
          </p>
        ))}
      </PageSection>

      <PageSection id={anchors.solution} headingId="solution-heading" heading={approach.heading} intro={approach.intro} tinted>
        <div className="card-grid two">
          {approach.audiences.map((audience) => (
            <article className="card" key={audience.title}>
              <h3>{audience.title}</h3>
              <ul className="check-list">
                {audience.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </PageSection>

      <PageSection headingId="different-heading" heading={different.heading} intro={different.intro}>
        <div className="card-grid four">
          {different.points.map((point) => (
            <article className="card icon-card" key={point.title}>
              <Icon name={point.icon} />
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </article>
          ))}
        </div>
        <h3 className="benefits-heading">{different.benefitsHeading}</h3>
        <ul className="pill-list">
          {different.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection id={anchors.howItWorks} headingId="how-heading" heading={howItWorks.heading} intro={howItWorks.intro} tinted>
        <ol className="timeline steps">
          {howItWorks.steps.map((step, index) => (
            <li className="step" key={step.title}>
              <span className="timeline-marker step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <span className="sr-only">
                  {howItWorks.stepLabel} {index + 1}:{' '}
                </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id={anchors.faq} headingId="faq-heading" heading={faq.heading} narrow>
        <Accordion
          name="faq"
          items={faq.items.map((item) => ({
            title: item.question,
            content: item.answer.map((p) => <p key={p}>{p}</p>),
          }))}
        />
      </PageSection>

      <SignupSection
        anchor={anchors.signupForm}
        action={signupFormAction(href(paths.home))}
        privacyHref={href(paths.privacy)}
        state={signup}
      />
    </>
  );
}
