import type { AdminSso, AdminSsoUpdate, OperatorRole, SsoRefusal } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import type { SsoOperator } from '../db/stores/sso';
import { newAttempt, OidcRefusal, type OidcIdentity, type OidcProvider } from '../io/oidc';
import { randomToken, sha256 } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { tellOtherOwners } from './owner-alerts';
import type { Change, UseCases } from './use-case';

/** A sign-in through the provider has this long to come back, and one that came back this long for its second factor. */
const PROVIDER_MS = 10 * 60 * 1000;
const SECOND_FACTOR_MS = 5 * 60 * 1000;

export type SsoRefusalReason = SsoRefusal;

/** A sign-in through the provider that does not let the person in: why (for the page), and what the trail records. */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    readonly detail: string,
  ) {
    super(`single sign-on refused: ${reason}`);
  }
}

/** Who came back from the provider, and what they still owe: their own second factor (docs/decisions/0037). */
export type SsoOutcome = { operatorId: number; owes: 'nothing' } | { operatorId: number; owes: 'code' | 'passkey'; ticket: string };

export interface SsoDeps {
  stores: Pick<Stores, 'sso' | 'operatorAccounts' | 'operatorInvitations'>;
  useCases: UseCases;
  /** OIDC_ISSUER and its client; null when single sign-on is not configured. */
  provider: OidcProvider | null;
  settings: { issuer: string | undefined; allowedDomains: readonly string[]; defaultRole: OperatorRole };
  now?: () => Date;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * Single sign-on to the console with OpenID Connect (issue 37 item 4; docs/decisions/0037): the way out to the provider
 * and back, who may get in (an operator already, an invited address, or an address of an allowed domain, who joins with
 * the role an owner set for the domain), the owners' policy (everybody through the provider but a break-glass owner).
 * Sessions are started by services/sign-in.ts, as for every other sign-in.
 */
export function createSso({ stores, useCases, provider, settings, now = () => new Date() }: SsoDeps) {
  const refuse = async (reason: SsoRefusalReason, detail: string, operatorId: number | null = null): Promise<never> => {
    await useCases.record({ action: 'session.sign-in', operatorId, outcome: 'failed', detail: `single sign-on: ${detail}`.slice(0, 300) });
    throw new SsoRefused(reason, detail);
  };

  /** Joins `email` to the team with `role` through the provider, linked to `subject` from the first sign-in on. */
  async function join(change: Change, identity: { email: string; subject: string }, role: OperatorRole, target: string) {
    // Nobody knows this password: the operator signs in through the provider (or sets one with a new invitation).
    const added = await stores.operatorAccounts.add(identity.email, await hashPassword(randomToken(32)), role, change.trx);
    await stores.operatorAccounts.setSsoSubject(change.trx, added.id, identity.subject);
    await change.audit({ action: 'operator.join', operatorId: added.id, target, detail: `${role}, through the identity provider` });
    return { id: added.id, email: added.email, role, subject: identity.subject, totp: false, passkeys: 0 };
  }

  /**
   * The operator this identity is, joining them to the team when they may join; refused otherwise (issue 47 items 1, 2).
   * - An operator linked before is matched by the provider's subject only: an address the provider reassigned is not them.
   * - A sign-in started from an invitation's own link (its token proved, `invitationId`) joins with that invitation,
   *   whatever address the provider gives: the link in the invited person's mailbox is the proof.
   * - Otherwise the provider's address is trusted, to link an operator or an invitation or to join by domain, only when
   *   it is verified (`email_verified: true`; a missing claim, as Entra sends, is not) and its domain is allowed: a
   *   tenant's admin can set any address on an account.
   * - An operator an owner removed does not join again by domain until an owner invites them (or adds them) again.
   */
  async function operatorFor(change: Change, identity: OidcIdentity, invitationId: number | null): Promise<SsoOperator> {
    const bySubject = await stores.sso.operatorBySubject(change.trx, identity.subject);
    if (bySubject) return bySubject;
    if (invitationId !== null) {
      const invitation = await stores.operatorInvitations.forMail(change.trx, invitationId);
      if (
        !invitation ||
        invitation.expiresAt <= change.at ||
        !(await stores.operatorInvitations.accept(change.trx, invitation.id, change.at))
      )
        throw new SsoRefused('invitation-over', `invitation:${invitationId} is used, withdrawn or expired`);
      return join(change, { email: invitation.email, subject: identity.subject }, invitation.role, `invitation:${invitation.id}`);
    }
    const { email } = identity;
    if (!email) throw new SsoRefused('unverified-email', 'the provider gave no e-mail address');
    const domain = domainOf(email);
    const allowed = settings.allowedDomains.includes(domain);
    const trusted = identity.emailVerified === true && allowed;
    const untrusted = () =>
      identity.emailVerified === true
        ? `${domain} is not an allowed domain: its addresses are not linked`
        : `the provider did not say ${domain === '' ? 'the address' : `the address at ${domain}`} is verified (email_verified)`;

    const byEmail = await stores.sso.operatorByEmail(change.trx, email);
    if (byEmail) {
      if (byEmail.subject !== null)
        throw new SsoRefused('other-subject', `${byEmail.email} signed in before as another account of the provider`);
      if (!trusted) throw new SsoRefused('link-needed', `operator:${byEmail.id} not linked: ${untrusted()}`);
      await stores.operatorAccounts.setSsoSubject(change.trx, byEmail.id, identity.subject);
      await change.audit({
        action: 'operator.sso-link',
        operatorId: byEmail.id,
        target: `operator:${byEmail.id}`,
        detail: `domain:${domain}`,
      });
      return byEmail;
    }
    const open = await stores.operatorInvitations.openFor(change.trx, email);
    if (open && open.expiresAt > change.at) {
      if (!trusted) throw new SsoRefused('link-needed', `invitation:${open.id} not joined by address: ${untrusted()}`);
      const invited = await stores.operatorInvitations.forMail(change.trx, open.id);
      if (invited && (await stores.operatorInvitations.accept(change.trx, invited.id, change.at)))
        return join(change, { email, subject: identity.subject }, invited.role, `invitation:${invited.id}`);
    }
    if (!allowed) throw new SsoRefused('not-allowed', `${domain} is not an allowed domain, and the address was not invited`);
    if (!trusted) throw new SsoRefused('unverified-email', untrusted());
    if (await stores.sso.wasRemoved(change.trx, { email, subject: identity.subject }))
      throw new SsoRefused('removed', `${domain}: an owner removed this operator; they join again only when invited`);
    const domainRole = (await stores.sso.domainRoles(change.trx)).find((d) => d.domain === domain)?.role;
    return join(change, { email, subject: identity.subject }, domainRole ?? settings.defaultRole, `domain:${domain}`);
  }

  async function view(): Promise<AdminSso> {
    const policy = await stores.sso.policy();
    return {
      configured: provider !== null,
      issuer: settings.issuer ?? null,
      allowed_domains: [...settings.allowedDomains],
      default_role: settings.defaultRole,
      required: policy.required,
      break_glass_operator_id: policy.breakGlassOperatorId,
      domain_roles: await stores.sso.domainRoles(),
    };
  }

  /** The attempt a handle names, taken out so it answers once; undefined when unknown or past its time. */
  async function takeAttempt(handle: string, purpose: 'provider' | 'second-factor') {
    const attempt = await useCases.run(({ trx }) => stores.sso.takeAttempt(trx, sha256(handle), purpose));
    return attempt && attempt.expiresAt > now().toISOString() ? attempt : undefined;
  }

  return {
    configured: provider !== null,
    view,

    /**
     * A sign-in on its way: the provider's address, and the handle the browser keeps in a cookie until it comes back.
     * `invitationToken`: started from an invitation's link, which must still be open; the person joins with it.
     */
    async start(invitationToken?: string): Promise<{ url: URL; handle: string }> {
      if (!provider) throw new SsoRefused('not-configured', 'OIDC_ISSUER is not set');
      let invitationId: number | null = null;
      if (invitationToken !== undefined) {
        const invitation = await useCases.run((change) =>
          stores.operatorInvitations.byToken(change.trx, sha256(invitationToken), change.at),
        );
        if (!invitation) throw new SsoRefused('invitation-over', 'the invitation link is used, withdrawn or expired');
        invitationId = invitation.id;
      }
      const attempt = newAttempt();
      const handle = randomToken(32);
      const at = now();
      // The provider's discovery document is read at the first sign-in: a provider that is down says so, to the person.
      const url = await provider.authorizationUrl(attempt).catch((error: unknown) => {
        throw new SsoRefused('unreachable', error instanceof Error ? error.message.slice(0, 200) : 'the provider did not answer');
      });
      await useCases.run(({ trx }) =>
        stores.sso.createAttempt(
          trx,
          sha256(handle),
          { purpose: 'provider', ...attempt, operatorId: null, invitationId },
          at.toISOString(),
          new Date(at.getTime() + PROVIDER_MS).toISOString(),
        ),
      );
      return { url, handle };
    },

    /** The provider's answer at the callback, with the browser's handle: who it is, and what they still owe. */
    async finish(callback: URL, handle: string | undefined): Promise<SsoOutcome> {
      if (!provider) throw new SsoRefused('not-configured', 'OIDC_ISSUER is not set');
      const attempt = handle ? await takeAttempt(handle, 'provider') : undefined;
      if (!attempt?.state || !attempt.nonce || !attempt.codeVerifier)
        return refuse('expired', 'no sign-in of this browser on its way (or over 10 minutes old)');
      let identity: OidcIdentity;
      try {
        identity = await provider.finish(callback, { state: attempt.state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier });
      } catch (error) {
        if (error instanceof OidcRefusal) return refuse('provider', error.why);
        return refuse('unreachable', error instanceof Error ? error.message.slice(0, 200) : 'the provider did not answer');
      }
      let operator: SsoOperator;
      try {
        operator = await useCases.run((change) => operatorFor(change, identity, attempt.invitationId ?? null));
      } catch (error) {
        if (error instanceof SsoRefused) return refuse(error.reason, error.detail);
        throw error;
      }
      // Their own second factor after the provider: a ticket (5 minutes, once) that the code or the passkey completes.
      if (operator.totp || operator.passkeys > 0) {
        const ticket = randomToken(32);
        const at = now();
        await useCases.run(({ trx }) =>
          stores.sso.createAttempt(
            trx,
            sha256(ticket),
            { purpose: 'second-factor', state: null, nonce: null, codeVerifier: null, operatorId: operator.id },
            at.toISOString(),
            new Date(at.getTime() + SECOND_FACTOR_MS).toISOString(),
          ),
        );
        return { operatorId: operator.id, owes: operator.totp ? 'code' : 'passkey', ticket };
      }
      return { operatorId: operator.id, owes: 'nothing' };
    },

    /** The operator whose provider sign-in waits for their code (the ticket works once, for 5 minutes). */
    async takeSecondFactorTicket(ticket: string | undefined): Promise<number | undefined> {
      if (!ticket) return undefined;
      const attempt = await takeAttempt(ticket, 'second-factor');
      return attempt?.operatorId ?? undefined;
    },

    /** Whether `operatorId` must sign in through the provider (owners required it, and they are not the break-glass owner). */
    async passwordRefused(operatorId: number): Promise<boolean> {
      if (!provider) return false;
      const policy = await stores.sso.policy();
      return policy.required && policy.breakGlassOperatorId !== operatorId;
    },

    /** An owner sets the roles of domains and whether everybody but the break-glass owner signs in through the provider. */
    async update(actor: { operatorId: number }, input: Omit<AdminSsoUpdate, 'password' | 'totp' | 'recovery_code'>): Promise<AdminSso> {
      await useCases.run(async (change) => {
        if (input.required) {
          const owner =
            input.break_glass_operator_id === null
              ? undefined
              : await stores.operatorAccounts.find(change.trx, input.break_glass_operator_id);
          if (!provider || owner?.role !== 'owner') {
            throw new SsoRefused(
              'not-configured',
              provider ? 'choose an owner who keeps signing in with a password' : 'OIDC_ISSUER is not set',
            );
          }
        }
        await stores.sso.setPolicy(
          change.trx,
          { required: input.required, breakGlassOperatorId: input.break_glass_operator_id },
          change.at,
        );
        await stores.sso.setDomainRoles(change.trx, input.domain_roles, change.at);
        const detail = `${input.required ? `required, break-glass operator:${input.break_glass_operator_id}` : 'optional'}; ${
          input.domain_roles.map((d) => `${d.domain} ${d.role}`).join(', ') || 'no domain roles'
        }`.slice(0, 300);
        await change.audit({ action: 'sso.policy', operatorId: actor.operatorId, target: 'sso', detail });
        await tellOtherOwners(change, stores.operatorAccounts, actor.operatorId, 'sso-policy', detail);
      });
      return view();
    },

    prune: () => stores.sso.pruneAttempts(now().toISOString()),
  };
}

export type Sso = ReturnType<typeof createSso>;
