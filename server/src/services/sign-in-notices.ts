import { MAIL_TOPICS } from './signup-events';
import type { Change } from './use-case';

/** What changed in how an operator signs in; each is mailed to them (delivery/operator-mails.ts: composeSignInChanged). */
export const SIGN_IN_CHANGES = [
  'passkey-added',
  'passkey-removed',
  'authenticator-on',
  'authenticator-off',
  'recovery-codes',
  'password',
] as const;
export type SignInChange = (typeof SIGN_IN_CHANGES)[number];

/**
 * Queues, in the change's own transaction, the mail that tells the operator how their sign-in changed, with the
 * owners to reach if it was not them (issue 34 item 3): someone with a stolen session learns nothing from it, but the
 * operator learns at once.
 */
export async function noticeOfSignInChange(change: Change, operatorId: number, what: SignInChange): Promise<void> {
  await change.mail([{ signupId: null, topic: MAIL_TOPICS.operatorSignInChanged, payload: { operatorId, what }, at: change.at }]);
}
