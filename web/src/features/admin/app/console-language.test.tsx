import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Count, TimeOf } from '../components/console-ui';
import { ConsoleLanguageProvider, browserConsoleLocale, useConsoleWords } from './console-language';

function Sample() {
  const words = useConsoleWords();
  return (
    <p>
      {words.screens.signups}: <Count n={12345} /> · <TimeOf at="2026-11-29T14:05:00Z" />
    </p>
  );
}

describe('the console’s language (issue 48 item 4)', () => {
  it('is the browser’s first language the console speaks, else English', () => {
    expect(browserConsoleLocale(['sv-SE', 'en-GB'])).toBe('sv');
    expect(browserConsoleLocale(['de-DE', 'sv', 'en'])).toBe('sv');
    expect(browserConsoleLocale(['de-DE', 'en-US'])).toBe('en');
    expect(browserConsoleLocale(['fi'])).toBe('en');
    expect(browserConsoleLocale([])).toBe('en');
  });

  it('gives words, numbers and dates in that language, and sets the page’s lang', () => {
    const { unmount } = render(
      <ConsoleLanguageProvider initial="sv">
        <Sample />
      </ConsoleLanguageProvider>,
    );
    // Intl writes a no-break space between thousands in Swedish.
    expect(screen.getByText(/Anmälningar/).textContent?.replace(/\u00a0/g, ' ')).toMatch(/^Anmälningar: 12 345 · 29 nov\. 2026 \d\d:05$/);
    expect(document.documentElement.lang).toBe('sv');
    unmount();

    render(
      <ConsoleLanguageProvider initial="en">
        <Sample />
      </ConsoleLanguageProvider>,
    );
    expect(screen.getByText(/Sign-ups/).textContent).toMatch(/^Sign-ups: 12,345 · 29 Nov 2026, \d\d:05$/);
    expect(document.documentElement.lang).toBe('en');
  });
});
