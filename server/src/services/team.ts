import type { OperatorRole, SiteLocale } from '@waitlist/contract';
import type { Database, Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import { OperatorExistsError, type Operator } from '../db/stores/operator-accounts';
import type { OperatorInvitation } from '../db/stores/operator-invitations';
import { sha256 } from '../lib/crypto';
import { hashPassword, passwordProblem } from '../lib/passwords';
import { MAIL_TOPICS } from './signup-events';
import type { Change, UseCases } from './use-case';

/**
 * A console for a team (docs/decisions/0022), the team's own use cases: inviting and accepting, roles (never without
 * an owner), removing, resetting another's second factors, each operator's mail settings. Each runs in one change
 * (use-case.ts) with its audit entry; a refusal is recorded too. The command line (`npm run admin`) calls the same
 * functions, so its rules are these rules.
 */

export const INVITATION_HOURS = 48;

/** What an entry adds when an owner's open invitations went with their role. */
const withdrawnNote = (count: number) => (count ? `; ${count} open invitations withdrawn` : '');

/** Who acts: a signed-in operator (routes pass request.operator), or the command line on the server. */
export type TeamActor = { operatorId: number; email: string } | 'cli';

export class TeamRuleError extends Error {
  constructor(
    readonly code:
      'last-owner' | 'not-found' | 'invitation-open' | 'operator-exists' | 'weak-password' | 'bad-link' | 'bad-code' | 'required',
    message: string,
  ) {
    super(message);
  }
}

export interface TeamServiceDeps {
  database: Database;
  stores: Pick<Stores, 'operatorAccounts' | 'operatorCredentials' | 'operatorInvitations' | 'operatorSessions' | 'sso'>;
  useCases: UseCases;
}

export function createTeamService({ database, stores, useCases }: TeamServiceDeps) {
  const operatorOf = (actor: TeamActor) => (actor === 'cli' ? null : actor.operatorId);
  /** The entry of `action` by `actor` (the command line's actions are named `cli.…`). */
  const entry = (actor: TeamActor, action: string, cliAction: string, target: string, detail?: string) => ({
    action: actor === 'cli' ? cliAction : action,
    operatorId: operatorOf(actor),
    target,
    ...(detail ? { detail } : {}),
  });

  /**
   * Runs a use case of the team; a TeamRuleError it throws is recorded as the action's failure (in a transaction of its
   * own: the change rolled back) and goes on to the caller.
   */
  async function attempt<T>(failed: { action: string; operatorId: number | null; target?: string }, work: (change: Change) => Promise<T>) {
    try {
      return await useCases.run(work);
    } catch (error) {
      if (error instanceof TeamRuleError) await useCases.record({ ...failed, outcome: 'failed', detail: error.code });
      throw error;
    }
  }

  /** Nobody else may be left without an owner: refuses when `id` is the last owner and stops being one. */
  async function keepAnOwner(trx: Executor, id: number): Promise<void> {
    const owners = await stores.operatorAccounts.lockOwners(trx);
    if (owners.length === 1 && owners[0] === id)
      throw new TeamRuleError('last-owner', 'The console needs at least one owner: make another operator an owner first');
  }

  async function existing(trx: Executor, id: number): Promise<Operator> {
    const operator = await stores.operatorAccounts.find(trx, id);
    if (!operator) throw new TeamRuleError('not-found', 'No operator with this id');
    return operator;
  }

  return {
    /** An owner invites an address with a role: a mail with a single-use link (48 h) goes out through the outbox. */
    async invite(actor: { operatorId: number; email: string }, email: string, role: OperatorRole): Promise<OperatorInvitation> {
      return attempt({ action: 'operator.invite', operatorId: actor.operatorId, target: email }, async (change) => {
        const { trx } = change;
        const at = new Date(change.at);
        if ((await stores.operatorAccounts.idByEmail(trx, email)) !== undefined) {
          throw new TeamRuleError('operator-exists', 'This address is an operator already');
        }
        // An expired invitation to the same address gives way to the new one.
        const open = await stores.operatorInvitations.openFor(trx, email);
        if (open && open.expiresAt > change.at) {
          throw new TeamRuleError('invitation-open', 'An invitation to this address is open already; withdraw it to send another');
        }
        if (open) await stores.operatorInvitations.withdraw(trx, open.id, change.at);
        // Invited again after a removal: the address may join again (issue 47 item 2).
        await stores.sso.forgetRemoval(trx, email);
        const invitation = await stores.operatorInvitations.create(trx, {
          email,
          role,
          invitedBy: actor.operatorId,
          at: change.at,
          expiresAt: new Date(at.getTime() + INVITATION_HOURS * 60 * 60 * 1000).toISOString(),
        });
        await change.mail([
          {
            signupId: null,
            topic: MAIL_TOPICS.operatorInvitation,
            payload: { invitationId: invitation.id, inviterId: actor.operatorId },
            at: change.at,
          },
        ]);
        await change.audit({
          action: 'operator.invite',
          operatorId: actor.operatorId,
          target: `invitation:${invitation.id} ${email}`,
          detail: role,
        });
        return invitation;
      });
    },

    async withdrawInvitation(actor: { operatorId: number }, id: number): Promise<void> {
      await attempt(
        { action: 'operator.invitation-withdraw', operatorId: actor.operatorId, target: `invitation:${id}` },
        async (change) => {
          const withdrawn = await stores.operatorInvitations.withdraw(change.trx, id, change.at);
          if (!withdrawn) throw new TeamRuleError('not-found', 'No open invitation with this id');
          await change.audit({
            action: 'operator.invitation-withdraw',
            operatorId: actor.operatorId,
            target: `invitation:${id} ${withdrawn.email}`,
          });
        },
      );
    },

    /** The invited person chooses a password: they become an operator with the invitation's role (the link works once). */
    async acceptInvitation(token: string, password: string): Promise<{ operatorId: number; email: string; role: OperatorRole }> {
      const problem = passwordProblem(password);
      if (problem) throw new TeamRuleError('weak-password', problem);
      const badLink = () => new TeamRuleError('bad-link', 'This invitation link is used, withdrawn or expired: ask an owner for a new one');
      // The link first: a password hash (the server's dearest work) is spent only for a link that can still be used.
      if (!(await stores.operatorInvitations.byToken(database.db, sha256(token), new Date().toISOString()))) throw badLink();
      const passwordHash = await hashPassword(password);
      return useCases.run(async (change) => {
        const invitation = await stores.operatorInvitations.byToken(change.trx, sha256(token), change.at);
        if (!invitation || !(await stores.operatorInvitations.accept(change.trx, invitation.id, change.at))) {
          throw badLink();
        }
        const operator = await stores.operatorAccounts.add(invitation.email, passwordHash, invitation.role, change.trx);
        await change.audit({
          action: 'operator.join',
          operatorId: operator.id,
          target: `invitation:${invitation.id}`,
          detail: invitation.role,
        });
        return { operatorId: operator.id, email: operator.email, role: operator.role };
      });
    },

    /** An operator added on the server's command line (the first owner, a lost password): no invitation, no mail. */
    async add(actor: 'cli', email: string, password: string, role: OperatorRole): Promise<Operator> {
      const problem = passwordProblem(password);
      if (problem) throw new TeamRuleError('weak-password', problem);
      const passwordHash = await hashPassword(password);
      return attempt({ action: 'cli.operator-add', operatorId: null, target: email }, async (change) => {
        const operator = await stores.operatorAccounts.add(email, passwordHash, role, change.trx).catch((error: unknown) => {
          if (error instanceof OperatorExistsError)
            throw new TeamRuleError('operator-exists', `An operator ${email} already exists. Remove it first to set a new password.`);
          throw error;
        });
        await stores.sso.forgetRemoval(change.trx, operator.email);
        await change.audit(entry(actor, 'operator.add', 'cli.operator-add', `operator:${operator.id} ${operator.email}`, operator.role));
        return operator;
      });
    },

    /** An owner lets a viewer see whole addresses, or masks them again (owners and members always see them). */
    async letSeeAddresses(actor: { operatorId: number }, id: number, sees: boolean): Promise<void> {
      await attempt({ action: 'operator.addresses', operatorId: actor.operatorId, target: `operator:${id}` }, async (change) => {
        const operator = await existing(change.trx, id);
        await stores.operatorAccounts.setSeesAddresses(change.trx, id, sees);
        await change.audit({
          action: 'operator.addresses',
          operatorId: actor.operatorId,
          target: `operator:${id} ${operator.email}`,
          detail: sees ? 'whole addresses' : 'masked addresses',
        });
      });
    },

    /** An owner changes a role: the operator's sessions end (they sign in again into what they may now do). */
    async changeRole(actor: { operatorId: number }, id: number, role: OperatorRole): Promise<void> {
      await attempt({ action: 'operator.role', operatorId: actor.operatorId, target: `operator:${id}` }, async (change) => {
        const operator = await existing(change.trx, id);
        if (operator.role === role) return;
        if (operator.role === 'owner') await keepAnOwner(change.trx, id);
        // An owner's open invitations were theirs to give: someone no longer an owner leaves none behind.
        const withdrawn = operator.role === 'owner' ? await stores.operatorInvitations.withdrawAllFrom(change.trx, id, change.at) : 0;
        await stores.operatorAccounts.setRole(change.trx, id, role);
        if (id !== actor.operatorId) await stores.operatorSessions.endAll(change.trx, id);
        await change.audit({
          action: 'operator.role',
          operatorId: actor.operatorId,
          target: `operator:${id} ${operator.email}`,
          detail: `${operator.role} → ${role}${withdrawnNote(withdrawn)}`,
        });
      });
    },

    /**
     * An owner (or the command line) removes an operator: their sessions, passkeys and codes go with them at once, and
     * single sign-on does not let them join again until an owner invites them again.
     */
    async remove(actor: TeamActor, id: number): Promise<Operator> {
      return attempt(entry(actor, 'operator.remove', 'cli.operator-remove', `operator:${id}`), async (change) => {
        const operator = await existing(change.trx, id);
        if (operator.role === 'owner') await keepAnOwner(change.trx, id);
        const withdrawn = await stores.operatorInvitations.withdrawAllFrom(change.trx, id, change.at);
        const detail = `${operator.role}${withdrawnNote(withdrawn)}`;
        await change.audit(entry(actor, 'operator.remove', 'cli.operator-remove', `operator:${id} ${operator.email}`, detail));
        // Removed stays removed: neither their address nor their provider account joins again by domain (issue 47 item 2).
        const linked = await stores.sso.operatorByEmail(change.trx, operator.email);
        await stores.sso.recordRemoval(change.trx, { email: operator.email, subject: linked?.subject ?? null }, change.at);
        await stores.operatorAccounts.removeById(change.trx, id);
        return operator;
      });
    },

    /** An owner (or the command line) resets another's second factors (lost phone): TOTP, recovery codes, passkeys; their sessions end. */
    async resetSecondFactor(actor: TeamActor, id: number): Promise<void> {
      await attempt(entry(actor, 'operator.two-factor-reset', 'cli.two-factor-reset', `operator:${id}`), async (change) => {
        const operator = await existing(change.trx, id);
        await stores.operatorAccounts.clearTotp(change.trx, id);
        await stores.operatorCredentials.clearRecoveryCodes(change.trx, id);
        await stores.operatorCredentials.removeAllPasskeys(change.trx, id);
        await stores.operatorSessions.endAll(change.trx, id);
        await change.audit(entry(actor, 'operator.two-factor-reset', 'cli.two-factor-reset', `operator:${id} ${operator.email}`));
      });
    },

    /** An operator's own mail settings: a mail on each confirmation, the daily digest. */
    async setOwnMailSettings(actor: { operatorId: number }, settings: { notify_on_confirm: boolean; notify_digest: boolean }) {
      await useCases.run(async (change) => {
        await stores.operatorAccounts.setPreferences(actor.operatorId, settings, change.trx);
        await change.audit({ action: 'settings.own-mail', operatorId: actor.operatorId });
      });
    },

    /** The console's language an operator chose for themselves (null: their browser's). */
    async setOwnLanguage(actor: { operatorId: number }, locale: SiteLocale | null) {
      await useCases.run(async (change) => {
        await stores.operatorAccounts.setPreferences(actor.operatorId, { locale }, change.trx);
        await change.audit({ action: 'settings.own-language', operatorId: actor.operatorId, target: `locale:${locale ?? 'browser'}` });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
