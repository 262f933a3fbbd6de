import { describe, expect, it } from 'vitest';
import { renderMailMarkdown } from './mail-markdown';

describe('the Markdown subset of the founders’ messages', () => {
  it('renders paragraphs, headings, lists, emphasis and links to inline-styled HTML and to plain text that says the same', () => {
    const { html, text } = renderMailMarkdown(
      '# News\n\nThree things are **new** this *month*:\n\n- Ideas\n- [Pilots](https://example.com/pilots)\n\n1. first\n2. second\n\nWrite to [us](mailto:hello@example.com).',
    );
    expect(html).toContain('<h2 style="');
    expect(html).toContain('<strong>new</strong>');
    expect(html).toContain('<em>month</em>');
    expect(html).toMatch(/<ul style="[^"]+"><li style="[^"]+">Ideas<\/li>/);
    expect(html).toContain('<a href="https://example.com/pilots" style="');
    expect(html).toContain('<ol style="');
    expect(text).toBe(
      'News\n\nThree things are new this month:\n\n- Ideas\n- Pilots (https://example.com/pilots)\n\n1. first\n2. second\n\nWrite to us (hello@example.com).',
    );
  });

  it('shows raw HTML as text, and makes no link of anything but https, http and mailto', () => {
    const { html, text } = renderMailMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,hi) ![img](https://example.com/x.png)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/);
    expect(html).toContain('&lt;script&gt;');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('[click](javascript:alert(1))');
  });
});
