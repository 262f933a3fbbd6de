import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_EMAIL_MESSAGE, EMPTY_SIGNUP_FORM_VALUES } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { SitePage } from './site-page';
import { render as renderPage } from '../entry-server';
import { FIRST_PAINT_MARKER_ID } from './page-markers';

const {
  notFoundTitle: NOT_FOUND_TITLE,
  toasts: TOASTS,
  unexpectedErrorTitle: UNEXPECTED_ERROR_TITLE,
  validation: VALIDATION_MESSAGES,
} = CATALOGUE.en.form;

afterEach(() => vi.restoreAllMocks());

describe('SitePage', () => {
  it('renders the 404 page for any other path, with a plain link home', () => {
    render(<SitePage pathname="/does/not/exist" />);
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('marks the current page with aria-current and links the Home sections as plain links', () => {
    render(<SitePage pathname="/about" />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The list is a closed popover (display: none) until the small-screen menu opens; jsdom knows no media queries.
    expect(within(nav).getByRole('link', { name: 'About', hidden: true })).toHaveAttribute('aria-current', 'page');
    const home = within(nav).getByRole('button', { name: 'Home', hidden: true });
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveAttribute('popovertarget', 'home-menu');
    const links = [...document.querySelectorAll('#home-menu a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Solution', '/#solution'],
      ['How It Works', '/#how-it-works'],
      ['FAQ', '/#faq'],
      ['Privacy Policy', '/privacy'],
    ]);
  });

  it('points Sign up at the form on pages that have one, and at the home form elsewhere', () => {
    render(<SitePage pathname="/about" />);
    expect(screen.getByRole('link', { name: 'Sign up', hidden: true })).toHaveAttribute('href', '/about#signup-form');
    expect(screen.getByRole('form', { name: 'Sign-up to the waitlist' })).toHaveAttribute('action', '/about#signup-form');
  });

  it('points Sign up at the home page form from the privacy page', () => {
    render(<SitePage pathname="/privacy" />);
    expect(screen.getByRole('link', { name: 'Sign up', hidden: true })).toHaveAttribute('href', '/#signup-form');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated November 2026')).toBeInTheDocument();
  });

  it.each([
    ['/accessibility', 'Accessibility statement', 'Enforcement', 'Report to DIGG (digg.se)', '/sv/tillganglighet'],
    ['/sv/tillganglighet', 'Tillgänglighetsredogörelse', 'Tillsyn', 'Anmäl till DIGG (digg.se)', '/accessibility'],
  ])(
    'renders the accessibility statement at %s in DIGG’s structure, linked from the footer and to its other language',
    (path, heading, enforcement, report, other) => {
      const { html, head } = renderPage(path);
      document.body.innerHTML = html;
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      // The standard, the known gaps, what to do, how to report, the enforcement body, how it was tested, the date.
      const sections = within(screen.getByRole('article'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent);
      expect(sections).toHaveLength(6);
      expect(sections).toContain(enforcement);
      expect(screen.getByRole('link', { name: report })).toHaveAttribute('href', 'https://www.digg.se/tdosanmalan');
      expect(html).toContain('WCAG 2.2 AA, EN 301 549');
      expect(html).toMatch(/27 (November|november) 2026/);
      // How to report a problem: the address that reaches the founders, in the statement itself.
      expect(within(screen.getByRole('article')).getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
        'href',
        'mailto:hello@example.com',
      );
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: path.startsWith('/sv') ? 'Tillgänglighet' : 'Accessibility' })).toHaveAttribute(
        'href',
        path,
      );
      expect(head).toContain(`<link rel="canonical" href="http://localhost:3000${path}" />`);
      expect(head).toContain(`href="http://localhost:3000${other}"`);
    },
  );

  it('renders HTML with no script of its own (CSP) and a noindex 404', () => {
    const home = renderPage('/');
    expect(home.html).not.toContain('<script');
    expect(home.head).toContain('<link rel="canonical" href="http://localhost:3000/" />');
    expect(renderPage('/missing').head).toContain('<meta name="robots" content="noindex" />');
  });

  it('holds the first paint until the main content is parsed: the head expects the footer, which follows </main>', () => {
    for (const [path, state] of [
      ['/', undefined],
      ['/sv/about', undefined],
      ['/privacy', undefined],
      ['/missing', undefined],
      ['/join', { joined: true }],
    ] as const) {
      const { head, html } = renderPage(path, state);
      expect(head, path).toContain(`<link rel="expect" href="#${FIRST_PAINT_MARKER_ID}" blocking="render" />`);
      // Chromium paints once the named element is inserted: it must come after the whole of <main>.
      const main = html.indexOf('</main>');
      expect(main, path).toBeGreaterThan(0);
      expect(html.indexOf(`id="${FIRST_PAINT_MARKER_ID}"`), path).toBeGreaterThan(main);
    }
  });

  it("renders the server's answer to a form post: values, messages beside fields, the error worded like the toast", () => {
    const { html } = renderPage('/about', {
      signup: {
        values: { ...EMPTY_SIGNUP_FORM_VALUES, email: 'ada@example.com', formToken: 'token-from-server-1' },
        invalid: ['role'],
        error: { code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null },
      },
    });
    document.body.innerHTML = html;
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveAccessibleDescription(VALIDATION_MESSAGES.role);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TOASTS.alreadyRegistered.title);
    expect(alert).toHaveTextContent(TOASTS.alreadyRegistered.description);
    expect(document.querySelector('input[name="formToken"]')).toHaveValue('token-from-server-1');
  });

  it("ends each page that shows the form with the form's per-response fields, and no other page has them", () => {
    for (const [path, state] of [
      ['/', undefined],
      ['/sv/about', undefined],
      ['/join', undefined],
    ] as const) {
      const { html } = renderPage(path, state);
      // Last in the page: the server compresses everything before them once (server/src/http/page-with-tail.ts).
      expect(html, path).toMatch(
        /<input type="hidden" form="signup-form-element" name="formToken" value="__SIGNUP_FORM_TOKEN__"\/><input type="hidden" form="signup-form-element" name="attribution" value="__SIGNUP_ATTRIBUTION__"\/>$/,
      );
      document.body.innerHTML = html;
      expect(document.getElementById('signup-form-element')?.tagName, path).toBe('FORM');
    }
    for (const [path, state] of [
      ['/privacy', {}],
      ['/join', { joined: true }],
      ['/', { error: 'The page exploded' }],
    ] as const) {
      expect(renderPage(path, state).html, path).not.toContain('name="formToken"');
    }
  });

  it('renders Unexpected Application Error! and the message for a page that failed to render', () => {
    const { html } = renderPage('/', { error: 'The page exploded' });
    document.body.innerHTML = html;
    expect(screen.getByRole('heading', { level: 1, name: UNEXPECTED_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText('The page exploded')).toBeInTheDocument();
  });
});
