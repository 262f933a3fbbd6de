import fc from 'fast-check';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, HONEYPOT_FIELD, ROLE_OPTIONS } from '@waitlist/contract';

/**
 * Generators of hostile and valid sign-up requests, and an oracle that says what the server must do with each,
 * written from the contract (signupBodySchema + normalisation), not from the server's validate.ts.
 * Shared by the in-process fuzz test (app.inject) and the real-HTTP batch against the built server.
 */

export { expectedOutcome, type Expected, type FuzzRequest } from './fuzz-oracle';
import type { FuzzRequest } from './fuzz-oracle';

const INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE waitlist_signups; --",
  "x'); DELETE FROM waitlist_signups; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  "' UNION SELECT email FROM waitlist_signups --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  'مرحبا',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\r\nSet-Cookie: a=b',
  "Robert'); DROP TABLE Students;--",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const nasty = fc.oneof(
  fc.constantFrom(...INJECTION),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('\u0000', '\u202E', '😀', 'é', ' ', '\t')), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const huge = fc.integer({ min: 400, max: 20_000 }).chain((n) => fc.constantFrom('x', '😀', '\u0000', "'").map((c) => c.repeat(n)));

const validEmail = fc
  .tuple(fc.uuid(), fc.constantFrom('', ' ', '  ', '\t'), fc.constantFrom('', ' ', '\n'), fc.boolean())
  .map(([id, pre, post, upper]) => {
    const email = `fuzz-${id}@example.com`;
    return `${pre}${upper ? email.toUpperCase() : email}${post}`;
  });
/** A small pool so that duplicates (409) are exercised too. */
const repeatedEmail = fc.constantFrom('dup-1@example.com', 'DUP-1@Example.com ', ' dup-2@example.com', 'Dup-2@EXAMPLE.COM');
const badEmail = fc.oneof(
  fc.constantFrom('', ' ', '@', 'a@', '@b.se', 'a@b', 'a b@c.se', 'a@@b.se', 'a@b..se', `${'a'.repeat(250)}@example.com`, 'ä@ö.se'),
  fc.emailAddress().map((e) => `${e}\u0000`),
  nasty,
);
const emailValue = fc.oneof(
  { weight: 3, arbitrary: validEmail },
  { weight: 1, arbitrary: repeatedEmail },
  { weight: 3, arbitrary: badEmail },
  fc.emailAddress(),
);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const roleValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ROLE_OPTIONS) },
  nasty,
  wrongType,
  fc.constantFrom(...ROLE_OPTIONS).map((r) => r.toUpperCase()),
  fc.constantFrom(...ROLE_OPTIONS).map((r) => ` ${r}`),
);
const sizeValue = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...COMPANY_SIZE_OPTIONS) }, nasty, wrongType);
const outcomesValue = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.uniqueArray(fc.constantFrom(...DESIRED_OUTCOME_OPTIONS), { minLength: 1, maxLength: DESIRED_OUTCOME_OPTIONS.length }),
  },
  fc.array(fc.constantFrom(...DESIRED_OUTCOME_OPTIONS), { minLength: 0, maxLength: 12 }),
  fc.array(fc.oneof(nasty, fc.constantFrom(...DESIRED_OUTCOME_OPTIONS)), { maxLength: 4 }),
  fc.array(wrongType, { maxLength: 3 }),
  wrongType,
  nasty,
);
const otherValue = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, nasty, huge, fc.string({ maxLength: 600 }), wrongType);

/** A recursive structure (arrays and objects) up to `depth` levels deep. */
const deep = fc.integer({ min: 50, max: 3000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((shape) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = shape === 'array' ? [value] : { a: value };
    return value;
  }),
);

const extraKey = fc.oneof(
  fc.constantFrom(
    'id',
    'is_admin',
    'created_at',
    'privacy_policy_version',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'email ',
    'EMAIL',
    'email\u0000',
    '',
  ),
  fc.string({ maxLength: 12 }),
);

const validValues = {
  email: fc.oneof({ weight: 4, arbitrary: validEmail }, repeatedEmail),
  role: fc.constantFrom(...ROLE_OPTIONS),
  company_size: fc.constantFrom(...COMPANY_SIZE_OPTIONS),
  desired_outcomes: fc.uniqueArray(fc.constantFrom(...DESIRED_OUTCOME_OPTIONS), {
    minLength: 1,
    maxLength: DESIRED_OUTCOME_OPTIONS.length,
  }),
  other_outcome: fc.oneof(fc.constant(null), fc.constantFrom(...INJECTION), fc.string({ unit: 'grapheme', maxLength: 60 })),
};
const hostileValues: Record<string, fc.Arbitrary<unknown>> = {
  email: emailValue,
  role: roleValue,
  company_size: sizeValue,
  desired_outcomes: outcomesValue,
  other_outcome: otherValue,
  [HONEYPOT_FIELD]: fc.oneof(fc.constant(''), fc.constant(null), nasty, fc.constant('https://spam.example')),
};

/** A valid body (injection strings and unicode in the free text), sometimes with one field replaced or removed. */
const validObject = fc.record(validValues, { requiredKeys: ['email', 'role', 'company_size', 'desired_outcomes'] }) as fc.Arbitrary<
  Record<string, unknown>
>;
const mutatedObject = fc
  .tuple(validObject, fc.constantFrom(...Object.keys(hostileValues)), fc.boolean())
  .chain(([o, key, remove]) =>
    remove
      ? fc.constant(Object.fromEntries(Object.entries(o).filter(([k]) => k !== key)))
      : hostileValues[key]!.map((v) => ({ ...o, [key]: v })),
  );
const randomObject = fc.record(hostileValues, { requiredKeys: [] });

/** Objects close to a sign-up: valid, one field hostile or missing, or every field random; sometimes an extra key. */
export const signupLikeObject: fc.Arbitrary<Record<string, unknown>> = fc
  .oneof({ weight: 3, arbitrary: validObject }, { weight: 4, arbitrary: mutatedObject }, { weight: 2, arbitrary: randomObject })
  .chain((record) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constant(record) },
      { weight: 1, arbitrary: fc.tuple(extraKey, fc.oneof(nasty, wrongType, deep)).map(([k, v]) => ({ ...record, [k]: v })) },
      { weight: 1, arbitrary: deep.map((d) => ({ ...record, desired_outcomes: d })) },
    ),
  );

const rawJson = fc.oneof(
  // Truncated JSON of a plausible body.
  signupLikeObject.chain((o) => {
    const text = JSON.stringify(o);
    return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n));
  }),
  // Prototype-poisoning keys, plain and escaped.
  fc.constantFrom(
    '{"__proto__": {"isAdmin": true}, "email": "a@b.se"}',
    '{"email":"proto@example.com","role":"Other","company_size":"1-10 employees","desired_outcomes":["Other"],"__proto__":{"x":1}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    '{"\\u005f_proto__": {"polluted": true}}',
    '{"a": {"__proto__": {"polluted": true}}}',
    '{"email":"c@example.com","role":"Other","company_size":"1-10 employees","desired_outcomes":["Other"],"constructor":{"prototype":{"p":1}}}',
  ),
  // Other JSON values at the top level, and non-JSON.
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.array(signupLikeObject, { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '{',
    '}',
    '{"email":',
    '[',
    '{"a":1,}',
    "{'email':'a@b.se'}",
    'NaN',
    '\u0000',
    '\uFEFF{}',
    '{"email":"a@b.se"}{"x":1}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  // Duplicate keys: JSON.parse keeps the last one.
  fc
    .tuple(emailValue, validEmail)
    .map(
      ([a, b]) =>
        `{"email":${JSON.stringify(a)},"email":${JSON.stringify(b)},"role":"Other","company_size":"1-10 employees","desired_outcomes":["Other"]}`,
    ),
  // Very deep nesting at the top level.
  fc.integer({ min: 100, max: 8000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 8000 }).map((n) => '['.repeat(n)),
);

/** Well-formed JSON bodies sent with the right content type. */
export const jsonBodyRequest: fc.Arbitrary<FuzzRequest> = signupLikeObject.map((o) => ({
  method: 'POST',
  contentType: 'application/json',
  payload: JSON.stringify(o),
  kind: 'json-object',
}));

const contentTypes = fc.constantFrom<string | null>(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  'application/octet-stream',
  'text/html',
  null,
);

/** Raw payloads: truncated or poisoned JSON, other content types, other methods. */
export const rawRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 3, arbitrary: rawJson.map((payload) => ({ method: 'POST', contentType: 'application/json', payload, kind: 'raw-json' })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        contentTypes,
        fc.oneof(
          rawJson,
          signupLikeObject.map((o) => JSON.stringify(o)),
        ),
      )
      .map(([contentType, payload]) => ({
        method: 'POST',
        contentType,
        payload,
        kind: 'content-type',
      })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'HEAD'), signupLikeObject).map(([method, o]) => ({
      method,
      contentType: 'application/json',
      payload: method === 'GET' || method === 'HEAD' ? '' : JSON.stringify(o),
      kind: 'method',
    })),
  },
);
