/**
 * Sign-ups with the spread a real list has, for the console's bench (scripts/bench-console.ts) and its CI guard
 * (db/stores/signup-listing-at-size.test.ts). Deterministic (a seeded generator): two runs make the same list.
 *
 * Spread: every role, size and outcome (weighted), 2,000 companies of very different sizes (a few large ones, a long
 * tail), 30 % on free-mail addresses, 20 % Swedish, 70 % of the last 29 days confirmed (older unconfirmed ones are
 * erased by the retention job), 4 % opted out, follow-up statuses, 3 % flagged, utm attribution on half, dates over
 * the last year (more recent days busier).
 */
import { COMPANY_SIZE_OPTIONS, DEFAULT_FIT_WEIGHTS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, type FollowUpStatus } from '@waitlist/contract';
import type { Database } from '../db/connection';
import { createSignupStore, type NewSignupRow } from '../db/stores/signups';
import { companyOf } from '../lib/company';
import { fitOf } from '../lib/fit-score';

const DAY_MS = 86_400_000;
const FIRST = [
  'anna',
  'erik',
  'lars',
  'karin',
  'maria',
  'johan',
  'sara',
  'anders',
  'eva',
  'per',
  'lena',
  'nils',
  'ingrid',
  'olof',
  'sofia',
  'mikael',
  'elin',
  'jonas',
  'hanna',
  'peter',
  'emma',
  'fredrik',
  'linnea',
  'gustav',
  'ida',
  'oskar',
  'malin',
  'henrik',
  'frida',
  'david',
  'ada',
  'grace',
  'alan',
  'edsger',
  'barbara',
  'john',
  'amira',
  'chen',
  'priya',
  'omar',
];
const LAST = [
  'andersson',
  'johansson',
  'karlsson',
  'nilsson',
  'eriksson',
  'larsson',
  'olsson',
  'persson',
  'svensson',
  'gustafsson',
  'pettersson',
  'jonsson',
  'jansson',
  'hansson',
  'bengtsson',
  'lindberg',
  'lindqvist',
  'berg',
  'holm',
  'nyberg',
  'lovelace',
  'hopper',
  'turing',
  'dijkstra',
  'liskov',
  'smith',
  'nguyen',
  'garcia',
  'khan',
  'wang',
];
const SYLLABLES = [
  'vol',
  'sca',
  'eri',
  'ikea',
  'sand',
  'atlas',
  'nord',
  'skan',
  'tele',
  'bor',
  'lund',
  'vik',
  'berg',
  'fors',
  'dal',
  'holm',
  'strom',
  'kraft',
  'data',
  'bio',
  'tech',
  'med',
  'agri',
  'mar',
  'sol',
  'vind',
  'elek',
  'nova',
  'gota',
  'svea',
];
const FREE = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'hotmail.se'];
const SOURCES = ['linkedin', 'newsletter', 'google', 'event', 'partner', 'twitter'];
const CAMPAIGNS = ['launch', 'webinar-nov', 'vinnova-demo-day', 'q4-post', 'innovation-summit'];
const PATHS = ['/', '/about', '/sv', '/sv/about', '/privacy'];
const STATUSES: [FollowUpStatus, number][] = [
  ['new', 0.78],
  ['contacted', 0.1],
  ['invited', 0.06],
  ['joined', 0.04],
  ['declined', 0.02],
];

/** mulberry32: small, fast, good enough to spread a seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const weighted = <T>(list: readonly [T, number][]) => {
    let r = next();
    for (const [value, weight] of list) if ((r -= weight) < 0) return value;
    return list.at(-1)![0];
  };
  return { next, pick, weighted };
}

/** 2,000 company domains, and a Zipf-like weight for each (the first ones have thousands of people, most a handful). */
function companies(count: number) {
  const random = generator(7);
  const domains = new Set<string>();
  while (domains.size < count) {
    const name = `${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}${domains.size % 7 === 0 ? random.pick(SYLLABLES) : ''}`;
    domains.add(`${name}${random.next() < 0.6 ? '.se' : '.com'}`);
  }
  const list = [...domains];
  const weights = list.map((_, i) => 1 / (i + 1) ** 0.9);
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  const cumulative = weights.map((w) => (running += w / total));
  return (r: number) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
}

/** `count` sign-ups; `offset` continues a list (the n-th row of a list is the same whatever the batches). */
export function seedRows(count: number, now: number, offset = 0): NewSignupRow[] {
  const random = generator(42 + offset);
  const company = companies(2000);
  const rows: NewSignupRow[] = [];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const domain = random.next() < 0.3 ? random.pick(FREE) : company(random.next());
    const email = `${random.pick(FIRST)}.${random.pick(LAST)}${n}@${domain}`;
    const { domain: companyDomain, freeMail } = companyOf(email);
    // More sign-ups on recent days: the square root of a uniform draw leans towards 1.
    const created = new Date(now - Math.floor((1 - Math.sqrt(random.next())) * 365 * DAY_MS)).toISOString();
    // Unconfirmed sign-ups are erased 30 days after their mail (the retention promise): only recent ones are left.
    const confirmed = random.next() < 0.7 || Date.parse(created) < now - 29 * DAY_MS;
    const outcomes = DESIRED_OUTCOME_OPTIONS.filter(() => random.next() < 0.3);
    const tagged = random.next() < 0.5;
    rows.push({
      email,
      role: random.pick(ROLE_OPTIONS),
      company_size: random.weighted(COMPANY_SIZE_OPTIONS.map((size, k) => [size, k === 5 ? 0.35 : 0.13] as [string, number])),
      desired_outcomes: outcomes.length > 0 ? outcomes : [random.pick(DESIRED_OUTCOME_OPTIONS)],
      other_outcome: outcomes.includes('Other') ? 'A portfolio view for the board' : null,
      consented_at: created,
      privacy_policy_version: '2025-01',
      created_at: created,
      confirmed_at: confirmed ? new Date(Date.parse(created) + 600_000).toISOString() : null,
      marketing_opt_out_at: confirmed && random.next() < 0.04 ? new Date(Date.parse(created) + DAY_MS).toISOString() : null,
      confirmation_sent_at: created,
      locale: random.next() < 0.2 ? 'sv' : 'en',
      status: confirmed ? random.weighted(STATUSES) : 'new',
      company_domain: companyDomain,
      free_mail: freeMail,
      utm_source: tagged ? random.pick(SOURCES) : null,
      utm_medium: tagged ? 'social' : null,
      utm_campaign: tagged ? random.pick(CAMPAIGNS) : null,
      utm_content: null,
      utm_term: null,
      referrer_origin: tagged ? 'https://www.linkedin.com' : null,
      landing_path: random.pick(PATHS),
      flags: random.next() < 0.03 ? ['no-proof-of-work'] : [],
      partner_code_id: null,
      fit_score: 0,
    });
    // Scored as a sign-up is when it arrives (the default weights; colleagues count when the fold sees them).
    const row = rows[rows.length - 1]!;
    row.fit_score = fitOf({ ...row, colleagues: false }, DEFAULT_FIT_WEIGHTS).score;
  }
  return rows;
}

/**
 * These addresses as confirmed sign-ups who want mail, stored as the sign-up store stores them, without a confirmation
 * mail each: for tests of what is sent to a list (a campaign, a wave), where hundreds of confirmations would only be
 * waited for.
 */
export function confirmedRows(emails: readonly string[], now = Date.now()): NewSignupRow[] {
  const at = new Date(now).toISOString();
  return seedRows(emails.length, now).map((row, i) => {
    const email = emails[i]!;
    const { domain, freeMail } = companyOf(email);
    return {
      ...row,
      email,
      company_domain: domain,
      free_mail: freeMail,
      created_at: at,
      consented_at: at,
      confirmation_sent_at: at,
      confirmed_at: at,
      marketing_opt_out_at: null,
      status: 'new',
      locale: 'en',
      flags: [],
    };
  });
}

/** Stores `emails` as confirmed sign-ups who want mail (confirmedRows), in one transaction, as the sign-up store does. */
export async function seedConfirmedPeople(database: Database, emails: readonly string[]): Promise<void> {
  const store = createSignupStore(database);
  await database.db.transaction().execute((trx) => store.insertNew(trx, confirmedRows(emails)));
}
