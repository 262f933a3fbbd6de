import type { Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import type { OperatorSessionRow, OperatorSessionSummary } from '../db/stores/operator-sessions';
import { randomToken, sha256 } from '../lib/crypto';
import { expiryFrom, pastMaximum, sessionAt, type SessionLifetime } from '../lib/session-expiry';
import type { UseCases } from './use-case';

/** A live session as every guarded request sees it (routes/admin/guards.ts): the stored row, its rules applied. */
export type ResolvedSession = Omit<OperatorSessionRow, 'startedAt' | 'lastSeenAt' | 'provedAt' | 'addressesGranted'> & {
  /** When the operator last proved who they are in this session (the sign-in, or a proof since). */
  provedAt: number;
  /** A viewer sees addresses masked unless an owner let them see them whole. */
  seesAddresses: boolean;
};

/**
 * Console sessions: a random token in the cookie, only its SHA-256 stored (db/stores/operator-sessions.ts), living as
 * lib/session-expiry.ts says. Resolving one is a use case of its own when it writes: an ended session is deleted, a
 * used one has its expiry moved forward (at most once a minute).
 */
export function createOperatorSessionService({
  stores,
  useCases,
  lifetime,
}: {
  stores: Pick<Stores, 'operatorSessions'>;
  useCases: UseCases;
  lifetime: SessionLifetime;
}) {
  const sessions = stores.operatorSessions;
  return {
    lifetime,

    /** A new random token for a sign-in (never a fixed one), in the sign-in's change. */
    async open(
      trx: Executor,
      operatorId: number,
      userAgent: string | undefined,
      now = Date.now(),
    ): Promise<{ token: string; expiresAt: number }> {
      const token = randomToken();
      const expiresAt = expiryFrom(lifetime, now, now);
      await sessions.create(trx, { tokenHash: sha256(token), operatorId, userAgent, at: now, expiresAt });
      return { token, expiresAt };
    },

    /** The session's operator, its idle expiry slid forward (never past the absolute one); undefined when it ended. */
    async resolve(token: string, now = Date.now()): Promise<ResolvedSession | undefined> {
      const tokenHash = sha256(token);
      const row = await sessions.find(tokenHash);
      if (!row) return undefined;
      const state = sessionAt(lifetime, row, now);
      if (state.ended) {
        await useCases.run(({ trx }) => sessions.end(trx, tokenHash));
        return undefined;
      }
      if (state.touch) await useCases.run(({ trx }) => sessions.touch(trx, tokenHash, now, state.expiresAt));
      const { startedAt, lastSeenAt: _lastSeen, provedAt, addressesGranted, ...session } = row;
      return {
        ...session,
        expiresAt: state.expiresAt,
        provedAt: provedAt ?? startedAt,
        seesAddresses: row.role !== 'viewer' || addressesGranted,
      };
    },

    /** Ends the session of this token (a sign-out, or the one a new sign-in replaces), in `trx`. */
    end: (trx: Executor, token: string) => sessions.end(trx, sha256(token)),

    /** An operator's live sessions, the most recently used first. */
    async listFor(operatorId: number, now = Date.now()): Promise<OperatorSessionSummary[]> {
      const rows = await sessions.listFor(operatorId, now);
      return rows.filter((r) => !pastMaximum(lifetime, now, r.startedAtMs)).map(({ startedAtMs: _, ...summary }) => summary);
    },
  };
}

export type OperatorSessionService = ReturnType<typeof createOperatorSessionService>;
