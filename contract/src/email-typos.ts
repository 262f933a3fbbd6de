import spellChecker from '@zootools/email-spell-checker';

/**
 * "Did you mean ada@gmail.com?": a likely typo in the domain of an address (gmial.com, telia.con, hotmial.se), from
 * the popular providers and top-level domains of `@zootools/email-spell-checker` plus the Swedish ones. One rule for
 * the island (a hint when the visitor leaves the field) and the form without script (asked once before storing).
 * Only a suggestion: the visitor may keep what they typed, and the API never blocks on it.
 */
const SWEDISH_PROVIDERS = [
  'telia.com',
  'comhem.se',
  'bredband.net',
  'bahnhof.se',
  'tele2.se',
  'tele2.com',
  'spray.se',
  'hotmail.se',
  'live.se',
  'outlook.se',
  'outlook.com',
  'hotmail.com',
  'yahoo.se',
  'yahoo.com',
  'gmail.com',
  'icloud.com',
];
const DOMAINS = [...new Set([...spellChecker.POPULAR_DOMAINS, ...SWEDISH_PROVIDERS])];
const KNOWN_DOMAINS: ReadonlySet<string> = new Set(DOMAINS);
const TOP_LEVEL_DOMAINS = [...new Set([...spellChecker.POPULAR_TLDS, 'se', 'nu', 'eu'])];
/** The provider names a mistyped top-level domain is checked against (gmail.cm → gmail.com). */
const SECOND_LEVEL_DOMAINS = [
  'gmail',
  'hotmail',
  'outlook',
  'live',
  'yahoo',
  'icloud',
  'telia',
  'comhem',
  'bredband',
  'bahnhof',
  'spray',
  'tele2',
];

/**
 * Company domains of three letters or fewer (abb.com, h-m.com) sit one or two edits from a provider (aol.com,
 * aim.com): below this length the name is taken as meant.
 */
const SHORTEST_SUGGESTED_NAME = 4;

/** The address with its domain corrected, or null when nothing looks mistyped. */
export function suggestEmailCorrection(email: string): string | null {
  const typed = email.trim();
  const at = typed.lastIndexOf('@');
  if (at < 1 || at === typed.length - 1) return null;
  const name = typed.slice(at + 1).split('.')[0] ?? '';
  if (name.length < SHORTEST_SUGGESTED_NAME) return null;
  const suggestion = spellChecker.run({
    email: typed,
    domains: DOMAINS,
    secondLevelDomains: SECOND_LEVEL_DOMAINS,
    topLevelDomains: TOP_LEVEL_DOMAINS,
  });
  if (!suggestion?.full || suggestion.full.toLowerCase() === typed.toLowerCase()) return null;
  // Only a known provider's domain, or the same name with its top-level domain fixed (firm.con → firm.com): a
  // company's subdomain (mail.volvocars.se) is never bent towards a provider (gmail.volvocars.se).
  const domain = typed.slice(at + 1).toLowerCase();
  const suggestedDomain = suggestion.domain.toLowerCase();
  const sameNameNewTld = domain.split('.').length === 2 && suggestedDomain.split('.')[0] === name.toLowerCase();
  return KNOWN_DOMAINS.has(suggestedDomain) || sameNameNewTld ? suggestion.full : null;
}
