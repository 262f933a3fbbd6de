import { FRESH_PROOF_MS, type AdminSessionInfo, type OperatorRole } from '@waitlist/contract';
import type { TeamMember } from '../db/stores/operator-accounts';
import type { OperatorInvitation } from '../db/stores/operator-invitations';
import type { OperatorSessionSummary } from '../db/stores/operator-sessions';
import type { BackupStatus } from './backups';
import type { StartedSession } from './sign-in';

/** How the console sees an operator, their sessions and invitations, and the backups: one mapper each, none in a route. */

/** The signed-in operator as `GET /session` answers (and every sign-in). */
export const toSessionInfo = (operator: StartedSession['operator'], expiresAt: number): AdminSessionInfo => ({
  operator: { id: operator.operatorId, email: operator.email, role: operator.role },
  expires_at: new Date(expiresAt).toISOString(),
  fresh_until: new Date(operator.provedAt + FRESH_PROOF_MS).toISOString(),
  two_factor: { totp: operator.totp, passkeys: operator.passkeys },
  enrolment_required: operator.enrolmentRequired,
  sees_addresses: operator.seesAddresses,
});

/** One of the operator's own sessions; `current` is the one asking. */
export const toSessionListItem = (session: OperatorSessionSummary, currentSessionId: string) => ({
  id: session.id,
  started_at: session.startedAt,
  last_used_at: session.lastUsedAt,
  browser: session.userAgent,
  current: session.id === currentSessionId,
});

/** A member of the team as owners see them; `you` is the owner asking. */
export const toTeamMember = (member: TeamMember, yourId: number) => ({
  id: member.id,
  email: member.email,
  role: member.role,
  created_at: member.created_at,
  totp: member.totp,
  passkeys: member.passkeys,
  sees_addresses: member.seesAddresses,
  you: member.id === yourId,
});

export const toOperatorInvitation = (invitation: OperatorInvitation) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  created_at: invitation.createdAt,
  expires_at: invitation.expiresAt,
  sent: invitation.sent,
});

/** A passkey of the operator's own, as their Security page lists it. */
export const toPasskeyItem = (passkey: { id: number; name: string; createdAt: string; lastUsedAt: string | null }) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt,
  last_used_at: passkey.lastUsedAt,
});

/**
 * The console's view of the backups. A failure's details (paths, the tool's own words) are for owners; the others
 * see that a backup failed and when.
 */
export const toAdminBackupStatus = (status: BackupStatus, role: OperatorRole) => ({
  scheduled: status.scheduled,
  every_hours: status.everyHours,
  keep: status.keep,
  latest: status.latest && {
    file: status.latest.file,
    created_at: status.latest.created_at,
    signups: status.latest.signups,
    bytes: status.latest.bytes,
  },
  last_failure: status.lastFailure && {
    at: status.lastFailure.at,
    error: role === 'owner' ? status.lastFailure.error : 'The backup failed; an owner sees why here and in the server log.',
  },
});
