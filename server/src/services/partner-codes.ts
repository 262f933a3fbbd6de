import type { AdminPartnerCode, AdminPartnerCodeCreate, AdminPartnerCodeCreated } from '@waitlist/contract';
import { type PartnerCodeRow, type PartnerCodeStore } from '../db/stores/partner-codes';
import { issuePartnerCode } from '../lib/tokens';
import { toAdminPartnerCode } from './pilot-views';
import type { UseCases } from './use-case';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What operators do with partner codes (issue 23): make one (its code is answered this once, only its hash is kept),
 * see each with its claims and state, withdraw one. People join with a code through SignupService.joinWithCode.
 */
export function createPartnerCodeService(deps: { stores: { partnerCodes: PartnerCodeStore }; useCases: UseCases; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const view = (row: PartnerCodeRow) => toAdminPartnerCode(row, now());

  return {
    async create(input: AdminPartnerCodeCreate, operatorId: number | null): Promise<AdminPartnerCodeCreated> {
      const at = now();
      const { code, hash } = issuePartnerCode();
      const row = await deps.useCases.run(async (change) => {
        const inserted = await deps.stores.partnerCodes.insert(change.trx, {
          label: input.label,
          codeHash: hash,
          hint: code.slice(-4),
          claimLimit: input.claim_limit,
          expiresAt: new Date(at.getTime() + input.expires_in_days * DAY_MS).toISOString(),
          createdBy: operatorId,
          at: at.toISOString(),
        });
        await change.audit({ action: 'partner-code.create', operatorId, target: `partner-code:${inserted.id}`, detail: input.label });
        return inserted;
      });
      return { ...view(row), code };
    },

    list: async (): Promise<AdminPartnerCode[]> => (await deps.stores.partnerCodes.list()).map(view),

    /** Withdraws a code: nobody joins with it any more; who joined with it stays attributed to it. */
    async revoke(id: number, operatorId: number | null = null): Promise<AdminPartnerCode | undefined> {
      return deps.useCases.run(async (change) => {
        const target = `partner-code:${id}`;
        if (!(await deps.stores.partnerCodes.revoke(change.trx, id, change.at))) {
          await change.audit({ action: 'partner-code.revoke', operatorId, target, outcome: 'failed', detail: 'not found or withdrawn' });
          return undefined;
        }
        await change.audit({ action: 'partner-code.revoke', operatorId, target });
        const row = await deps.stores.partnerCodes.find(change.trx, id);
        return row && view(row);
      });
    },
  };
}

export type PartnerCodeService = ReturnType<typeof createPartnerCodeService>;
