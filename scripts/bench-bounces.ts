#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:bounces -- DIR [--expected FILE | --sisimai-tests GO_SISIMAI/fact] [--wrong]`: reads every real bounce
 * in DIR (`*.eml`, one message a file) with the server's own reader (server/src/lib/bounces/read.ts, what the inbound
 * listener runs on each report) and compares it with what the reference classifier says of it, per sender family
 * (the file name's prefix, as sisimai's corpus names them: lhost-postfix-12.eml is Postfix) and overall:
 * - right: the same reason (our names mapped to Sisimai's), an ARF report read as feedback;
 * - same effect: suppressed at once / counted / refusal / nothing, whatever the reason's name;
 * - wrong permanent suppressions: suppressed at once where the reference calls it anything but a missing mailbox or
 *   domain (the figure that must be 0: a live person suppressed for good).
 *
 * The corpus is not in this repository: sisimai's set-of-emails (maildir/bsd), with the expected reasons of
 * go-sisimai's tests (fact/*_test.go), e.g.
 *   npm run bench:bounces -- ~/set-of-emails/maildir/bsd --sisimai-tests ~/go-sisimai/fact
 * `--expected FILE` takes a JSON map instead: { "file.eml": [{ "index": 1, "reason": "userunknown", "hard": true }] }.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDeliveryReport } from '../server/src/lib/bounces/read';
import type { BounceReason } from '../server/src/lib/bounces/reasons';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { expected: { type: 'string' }, 'sisimai-tests': { type: 'string' }, wrong: { type: 'boolean', default: false } },
});
const dir = positionals[0];
if (!dir || (!args.expected && !args['sisimai-tests'])) {
  console.error('usage: npm run bench:bounces -- DIR (--expected FILE | --sisimai-tests GO_SISIMAI/fact) [--wrong]');
  process.exit(2);
}

interface Expectation {
  index: number;
  reason: string;
}

/** go-sisimai's fact tests: `{"01", 1, "5.1.1", "550", "userunknown", true, ""}` per recipient, under `EngineTest(t, "Postfix", …)`. */
function expectationsFromSisimaiTests(factDir: string): Record<string, Expectation[]> {
  const expected: Record<string, Expectation[]> = {};
  // The corpus names two engines' files otherwise.
  const fileNames: Record<string, string> = { interscanmss: 'trendmicro', mailmarshalsmtp: 'mailmarshal' };
  for (const file of fs.readdirSync(factDir).filter((f) => f.endsWith('_test.go'))) {
    const source = fs.readFileSync(path.join(factDir, file), 'utf8');
    const kind = /func Test(Lhost|Rhost)?\w+\(/.exec(source)?.[1];
    const prefix = kind === 'Lhost' ? 'lhost-' : kind === 'Rhost' ? 'rhost-' : '';
    const blocks = source.matchAll(
      /publiclist\s*:=\s*\[\]\[\]IsExpected\{([\s\S]*?)\n\s*\};?\s*EngineTest\(t,\s*"([^"]+)",\s*publiclist,\s*true\)/g,
    );
    for (const [, body, engineName] of blocks) {
      const engine = engineName!.toLowerCase();
      for (const e of body!.matchAll(/\{"(\w+)",\s*(\d+),\s*"[^"]*",\s*"[^"]*",\s*"([^"]*)",\s*(?:true|false),\s*"[^"]*"\}/g)) {
        (expected[`${prefix}${fileNames[engine] ?? engine}-${e[1]}.eml`] ??= []).push({ index: Number(e[2]), reason: e[3]! });
      }
    }
  }
  return expected;
}

/** Our reasons in Sisimai's words. */
const SISIMAI: Record<BounceReason, string> = {
  'user-unknown': 'userunknown',
  'host-unknown': 'hostunknown',
  'has-moved': 'hasmoved',
  'no-mail-host': 'notaccept',
  'mailbox-full': 'mailboxfull',
  disabled: 'suspend',
  expired: 'expired',
  'rate-limited': 'speeding',
  'too-many-connections': 'toomanyconn',
  'message-too-big': 'mesgtoobig',
  'exceeds-limit': 'exceedlimit',
  'network-error': 'networkerror',
  'system-error': 'systemerror',
  'system-full': 'systemfull',
  'mailer-error': 'mailererror',
  filtered: 'filtered',
  suppressed: 'suppressed',
  'on-hold': 'onhold',
  undetermined: 'undefined',
  blocked: 'blocked',
  'policy-violation': 'policyviolation',
  'spam-detected': 'spamdetected',
  'virus-detected': 'virusdetected',
  'content-error': 'contenterror',
  'auth-failure': 'authfailure',
  'bad-reputation': 'badreputation',
  'no-relaying': 'norelaying',
  'require-ptr': 'requireptr',
  'sender-rejected': 'rejected',
  'security-error': 'securityerror',
  'not-rfc-compliant': 'notcompliantrfc',
  'syntax-error': 'syntaxerror',
  'starttls-failed': 'failedstarttls',
  vacation: 'vacation',
  delivered: 'delivered',
};
const REVERSE = Object.fromEntries(Object.entries(SISIMAI).map(([ours, theirs]) => [theirs, ours as BounceReason]));

/** What a reason does to the address, in Sisimai's words as in ours: the reference's effect. */
const GONE = new Set(['userunknown', 'hostunknown', 'hasmoved', 'notaccept']);
const referenceEffect = (reason: string) => {
  if (reason === 'feedback' || reason === 'vacation' || reason === 'delivered') return 'nothing';
  if (GONE.has(reason)) return 'suppressed';
  const ours = REVERSE[reason];
  return ours &&
    [
      'blocked',
      'policy-violation',
      'spam-detected',
      'virus-detected',
      'content-error',
      'auth-failure',
      'bad-reputation',
      'no-relaying',
      'require-ptr',
      'sender-rejected',
      'security-error',
      'not-rfc-compliant',
      'syntax-error',
      'starttls-failed',
    ].includes(ours)
    ? 'refusal'
    : 'counted';
};

const expected: Record<string, Expectation[]> = args.expected
  ? (JSON.parse(fs.readFileSync(args.expected, 'utf8')) as Record<string, Expectation[]>)
  : expectationsFromSisimaiTests(args['sisimai-tests']!);

interface Tally {
  files: number;
  right: number;
  sameEffect: number;
  wrongSuppressions: number;
}
const byFamily = new Map<string, Tally>();
const total: Tally = { files: 0, right: 0, sameEffect: 0, wrongSuppressions: 0 };
const wrong: string[] = [];
const started = performance.now();
for (const file of Object.keys(expected).sort()) {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) continue;
  const want = expected[file]!.find((e) => e.index === 1) ?? expected[file]![0]!;
  const report = await readDeliveryReport(fs.readFileSync(full));
  const got =
    report.kind === 'complaint'
      ? 'feedback'
      : report.kind === 'none'
        ? report.why.startsWith('feedback type')
          ? 'feedback'
          : report.reason
            ? SISIMAI[report.reason]
            : 'none'
        : SISIMAI[report.reason];
  const effect =
    report.kind === 'bounce'
      ? report.effect === 'gone' && report.permanent
        ? 'suppressed'
        : report.effect === 'refusal'
          ? 'refusal'
          : report.effect === 'none'
            ? 'nothing'
            : 'counted'
      : 'nothing';
  const family = file.replace(/-\d+\.eml$/, '');
  const tally = byFamily.get(family) ?? { files: 0, right: 0, sameEffect: 0, wrongSuppressions: 0 };
  byFamily.set(family, tally);
  const isRight = got === want.reason;
  const wrongSuppression = effect === 'suppressed' && !GONE.has(want.reason);
  for (const t of [tally, total]) {
    t.files += 1;
    t.right += isRight ? 1 : 0;
    t.sameEffect += effect === referenceEffect(want.reason) ? 1 : 0;
    t.wrongSuppressions += wrongSuppression ? 1 : 0;
  }
  if (!isRight || wrongSuppression)
    wrong.push(`${file}: expected ${want.reason}, read ${got}${wrongSuppression ? ' (suppressed for good)' : ''}`);
}
const seconds = (performance.now() - started) / 1000;

const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)} %`);
const row = (name: string, t: Tally) =>
  `| ${name} | ${t.files} | ${t.right} (${pct(t.right, t.files)}) | ${pct(t.sameEffect, t.files)} | ${t.wrongSuppressions} |`;
console.log('| sender family | reports | same reason | same effect | wrong permanent suppressions |');
console.log('| --- | --- | --- | --- | --- |');
const families = [...byFamily.entries()].sort((a, b) => b[1].files - a[1].files);
for (const [name, tally] of families) console.log(row(name, tally));
console.log(row('**all**', total));
console.log(
  `\n${total.files} reports read in ${seconds.toFixed(2)} s (${((seconds * 1000) / Math.max(1, total.files)).toFixed(2)} ms each)`,
);
if (args.wrong) console.log(`\n${wrong.join('\n')}`);
