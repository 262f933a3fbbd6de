/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the waitlist API; '' = same origin. */
  readonly VITE_WAITLIST_API_URL?: string;
  /** Public (anon-level) API key sent as apikey and Bearer token. */
  readonly VITE_WAITLIST_PUBLIC_KEY?: string;
  /** Canonical origin of the site, used at build time for canonical URLs and the sitemap. */
  readonly SITE_URL?: string;
}
