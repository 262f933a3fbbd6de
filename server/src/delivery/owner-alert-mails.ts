import { CONSOLE_PATHS } from '@waitlist/contract';
import { alert, operatorMailWords, type OperatorMailTo } from './operator-mails';
import type { ComposedMail } from './mails';

/** An owner made an API key or changed the single sign-on policy (issue 47 item 4): every other owner is told. */
export function composeCredentialMade(
  input: OperatorMailTo & { actor: string; what: 'api-key' | 'sso-policy'; detail: string },
): ComposedMail {
  const w = operatorMailWords(input.lang).credentialMade;
  const what = input.what === 'api-key' ? w.apiKey : w.ssoPolicy;
  return alert(input, w, (brand) => ({
    subject: w.subject(brand, what),
    preview: w.preview(input.actor),
    paragraphs: [w.body(input.actor, what, input.detail), w.advice],
    path: CONSOLE_PATHS.audit,
  }));
}
