/**
 * The public site's configuration: the brand's facts (from the catalogue, @waitlist/catalogue/facts), its images
 * and founders, and the words of each language (the catalogue's `site` section; `siteCopy(locale)` gives one).
 * An operator rebrands the site by editing the catalogue's facts.ts and swapping the SVGs imported here.
 * Components render this data; they hold no copy.
 */
import { CATALOGUE, type Catalogue } from '@waitlist/catalogue';
import { BRAND } from '@waitlist/catalogue/facts';
import { DEFAULT_LOCALE, SITE_LOCALES, type SiteLocale } from '@waitlist/contract/locales';
import missionImage from '../assets/mission.svg';
import founderCeoImage from '../assets/founder-ceo.svg';
import founderCtoImage from '../assets/founder-cto.svg';

/** The words of the public site in one language. */
export type SiteCopy = Catalogue['site'];

export type { SiteLocale };
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
  name: BRAND.name,
  legalName: BRAND.legalName,
  contactEmail: BRAND.contactEmail,
  linkedInUrl: BRAND.linkedInUrl,
  countryCode: BRAND.countryCode,
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
export const SITE_COPY: Record<SiteLocale, SiteCopy> = { en: CATALOGUE.en.site, sv: CATALOGUE.sv.site };

export const siteCopy = (locale: SiteLocale): SiteCopy => SITE_COPY[locale];
