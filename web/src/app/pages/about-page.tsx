import { ResponsiveImage } from '../../components/ui/responsive-image';
import { photoNamed } from '../../config/photos';
import { PageHero } from '../../components/ui/page-section';
import { SignupSection } from '../../features/waitlist/signup-section';
import type { SignupFormState } from '../../features/waitlist/form-state';
import { siteConfig } from '../../config/site';
import { useLocale } from '../../lib/locale';
import { anchors, paths, signupFormAction } from '../paths';

export function AboutPage({ signup }: { signup?: SignupFormState }) {
  const { copy, href } = useLocale();
  const { about } = copy;
  return (
    <>
      <PageHero headingId="about-heading" heading={about.headline} lead={about.intro} />

      <section className="section" aria-labelledby="story-heading">
        <div className="container narrow">
          <h2 id="story-heading">{about.story.heading}</h2>
          {about.story.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby="mission-heading">
        <div className="container split">
          <div>
            <h2 id="mission-heading">{about.mission.heading}</h2>
            {about.mission.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <ResponsiveImage
            className="illustration"
            photo={photoNamed(siteConfig.missionPhoto)}
            fallback={siteConfig.missionImage}
            alt={siteConfig.missionPhoto ? about.mission.photoAlt : about.mission.imageAlt}
            sizes="(min-width: 48rem) 28rem, 100vw"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="team-heading">
        <div className="container">
          <h2 id="team-heading">{about.team.heading}</h2>
          <p className="lead narrow-text">{about.team.intro}</p>
          <ul className="team-grid">
            {siteConfig.founders.map((founder, index) => {
              const words = about.team.founders[index]!;
              return (
                <li className="card founder" key={founder.name}>
                  <ResponsiveImage
                    className="portrait"
                    photo={photoNamed(founder.photo)}
                    fallback={founder.portrait}
                    alt={founder.photo ? `${founder.name}, ${words.role}` : words.portraitAlt}
                    sizes="160px"
                  />
                  <h3>{founder.name}</h3>
                  <p className="founder-role">{words.role}</p>
                  <p>{words.bio}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <SignupSection
        anchor={anchors.signupForm}
        action={signupFormAction(href(paths.about))}
        privacyHref={href(paths.privacy)}
        state={signup}
      />
    </>
  );
}
