import { useLocale } from '../../lib/locale';
import { DATA_LINK_PATH } from '@waitlist/contract/self-service';
import { ProsePage } from './prose-page';
import { ProseSection } from './prose-section';

/** The privacy policy; `crm`: the CRM the founders connected, named as a recipient while it is (issue 49). */
export function PrivacyPage({ crm }: { crm?: { name: string; company: string } | undefined }) {
  const { copy, href } = useLocale();
  const { privacy } = copy;
  return (
    <ProsePage heading={privacy.heading} note={privacy.lastUpdated} intro={privacy.intro}>
      {privacy.sections.map((section, index) => (
        <ProseSection key={section.heading} section={section} id={`privacy-${index}`}>
          {section.namesCrm && crm ? <p id="privacy-crm">{privacy.crm(crm.name, crm.company)}</p> : null}
          {section.showDataLinkForm ? (
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
        </ProseSection>
      ))}
    </ProsePage>
  );
}
