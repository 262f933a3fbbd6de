import { ResponsiveImage } from '../../components/ui/responsive-image';
import { photoNamed } from '../../config/photos';
import { PageHero } from '../../components/ui/page-section';
import { SignupSection } from '../../features/waitlist/signup-section';
import type { SignupFormState } from '../../features/waitlist/form-state';
import { siteConfig } from '../../config/site';
import { anchors, paths, signupFormAction } from '../paths';

export function AboutPage({ signup }: { signup?: SignupFormState }) {
  const { about } = siteConfig;
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
            photo={photoNamed(about.mission.photo?.file)}
            fallback={about.mission.image}
            alt={about.mission.photo?.alt ?? about.mission.image.alt}
            sizes="(min-width: 48rem) 28rem, 100vw"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="team-heading">
        <div className="container">
          <h2 id="team-heading">{about.team.heading}</h2>
          <p className="lead narrow-text">{about.team.intro}</p>
          <ul className="team-grid">
            {about.team.founders.map((founder) => (
              <li className="card founder" key={founder.name}>
                <ResponsiveImage className="portrait" photo={photoNamed(founder.photo)} fallback={founder.portrait} alt={founder.photo ? `${founder.name}, ${founder.role}` : founder.portrait.alt} sizes="240px" />
                <h3>{founder.name}</h3>
                <p className="founder-role">{founder.role}</p>
                <p>{founder.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <SignupSection anchor={anchors.signupForm} action={signupFormAction(paths.about)} privacyHref={paths.privacy} state={signup} />
    </>
  );
}
