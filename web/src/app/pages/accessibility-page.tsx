import { useLocale } from '../../lib/locale';
import { ProsePage } from './prose-page';
import { ProseSection } from './prose-section';

/** The accessibility statement (issue 37 item 3), in the structure DIGG asks of public services. */
export function AccessibilityPage() {
  const { accessibility } = useLocale().copy;
  return (
    <ProsePage heading={accessibility.heading} note={accessibility.lastReviewed} intro={accessibility.intro}>
      {accessibility.sections.map((section, index) => (
        <ProseSection key={section.heading} section={section} id={`accessibility-${index}`} />
      ))}
    </ProsePage>
  );
}
