/** Why a sign-in (or a proof of who one is) was refused; routes/admin/session-routes.ts answers each. */
export type SignInRefusal =
  | { reason: 'busy' }
  | { reason: 'locked'; retryAfterMs: number }
  | { reason: 'bad-credentials' }
  | { reason: 'second-factor-required' }
  | { reason: 'passkey-required' }
  | { reason: 'second-factor-invalid' }
  | { reason: 'second-factor-capped'; retryAfterMs: number }
  | { reason: 'passkey-refused' }
  | { reason: 'proof-required' }
  /** Owners require single sign-on, and this operator is not the break-glass owner (docs/decisions/0037). */
  | { reason: 'sso-required' };

export class SignInRefused extends Error {
  constructor(readonly refusal: SignInRefusal) {
    super(`sign-in refused: ${refusal.reason}`);
  }
}
