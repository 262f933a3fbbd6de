import * as z from 'zod/mini';

/** One "Name, Country" or "Name, Country, what they do" of HOSTING and SUB_PROCESSORS. */
const PART = /^[^,;<>]{1,100}$/;
const entry = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** "Name, Country[, purpose]; …": each part 1-100 characters, no angle brackets. */
const processorList = z.pipe(
  z.string(),
  z.pipe(
    z.transform((v: string) =>
      v
        .split(';')
        .map(entry)
        .filter((parts) => parts.length > 0),
    ),
    z.array(
      z
        .array(z.string().check(z.regex(PART, 'each part 1-100 characters')))
        .check(
          z.refine(
            (parts) => parts.length >= 2 && parts.length <= 3,
            'must be "Name, Country" or "Name, Country, what they do", separated by ;',
          ),
        ),
    ),
  ),
);

/** What the trust page (/trust, issue 37) and /.well-known/security.txt say beyond what the server already knows. */
export const trustSettings = {
  /** Who hosts the server and its database, and where: `UpCloud, Sweden`. Unset: the page says the operator's own server. */
  HOSTING: z.optional(processorList.check(z.refine((list) => list.length === 1 && list[0]!.length === 2, 'must be "Name, Country"'))),
  /** Other companies that process personal data for us: `Name, Country, what they do; …` (the mail relay is found from SMTP_URL). */
  SUB_PROCESSORS: z._default(processorList, []),
  /** Where vulnerabilities and incidents are reported (security.txt's Contact); default: the site's contact address. */
  SECURITY_CONTACT: z.optional(z.string().check(z.regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, 'must be an e-mail address'))),
};
