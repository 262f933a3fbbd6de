import { siteConfig } from '../../config/site';
import { useLocale } from '../../lib/locale';
import { DATA_LINK_PATH } from '@waitlist/contract/self-service';

export function PrivacyPage() {
  const { copy, href } = useLocale();
  const { privacy } = copy;
  const { contactEmail } = siteConfig;
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
            {'after' in section && section.after ? section.after.map((p) => <p key={p}>{p}</p>) : null}
            {'showDataLinkForm' in section && section.showDataLinkForm ? (
              <form
                className="card data-link-form"
                method="post"
                action={href(DATA_LINK_PATH)}
                id="your-data-link"
                aria-labelledby="data-link-heading"
              >
                <h3 id="data-link-heading">{privacy.dataLinkForm.heading}</h3>
                <p>{privacy.dataLinkForm.text}</p>
                <div className="field">
                  <label htmlFor="data-link-email">{privacy.dataLinkForm.label}</label>
                  <input id="data-link-email" name="email" type="email" autoComplete="email" required maxLength={254} />
                </div>
                <button type="submit" className="btn btn-primary">
                  {privacy.dataLinkForm.button}
                </button>
              </form>
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
