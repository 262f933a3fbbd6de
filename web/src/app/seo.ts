import { DEFAULT_LOCALE, SITE_LOCALES, localeOfPath, localizedPath, unlocalizedPath, type SiteLocale } from '@waitlist/contract/locales';
import { catalogueFor } from '@waitlist/catalogue';
import type { SelfServiceView } from '@waitlist/contract/self-service';
import { siteConfig, siteCopy } from '../config/site';
import { reopenedManagePath, selfServiceTitle } from './pages/self-service/self-service-page';
import { FIRST_PAINT_MARKER_ID } from './page-markers';
import { paths } from './paths';

export interface PageMeta {
  locale: SiteLocale;
  title: string;
  description: string;
  /** Absolute canonical URL; null for pages that must not be indexed (404, thank-you). */
  canonical: string | null;
  /** The same page in each language (hreflang), x-default (English) last; empty when not indexed. */
  alternates: { hreflang: string; href: string }[];
}

type PageKey = 'home' | 'about' | 'privacy' | 'accessibility' | 'trust' | 'dpa' | 'documentsRequested' | 'thankYou' | 'join';
const pageByPath: Record<string, PageKey> = {
  [paths.home]: 'home',
  [paths.about]: 'about',
  [paths.privacy]: 'privacy',
  [paths.accessibility]: 'accessibility',
  [paths.trust]: 'trust',
  [paths.dpa]: 'dpa',
  [paths.documentsRequested]: 'documentsRequested',
  [paths.thankYou]: 'thankYou',
  [paths.join]: 'join',
};

/** Pages search engines should not list: the answers to a sign-up and to a document request, the partners' join page and anything that is not a page. */
const NOT_INDEXED: ReadonlySet<string> = new Set(['thankYou', 'documentsRequested', 'join', 'notFound']);

const absolute = (path: string) => `${siteConfig.url}${path}`;

/** The same page in every language, each as an absolute URL, and x-default pointing at the English one. */
export function alternatesOf(page: string): { hreflang: string; href: string }[] {
  return [
    ...SITE_LOCALES.map((locale) => ({ hreflang: locale, href: absolute(localizedPath(locale, page)) })),
    { hreflang: 'x-default', href: absolute(localizedPath(DEFAULT_LOCALE, page)) },
  ];
}

export function getPageMeta(pathname: string): PageMeta {
  const locale = localeOfPath(pathname);
  const copy = siteCopy(locale);
  const page = unlocalizedPath(pathname);
  const key = pageByPath[page] ?? 'notFound';
  const { title: pageTitle, description } = copy.pages[key];
  const indexed = !NOT_INDEXED.has(key);
  return {
    locale,
    title: key === 'home' ? `${siteConfig.name} — ${pageTitle}` : `${pageTitle} | ${siteConfig.name}`,
    description,
    canonical: indexed ? absolute(localizedPath(locale, page)) : null,
    alternates: indexed ? alternatesOf(page) : [],
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function organizationJsonLd(locale: SiteLocale = DEFAULT_LOCALE): Record<string, unknown> {
  const copy = siteCopy(locale);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url: absolute(localizedPath(locale, '/')),
    logo: `${siteConfig.url}/favicon.svg`,
    description: copy.tagline,
    email: siteConfig.contactEmail,
    sameAs: [siteConfig.linkedInUrl],
    address: { '@type': 'PostalAddress', addressLocality: copy.city, addressCountry: siteConfig.countryCode },
    founder: siteConfig.founders.map((f, i) => ({ '@type': 'Person', name: f.name, jobTitle: copy.about.team.founders[i]?.role })),
  };
}

/**
 * The browser paints a page once its `<main>` is whole, not part-way through it: on a slow phone Chromium painted the
 * header with half its navigation, or the hero before its illustration, and moved them when the rest was parsed
 * (layout shifts of 0.003-0.12, `e2e/timing/site-first-screen.test.ts`). Chromium lifts the block when the named element is
 * inserted, so it names the footer, which begins after `</main>`. Parsing a page of ours takes milliseconds; the
 * stylesheet holds the first paint longer. Browsers without `rel=expect` ignore it.
 */
const FIRST_PAINT_AFTER_MAIN = `<link rel="expect" href="#${FIRST_PAINT_MARKER_ID}" blocking="render" />`;

/**
 * The <head> of a page behind a link in our mail: its title, kept out of search engines, and sending no Referer
 * (its address holds a token). Nothing else: it is one person's page, not one to share.
 */
function personalHeadTags(pathname: string, view: SelfServiceView): string {
  const locale = localeOfPath(pathname);
  const title = `${selfServiceTitle(view, catalogueFor(locale).selfService)} · ${siteConfig.name}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    FIRST_PAINT_AFTER_MAIN,
    `<meta name="robots" content="noindex, nofollow" />`,
    `<meta name="referrer" content="no-referrer" />`,
    // A navigation begun on our own page: the browser now sends the data page's SameSite=Strict cookie.
    view.page === 'opening'
      ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(reopenedManagePath((path) => localizedPath(locale, path)))}" />`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The <head> tags of a page (each page is its own document: links between pages are full page loads). */
export function renderHeadTags(pathname: string, state: { selfService?: SelfServiceView } = {}): string {
  if (state.selfService) return personalHeadTags(pathname, state.selfService);
  const meta = getPageMeta(pathname);
  const t = escapeHtml(meta.title);
  const d = escapeHtml(meta.description);
  const tags = [
    `<title>${t}</title>`,
    FIRST_PAINT_AFTER_MAIN,
    `<meta name="description" content="${d}" />`,
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />` : `<meta name="robots" content="noindex" />`,
    ...meta.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.name)}" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    meta.canonical ? `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />` : '',
    `<meta property="og:locale" content="${siteCopy(meta.locale).ogLocale}" />`,
    ...SITE_LOCALES.filter((l) => l !== meta.locale).map(
      (l) => `<meta property="og:locale:alternate" content="${siteCopy(l).ogLocale}" />`,
    ),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${t}" />`,
    `<meta name="twitter:description" content="${d}" />`,
    // JSON-LD is data, not script: CSP script-src does not apply to it. `<` is escaped so it cannot close the tag.
    `<script type="application/ld+json">${JSON.stringify(organizationJsonLd(meta.locale)).replace(/</g, '\\u003c')}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
