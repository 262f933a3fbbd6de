import { useLocale } from '../../lib/locale';
import { ProseSection } from './prose-section';

/** The accessibility statement (issue 37 item 3), in the structure DIGG asks of public services. */
export function AccessibilityPage() {
  const { accessibility } = useLocale().copy;
  return (
    <article className="section prose-page">
      <div className="container narrow">
        <h1>{accessibility.heading}</h1>
        <p className="muted">{accessibility.lastReviewed}</p>
        <p className="lead">{accessibility.intro}</p>
        {accessibility.sections.map((section, index) => (
          <ProseSection key={section.heading} section={section} id={`accessibility-${index}`} />
        ))}
      </div>
    </article>
  );
}
