import fs from 'node:fs';
import path from 'node:path';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  MESSAGES,
  OPTION_LABELS,
  OTHER_OUTCOME,
  ROLE_OPTIONS,
  localizedPath,
} from '@waitlist/contract';
import type { SignupRow } from '../../db/stores/signups';
import { cameFrom as cameFromOf } from '../../services/signup-views';
import type { TokenProblem } from '../../lib/tokens';
import type { SelfServiceCopy } from './copy';

/**
 * HTML of the pages a person reaches from our mail, in the site's look (its stylesheet, its classes), working
 * with no script: every action is a plain form POST. Interim: these move to React pages rendered by the web's
 * request-time renderer when it lands.
 */

const esc = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The built site's stylesheet, read from its index.html once (null when there is no built site). */
export function findSiteStylesheet(webDistDir: string): string | null {
  try {
    const html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    return /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(html)?.[1] ?? /<link[^>]+href="([^"]+\.css)"/.exec(html)?.[1] ?? null;
  } catch {
    return null;
  }
}

export interface PageFrame {
  copy: SelfServiceCopy;
  stylesheet: string | null;
}

/** A path of the site in the page's language: `/manage/erase` → `/sv/manage/erase`. */
const at = (frame: PageFrame, path: string) => localizedPath(frame.copy.lang, path);

function page(frame: PageFrame, title: string, body: string): string {
  const { copy } = frame;
  return `<!DOCTYPE html>
<html lang="${esc(copy.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(title)} · ${esc(copy.brand)}</title>
${frame.stylesheet ? `<link rel="stylesheet" href="${esc(frame.stylesheet)}">` : ''}
</head>
<body>
<header class="site-header"><div class="container header-inner"><a class="logo" href="${at(frame, '/')}">${esc(copy.brand)}</a></div></header>
<main id="main"><article class="section prose-page"><div class="container narrow">
${body}
</div></article></main>
</body>
</html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;

export function messagePage(frame: PageFrame, title: string, text: string, extra = ''): string {
  return page(
    frame,
    title,
    `<h1>${esc(title)}</h1>\n<p class="lead">${esc(text)}</p>\n${extra}<p><a href="${at(frame, '/')}">${esc(frame.copy.home)}</a></p>`,
  );
}

export function problemPage(frame: PageFrame, problem: TokenProblem): string {
  const p = frame.copy.problems[problem];
  return messagePage(
    frame,
    p.title,
    p.text,
    `<p>${esc(frame.copy.newLinkHint)} <a href="${at(frame, '/privacy#your-data-link')}">${esc(frame.copy.privacyLink)}</a></p>\n`,
  );
}

export function confirmPage(frame: PageFrame, token: string): string {
  const c = frame.copy.confirm;
  return page(
    frame,
    c.title,
    `<h1>${esc(c.title)}</h1>
<p class="lead">${esc(c.lead)}</p>
<form method="post" action="${at(frame, '/confirm')}">${hidden('token', token)}
<button type="submit" class="btn btn-primary btn-lg">${esc(c.button)}</button>
</form>`,
  );
}

export function unsubscribePage(frame: PageFrame, token: string): string {
  const c = frame.copy.unsubscribe;
  return page(
    frame,
    c.title,
    `<h1>${esc(c.title)}</h1>
<p class="lead">${esc(c.lead)}</p>
<form method="post" action="${at(frame, '/unsubscribe')}?token=${encodeURIComponent(token)}">${hidden('List-Unsubscribe', 'One-Click')}
<button type="submit" class="btn btn-primary btn-lg">${esc(c.button)}</button>
</form>`,
  );
}

/** Options in the spec's order with their labels in the page's language (values stay the spec's). */
const inOrder = <T extends string>(options: readonly T[], labels: Record<T, string>): Record<string, string> =>
  Object.fromEntries(options.map((o) => [o, labels[o]]));

const when = (iso: string | null, copy: SelfServiceCopy) =>
  iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : copy.manage.notYet;

export interface ManageState {
  saved?: boolean;
  /** Messages by field name, from the contract's validation. */
  errors?: Record<string, string>;
}

export function managePage(frame: PageFrame, token: string, person: SignupRow, state: ManageState = {}): string {
  const m = frame.copy.manage;
  const f = m.fields;
  const labels = OPTION_LABELS[frame.copy.lang];
  const validation = MESSAGES[frame.copy.lang].validation;
  // Stored values are the spec's English codes; the page shows what they mean in its language.
  const label = (meanings: Record<string, string>, value: string) => meanings[value] ?? value;
  const cameFrom = Object.entries(cameFromOf(person)).map(([field, value]) => `${label(m.attributionFields, field)}: ${value}`);
  const rows: [string, string][] = [
    [f.email, person.email],
    [f.role, label(labels.role, person.role)],
    [f.companySize, label(labels.companySize, person.company_size)],
    [f.outcomes, person.desired_outcomes.map((o) => label(labels.desiredOutcome, o)).join(', ')],
    [f.otherOutcome, person.other_outcome ?? m.none],
    [f.signedUp, when(person.created_at, frame.copy)],
    [f.consent, when(person.consented_at, frame.copy)],
    [f.policyVersion, person.privacy_policy_version],
    [f.confirmed, when(person.confirmed_at, frame.copy)],
    [f.optOut, person.marketing_opt_out_at ? when(person.marketing_opt_out_at, frame.copy) : m.notYet],
    [f.language, label(m.languageNames, person.locale)],
    [f.company, person.company_domain ?? m.none],
    [f.cameFrom, cameFrom.length === 0 ? m.none : cameFrom.join('; ')],
    [f.followUp, label(m.followUpStatuses, person.status)],
  ];
  // The contract's messages are chosen by field, in the page's language.
  const byColumn: Record<string, string> = {
    role: validation.role,
    company_size: validation.companySize,
    desired_outcomes: validation.desiredOutcomes,
    other_outcome: validation.otherOutcome,
  };
  const errors = Object.fromEntries(Object.entries(state.errors ?? {}).map(([column, message]) => [column, byColumn[column] ?? message]));
  const error = (field: string) => (errors[field] ? `<p class="field-error" id="${field}-error">${esc(errors[field]!)}</p>` : '');
  const invalid = (field: string) => (errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const select = (name: string, label: string, options: Record<string, string>, current: string) =>
    `<div class="field"><label for="${name}">${esc(label)}</label>
<select id="${name}" name="${name}"${invalid(name)}>${Object.entries(options)
      .map(([value, text]) => `<option value="${esc(value)}"${value === current ? ' selected' : ''}>${esc(text)}</option>`)
      .join('')}</select>${error(name)}</div>`;
  const outcomes = `<fieldset class="field"${errors.desired_outcomes ? ' aria-describedby="desired_outcomes-error"' : ''}><legend>${esc(f.outcomes)}</legend>
<div class="checkbox-grid">${DESIRED_OUTCOME_OPTIONS.map(
    (o, i) =>
      `<label class="check" for="outcome-${i}"><input type="checkbox" id="outcome-${i}" name="desired_outcomes" value="${esc(o)}"${person.desired_outcomes.includes(o) ? ' checked' : ''}> <span>${esc(labels.desiredOutcome[o])}</span></label>`,
  ).join('')}</div>${error('desired_outcomes')}</fieldset>
<div class="field"><label for="other_outcome">${esc(f.otherOutcome)} (${esc(labels.desiredOutcome[OTHER_OUTCOME])})</label>
<input type="text" id="other_outcome" name="other_outcome" maxlength="500" value="${esc(person.other_outcome ?? '')}"${invalid('other_outcome')}>${error('other_outcome')}</div>`;

  return page(
    frame,
    m.title,
    `<h1>${esc(m.title)}</h1>
<p class="lead">${esc(m.lead)}</p>
${state.saved ? `<p role="status" class="card">${esc(m.saved)}</p>` : ''}
<section aria-labelledby="stored"><h2 id="stored">${esc(m.storedHeading)}</h2>
<table class="card"><tbody>
${rows.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`).join('\n')}
</tbody></table></section>
<section aria-labelledby="download"><h2 id="download">${esc(m.downloadHeading)}</h2>
<p>${esc(m.downloadText)}</p>
<form method="post" action="${at(frame, '/manage/export')}">${hidden('token', token)}<button type="submit" class="btn btn-secondary">${esc(m.downloadButton)}</button></form></section>
<section aria-labelledby="correct"><h2 id="correct">${esc(m.correctHeading)}</h2>
<form method="post" action="${at(frame, '/manage/correct')}" class="signup-form">${hidden('token', token)}
${select('role', f.role, inOrder(ROLE_OPTIONS, labels.role), person.role)}
${select('company_size', f.companySize, inOrder(COMPANY_SIZE_OPTIONS, labels.companySize), person.company_size)}
${outcomes}
<button type="submit" class="btn btn-primary">${esc(m.correctButton)}</button>
</form></section>
<section aria-labelledby="unsubscribe-heading"><h2 id="unsubscribe-heading">${esc(m.unsubscribeHeading)}</h2>
<p>${esc(m.unsubscribeText)}</p></section>
<section aria-labelledby="erase"><h2 id="erase">${esc(m.eraseHeading)}</h2>
<p>${esc(m.eraseText)}</p>
<form method="post" action="${at(frame, '/manage/erase')}">${hidden('token', token)}
<div class="field"><label class="check" for="erase-confirm"><input type="checkbox" id="erase-confirm" name="confirm" value="yes" required> <span>${esc(m.eraseConfirm)}</span></label></div>
<button type="submit" class="btn btn-secondary">${esc(m.eraseButton)}</button>
</form></section>`,
  );
}
