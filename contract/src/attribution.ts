import * as z from 'zod/mini';

/**
 * Where a sign-up came from, first party: the UTM parameters of the page the form was on, the referring site's
 * origin (never a full URL) and that page's path. The island reads them from the page; without script the server
 * writes them into the form's hidden `attribution` field when it serves the page.
 */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export const ATTRIBUTION_FIELDS = [...UTM_FIELDS, 'referrer_origin', 'landing_path'] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Partial<Record<AttributionField, string>>;
/** A sign-up's attribution as it is stored and answered: every field, null where not known. */
export type AttributionColumns = Record<AttributionField, string | null>;

/** Every attribution field of `from`, in ATTRIBUTION_FIELDS' order, null where it has none: the one place they are listed. */
export const attributionColumns = (from: Partial<Record<AttributionField, string | null | undefined>>): AttributionColumns =>
  Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, from[field] ?? null])) as AttributionColumns;

/** The attribution fields of an answer (a sign-up in the console, its export): each as text or null, keyed by the list. */
export const attributionAnswerShape = Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, z.nullable(z.string())])) as Record<
  AttributionField,
  z.ZodMiniNullable<z.ZodMiniString>
>;

/** The page-view beacon's route (server/src/visits/routes.ts). */
export const VISIT_PATH = '/api/visit';

/** Longer values are cut, not refused: a campaign link with a long tag still signs the person up. */
export const ATTRIBUTION_MAX_LENGTH = 200;

/** The hidden field of the sign-up form, and the placeholder the server replaces in the prerendered page. */
export const ATTRIBUTION_FIELD = 'attribution';
export const ATTRIBUTION_PLACEHOLDER = '__SIGNUP_ATTRIBUTION__';

/** Control characters never belong in a tag; they would only end up in a CSV or a mail. */
// eslint-disable-next-line no-control-regex
export const withoutControlCharacters = (value: string): string => value.replace(/[\u0000-\u001f\u007f]/g, '');

const clean = (value: string | null | undefined): string | undefined => {
  const text = withoutControlCharacters(value ?? '')
    .trim()
    .slice(0, ATTRIBUTION_MAX_LENGTH);
  return text === '' ? undefined : text;
};

/** The origin of an http(s) referrer that is another site than `pageOrigin`; otherwise undefined. */
export function referrerOrigin(referrer: string | null | undefined, pageOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === pageOrigin ? undefined : clean(url.origin);
  } catch {
    return undefined;
  }
}

/** Attribution of a visit to `pageUrl` from `referrer` (the Referer header or document.referrer). */
export function attributionOf(pageUrl: URL, referrer: string | null | undefined): Attribution {
  const result: Attribution = {};
  for (const field of UTM_FIELDS) {
    const value = clean(pageUrl.searchParams.get(field));
    if (value !== undefined) result[field] = value;
  }
  const origin = referrerOrigin(referrer, pageUrl.origin);
  if (origin !== undefined) result.referrer_origin = origin;
  const path = clean(pageUrl.pathname);
  if (path !== undefined && path.startsWith('/')) result.landing_path = path;
  return result;
}

/** The hidden field's value: a query string (`utm_source=…&landing_path=/`). */
export const encodeAttribution = (attribution: Attribution): string =>
  new URLSearchParams(ATTRIBUTION_FIELDS.flatMap((f) => (attribution[f] === undefined ? [] : [[f, attribution[f]!]]))).toString();

/** The hidden field read back: known names only, cleaned and capped; anything else is dropped. */
export function decodeAttribution(text: string | null | undefined): Attribution {
  if (!text || text === ATTRIBUTION_PLACEHOLDER) return {};
  const params = new URLSearchParams(text.slice(0, 4 * 1024));
  const result: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = clean(params.get(field));
    if (value === undefined) continue;
    if (field === 'landing_path' && !value.startsWith('/')) continue;
    if (field === 'referrer_origin' && referrerOrigin(value, '') !== value) continue;
    result[field] = value;
  }
  return result;
}

/**
 * Consumer mail providers: a sign-up from one of these is flagged "free mail" and never grouped as a company; the
 * public form suggests a work address (never blocks). The server adds a maintained list (email-providers); this
 * short list is what the page knows, with the Swedish providers that list lacks.
 */
export const COMMON_FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.se',
  'outlook.com',
  'outlook.se',
  'live.com',
  'live.se',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'yahoo.com',
  'yahoo.se',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'telia.com',
  'comhem.se',
  'bredband.net',
  'bredband2.com',
  'spray.se',
  'bahnhof.se',
  'tele2.se',
  'passagen.se',
  'home.se',
  'swipnet.se',
  'glocalnet.net',
  'tiscali.se',
  'ownit.se',
] as const;
