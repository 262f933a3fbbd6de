import { siteConfig } from '../../config/site';

export function PrivacyPage() {
  const { privacy, contactEmail } = siteConfig;
  return (
    <article className="section prose-page">
      <div className="container narrow">
        <h1>{privacy.heading}</h1>
        <p className="muted">{privacy.lastUpdated}</p>
        <p className="lead">{privacy.intro}</p>
        {privacy.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`privacy-${index}`}>
            <h2 id={`privacy-${index}`}>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {'list' in section && section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {'showContactEmail' in section && section.showContactEmail ? (
              <p>
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
