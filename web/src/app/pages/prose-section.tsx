import type { ReactNode } from 'react';
import type { TextSection } from '@waitlist/catalogue';
import { siteConfig } from '../../config/site';

/**
 * One section of a page of prose (the privacy policy, the accessibility statement): its heading, paragraphs, list,
 * the paragraphs after it, a link and the contact address when the catalogue asks for them; `children` after those.
 */
export function ProseSection({ section, id, children }: { section: TextSection; id: string; children?: ReactNode }) {
  const { contactEmail } = siteConfig;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{section.heading}</h2>
      {section.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.after?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {children}
      {section.showContactEmail ? (
        <p>
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      ) : null}
      {section.link ? (
        <p>
          <a href={section.link.href} rel="noopener noreferrer">
            {section.link.label}
          </a>
        </p>
      ) : null}
    </section>
  );
}
