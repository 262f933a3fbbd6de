import { siteConfig } from '../config/site';
import { paths } from './paths';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL; null for pages that must not be indexed (404, thank-you). */
  canonical: string | null;
}

const pageByPath: Record<string, keyof typeof siteConfig.pages> = {
  [paths.home]: 'home',
  [paths.about]: 'about',
  [paths.privacy]: 'privacy',
  [paths.thankYou]: 'thankYou',
};

/** Pages search engines should not list: the answer to a sign-up and anything that is not a page. */
const NOT_INDEXED: ReadonlySet<string> = new Set(['thankYou', 'notFound']);

export function getPageMeta(pathname: string): PageMeta {
  const key = pageByPath[pathname] ?? 'notFound';
  const page = siteConfig.pages[key];
  const title = key === 'home' ? `${siteConfig.name} — ${page.title}` : `${page.title} | ${siteConfig.name}`;
  return {
    title,
    description: page.description,
    canonical: NOT_INDEXED.has(key) ? null : `${siteConfig.url}${pathname === '/' ? '/' : pathname}`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url: `${siteConfig.url}/`,
    logo: `${siteConfig.url}/favicon.svg`,
    description: siteConfig.tagline,
    email: siteConfig.contactEmail,
    sameAs: [siteConfig.linkedInUrl],
    address: {
      '@type': 'PostalAddress',
      addressLocality: siteConfig.location.city,
      addressCountry: siteConfig.location.countryCode,
    },
    founder: siteConfig.about.team.founders.map((f) => ({ '@type': 'Person', name: f.name, jobTitle: f.role })),
  };
}

/** The <head> tags of a page (each page is its own document: links between pages are full page loads). */
export function renderHeadTags(pathname: string): string {
  const meta = getPageMeta(pathname);
  const t = escapeHtml(meta.title);
  const d = escapeHtml(meta.description);
  const tags = [
    `<title>${t}</title>`,
    `<meta name="description" content="${d}" />`,
    meta.canonical
      ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`
      : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.name)}" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    meta.canonical ? `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />` : '',
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${t}" />`,
    `<meta name="twitter:description" content="${d}" />`,
    // JSON-LD is data, not script: CSP script-src does not apply to it. `<` is escaped so it cannot close the tag.
    `<script type="application/ld+json">${JSON.stringify(organizationJsonLd()).replace(/</g, '\\u003c')}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
