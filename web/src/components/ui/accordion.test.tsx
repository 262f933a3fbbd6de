import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

// Exclusive opening is the browser's own behaviour for <details name>; e2e/site-navigation.test.ts checks it in Chromium.
describe('Accordion', () => {
  it('renders each item as a closed <details> of one name group, the title as a heading inside its summary', () => {
    const { container } = render(
      <Accordion
        name="faq"
        items={[
          { title: 'First', content: 'one' },
          { title: 'Second', content: 'two' },
        ]}
      />,
    );
    const details = [...container.querySelectorAll('details')];
    expect(details.map((d) => [d.getAttribute('name'), d.open])).toEqual([
      ['faq', false],
      ['faq', false],
    ]);
    expect(details.map((d) => d.querySelector('summary h3')?.textContent)).toEqual(['First', 'Second']);
    expect(details.map((d) => d.querySelector('.accordion-panel')?.textContent)).toEqual(['one', 'two']);
  });
});
