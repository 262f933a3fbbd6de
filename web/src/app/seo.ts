import { siteConfig } from '../config/site';
import { paths } from './paths';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL; null for pages that must not be indexed (404). */
  canonical: string | null;
}

const pageByPath: Record<string, keyof typeof siteConfig.pages> = {
  [paths.home]: 'home',
  [paths.about]: 'about',
  [paths.privacy]: 'privacy',
};

export function getPageMeta(pathname: string): PageMeta {
  const key = pageByPath[pathname];
  const page = siteConfig.pages[key ?? 'notFound'];
  const title = key === 'home' ? `${siteConfig.name} — ${page.title}` : `${page.title} | ${siteConfig.name}`;
  return {
    title,
    description: page.description,
    canonical: key ? `${siteConfig.url}${pathname === '/' ? '/' : pathname}` : null,
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

/** The <head> tags of a prerendered page. The client keeps them in sync on navigation (useDocumentMeta). */
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

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Keeps the prerendered <head> tags in step after a client-side navigation. */
export function applyDocumentMeta(pathname: string): void {
  const meta = getPageMeta(pathname);
  document.title = meta.title;
  setMeta('meta[name="description"]', 'name', 'description', meta.description);
  setMeta('meta[property="og:title"]', 'property', 'og:title', meta.title);
  setMeta('meta[property="og:description"]', 'property', 'og:description', meta.description);
  setMeta('meta[property="og:url"]', 'property', 'og:url', meta.canonical);
  setMeta('meta[name="twitter:title"]', 'name', 'twitter:title', meta.title);
  setMeta('meta[name="twitter:description"]', 'name', 'twitter:description', meta.description);
  setMeta('meta[name="robots"]', 'name', 'robots', meta.canonical ? null : 'noindex');
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!meta.canonical) {
    canonical?.remove();
  } else {
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.append(canonical);
    }
    canonical.href = meta.canonical;
  }
}
