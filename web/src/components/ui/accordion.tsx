import type { ReactNode } from 'react';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

/**
 * Single-open, collapsible accordion without script: `<details>` elements sharing one `name` are exclusive
 * (opening one closes the others) and each closes when its summary is clicked again.
 */
export function Accordion({ name, items, headingLevel = 3 }: { name: string; items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <div className="accordion">
      {items.map((item) => (
        <details className="accordion-item" name={name} key={item.title}>
          <summary className="accordion-trigger">
            <Heading className="accordion-heading">{item.title}</Heading>
            <span className="accordion-icon" aria-hidden="true" />
          </summary>
          <div className="accordion-panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
