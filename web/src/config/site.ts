/**
 * The brand of the public site: what stays the same in every language (names, addresses, images). The words of
 * each language are in locales/ (en.ts, sv.ts); `siteCopy(locale)` gives one. An operator rebrands the site by
 * editing these files (and swapping the SVGs imported here). Components render this data; they hold no copy.
 */
import { DEFAULT_LOCALE, SITE_LOCALES, type SiteLocale } from '@waitlist/contract/locales';
import missionImage from '../assets/mission.svg';
import founderCeoImage from '../assets/founder-ceo.svg';
import founderCtoImage from '../assets/founder-cto.svg';
import { en, type SiteCopy } from './locales/en';
import { sv } from './locales/sv';

export type { SiteCopy, SiteLocale };
export { DEFAULT_LOCALE, SITE_LOCALES };

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
}

export interface Founder {
  name: string;
  /** The illustrated portrait, shown while there is no photo. */
  portrait: ImageAsset;
  /** A photo in web/src/assets/photos/ (file name), made responsive by the build; replaces the illustration. */
  photo?: string;
}

const DEFAULT_SITE_URL = 'http://localhost:3000';

/** Canonical origin, from SITE_URL at build time (no trailing slash). */
export const siteUrl = (import.meta.env.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');

export const siteConfig = {
  name: 'Acme Innovate',
  legalName: 'Acme Innovate AB',
  contactEmail: 'hello@example.com',
  linkedInUrl: 'https://www.linkedin.com/company/example',
  countryCode: 'SE',
  url: siteUrl,
  /** A photo in web/src/assets/photos/ for the About page's mission; without one, the illustration. */
  missionPhoto: undefined as string | undefined,
  missionImage: { src: missionImage, width: 560, height: 420 } satisfies ImageAsset,
  /** In the order of `about.team.founders` in each language (role and bio are words, so they live there). */
  founders: [
    { name: 'Alex Lindqvist', portrait: { src: founderCeoImage, width: 240, height: 240 } },
    { name: 'Sam Bergström', portrait: { src: founderCtoImage, width: 240, height: 240 } },
  ] as Founder[],
};

export type SiteConfig = typeof siteConfig;

/** The words of the site in each language. */
export const SITE_COPY: Record<SiteLocale, SiteCopy> = { en, sv };

export const siteCopy = (locale: SiteLocale): SiteCopy => SITE_COPY[locale];
