import type { FollowUpStatus } from './admin';
import type { AttributionField } from './attribution';
import type { PersonQuestion } from './questions';

/**
 * The pages behind the links in our mail, as the server asks the web's page renderer for them: which view, and
 * the data it shows. The words come from the catalogue in the page's language (the path's prefix); the server
 * sends none. See docs/decisions/0007-outbox-and-self-service-links.md.
 */

/** Where a person's links land; a language other than English lives under its prefix (/sv/confirm). */
export const PERSON_LINK_PATHS = {
  confirm: '/confirm',
  manage: '/manage',
  unsubscribe: '/unsubscribe',
  /** A personal invitation to the pilot (issue 23): the page shows it, its button accepts it. */
  invitation: '/invitation',
} as const;
export type PersonLinkKind = keyof typeof PERSON_LINK_PATHS;

/** What can be wrong with a link's token; `missing`: the data page was reached without its link having been opened. */
export type TokenProblem = 'unknown' | 'malformed' | 'expired' | 'used' | 'wrong-purpose' | 'missing';

/**
 * The data page's one cookie (strictly necessary, named on the privacy page): the first GET of a manage link puts
 * its token here, on the data pages' path only, and sends the browser on to the same page without the token.
 */
export const MANAGE_COOKIE = 'data_link';

/**
 * Arriving from webmail, the browser withholds the SameSite=Strict cookie from the redirect after the link (the
 * navigation began on another site): the page then reloads itself once, from our own site, with this marker; a
 * page reached with the marker and still no cookie says so instead of reloading again.
 */
export const MANAGE_REOPEN_PARAM = 'reopened';

/** The answers of the data page's forms, posted without script. */
export const MANAGE_ACTIONS = {
  export: '/manage/export',
  correct: '/manage/correct',
  erase: '/manage/erase',
  /** The answers to the questions after confirming (issue 36 item 1), from the data page or the page after confirming. */
  answers: '/manage/answers',
} as const;

/** The privacy page's "send me my link" form posts here (in the page's language). */
/** The privacy page (prerendered; rendered per request while a CRM is connected, which it names: issue 49). */
export const PRIVACY_PATH = '/privacy';
export const DATA_LINK_PATH = '/privacy/data-link';

/** The fields a person may correct on their data page (by column name); each can carry a problem. */
export const PERSON_CORRECTABLE_FIELDS = ['role', 'company_size', 'desired_outcomes', 'other_outcome'] as const;
export type PersonCorrectableField = (typeof PERSON_CORRECTABLE_FIELDS)[number];

/** Everything we store about a person, as their own data page shows it (stored codes; the page words them). */
export interface PersonView {
  email: string;
  /** null: not known yet (they were imported from a list of addresses); the page asks for them. */
  role: string | null;
  company_size: string | null;
  desired_outcomes: string[] | null;
  other_outcome: string | null;
  created_at: string;
  consented_at: string;
  privacy_policy_version: string;
  confirmed_at: string | null;
  marketing_opt_out_at: string | null;
  locale: string;
  company_domain: string | null;
  /** Where the visit that signed up came from: the attribution columns that hold something. */
  came_from: Partial<Record<AttributionField, string>>;
  /** The label of the partner code they joined with (issue 23), or null. */
  partner_code: string | null;
  status: FollowUpStatus;
  /** Their invitation to the pilot, when they have one (issue 23). */
  invitation: PersonInvitation | null;
}

export interface PersonInvitation {
  wave: string;
  invited_at: string;
  expires_at: string;
  accepted_at: string | null;
  redeemed_at: string | null;
}

export type SelfServiceView =
  | { page: 'confirm'; token: string }
  /** Confirmed; a person who fits well is offered a call (their booking link, with its opaque reference). */
  | {
      page: 'confirmed';
      booking_url?: string;
      /** The questions after confirming, with a data-link token for their form (a hidden field, never the URL). */
      questions?: PersonQuestion[];
      token?: string;
      /** The answers were saved, or some were not offered options (nothing saved). */
      answered?: boolean;
      answers_invalid?: boolean;
    }
  | { page: 'unsubscribe'; token: string }
  | { page: 'unsubscribed' }
  | {
      page: 'manage';
      person: PersonView;
      saved?: boolean;
      invalid?: PersonCorrectableField[];
      questions?: PersonQuestion[];
      answered?: boolean;
      answers_invalid?: boolean;
    }
  | { page: 'opening' }
  | { page: 'erased' }
  | { page: 'data-link-sent' }
  | { page: 'too-many' }
  | { page: 'invitation'; token: string; wave: string; expires_at: string }
  /** Accepted, where ACCESS_REDIRECT_URL is unset: the code, and what happens next. */
  | { page: 'invitation-accepted'; code: string; expires_at: string }
  | { page: 'problem'; problem: TokenProblem };
