import type { OperatorRole } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';

export interface SsoPolicy {
  required: boolean;
  breakGlassOperatorId: number | null;
}

export interface SsoAttempt {
  purpose: 'provider' | 'second-factor';
  state: string | null;
  nonce: string | null;
  codeVerifier: string | null;
  operatorId: number | null;
  /** Started from this invitation's link (its token proved): joins with it. */
  invitationId?: number | null;
}

/** The operator a provider's sign-in may be, by subject or address, with what their second factor is. */
export interface SsoOperator {
  id: number;
  email: string;
  role: OperatorRole;
  subject: string | null;
  totp: boolean;
  passkeys: number;
}

/** Single sign-on's rows (migration 22): the policy, the roles of domains, sign-ins on their way, operators' subjects. */
export function createSsoStore(database: Database) {
  const { db } = database;

  async function operatorWhere(executor: Executor, column: 'sso_subject' | 'email', value: string): Promise<SsoOperator | undefined> {
    const row = await executor
      .selectFrom('operators as o')
      .select((eb) => [
        'o.id',
        'o.email',
        'o.role',
        'o.sso_subject',
        'o.totp_secret',
        eb
          .selectFrom('operator_passkeys as p')
          .whereRef('p.operator_id', '=', 'o.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('passkeys'),
      ])
      .where(`o.${column}`, '=', value)
      .executeTakeFirst();
    return (
      row && {
        id: Number(row.id),
        email: row.email,
        role: row.role,
        subject: row.sso_subject,
        totp: row.totp_secret !== null,
        passkeys: Number(row.passkeys ?? 0),
      }
    );
  }

  return {
    async policy(executor: Executor = db): Promise<SsoPolicy> {
      const row = await executor
        .selectFrom('sso_policy')
        .select(['required', 'break_glass_operator_id'])
        .where('id', '=', 1)
        .executeTakeFirst();
      return {
        required: Number(row?.required ?? 0) === 1,
        breakGlassOperatorId: row?.break_glass_operator_id == null ? null : Number(row.break_glass_operator_id),
      };
    },

    async setPolicy(trx: Executor, policy: SsoPolicy, at: string): Promise<void> {
      const values = { required: policy.required ? 1 : 0, break_glass_operator_id: policy.breakGlassOperatorId, updated_at: at };
      await trx
        .insertInto('sso_policy')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    async domainRoles(executor: Executor = db): Promise<{ domain: string; role: OperatorRole }[]> {
      const rows = await executor.selectFrom('sso_domain_roles').select(['domain', 'role']).orderBy('domain').execute();
      return rows.map((row) => ({ domain: row.domain, role: row.role as OperatorRole }));
    },

    /** Replaces every domain's role with these. */
    async setDomainRoles(trx: Executor, roles: readonly { domain: string; role: OperatorRole }[], at: string): Promise<void> {
      await trx.deleteFrom('sso_domain_roles').execute();
      if (roles.length > 0)
        await trx
          .insertInto('sso_domain_roles')
          .values(roles.map((r) => ({ ...r, updated_at: at })))
          .execute();
    },

    async createAttempt(trx: Executor, keyHash: string, attempt: SsoAttempt, at: string, expiresAt: string): Promise<void> {
      await trx
        .insertInto('sso_attempts')
        .values({
          key_hash: keyHash,
          purpose: attempt.purpose,
          state: attempt.state,
          nonce: attempt.nonce,
          code_verifier: attempt.codeVerifier,
          operator_id: attempt.operatorId,
          invitation_id: attempt.invitationId ?? null,
          created_at: at,
          expires_at: expiresAt,
        })
        .execute();
    },

    /** The attempt of this hash and purpose, whatever its age: taken (deleted), so it is used once. */
    async takeAttempt(
      trx: Executor,
      keyHash: string,
      purpose: SsoAttempt['purpose'],
    ): Promise<(SsoAttempt & { expiresAt: string }) | undefined> {
      const row = await trx
        .deleteFrom('sso_attempts')
        .where('key_hash', '=', keyHash)
        .where('purpose', '=', purpose)
        .returning(['state', 'nonce', 'code_verifier', 'operator_id', 'invitation_id', 'expires_at'])
        .executeTakeFirst();
      return (
        row && {
          purpose,
          state: row.state,
          nonce: row.nonce,
          codeVerifier: row.code_verifier,
          operatorId: row.operator_id === null ? null : Number(row.operator_id),
          invitationId: row.invitation_id === null ? null : Number(row.invitation_id),
          expiresAt: database.decodeTimestamp(row.expires_at),
        }
      );
    },

    async pruneAttempts(now: string): Promise<void> {
      await db.deleteFrom('sso_attempts').where('expires_at', '<', now).execute();
    },

    operatorBySubject: (executor: Executor, subject: string) => operatorWhere(executor, 'sso_subject', subject),
    operatorByEmail: (executor: Executor, email: string) => operatorWhere(executor, 'email', email),

    /** An owner removed this operator: their address and subject do not join through the provider again (migration 26). */
    async recordRemoval(trx: Executor, removed: { email: string; subject: string | null }, at: string): Promise<void> {
      const values = { sso_subject: removed.subject, removed_at: at };
      await trx
        .insertInto('operator_removals')
        .values({ email: removed.email, ...values })
        .onConflict((oc) => oc.column('email').doUpdateSet(values))
        .execute();
    },

    /** Whether this address, or this subject, belongs to an operator an owner removed and has not invited again. */
    async wasRemoved(executor: Executor, identity: { email: string; subject: string }): Promise<boolean> {
      const row = await executor
        .selectFrom('operator_removals')
        .select('email')
        .where((eb) => eb.or([eb('email', '=', identity.email), eb('sso_subject', '=', identity.subject)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An owner invites (or the command line adds) this address again: it may join again. */
    async forgetRemoval(trx: Executor, email: string): Promise<void> {
      await trx.deleteFrom('operator_removals').where('email', '=', email).execute();
    },
  };
}

export type SsoStore = ReturnType<typeof createSsoStore>;
