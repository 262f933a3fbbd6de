import { CATALOGUE, type Brand } from '@waitlist/catalogue';
import { CONSOLE_PATHS } from '@waitlist/contract';
import { alert } from './operator-mails';
import type { ComposedMail } from './mails';

const words = CATALOGUE.en.operatorMails;

/** An owner made an API key or changed the single sign-on policy (issue 47 item 4): every other owner is told. */
export function composeCredentialMade(input: {
  to: string;
  siteUrl: string;
  actor: string;
  what: 'api-key' | 'sso-policy';
  detail: string;
  brand?: Brand;
}): ComposedMail {
  const w = words.credentialMade;
  const what = input.what === 'api-key' ? w.apiKey : w.ssoPolicy;
  return alert(input, w, (brand) => ({
    subject: w.subject(brand, what),
    preview: w.preview(input.actor),
    paragraphs: [w.body(input.actor, what, input.detail), w.advice],
    path: CONSOLE_PATHS.audit,
  }));
}
