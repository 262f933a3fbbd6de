import { adminSegmentSchema, filterInWords, type AdminSavedSegment, type AdminSegment, type AdminSegmentSave } from '@waitlist/contract';
import { classifyDbError } from '../db/errors';
import type { Stores } from '../db/stores';
import type { SavedSegmentRow } from '../db/stores/saved-segments';
import type { UseCases } from './use-case';

/**
 * Saved segments (issue 48 item 2): an operator names a filter of the list, the team sees it with its live count, and
 * a send (the CRM's audience now) uses it by its id. Each change is audited with the filter in words; a segment the CRM
 * sends to cannot be deleted (its audience would be gone).
 */
export class SegmentRefused extends Error {
  constructor(
    readonly reason: 'not-found' | 'name-taken' | 'in-use',
    message: string,
  ) {
    super(message);
  }
}

/** A stored filter read back (a row from before a filter field was renamed reads as what the contract still knows). */
export const filterOf = (row: Pick<SavedSegmentRow, 'filter'>): AdminSegment => {
  const parsed = adminSegmentSchema.safeParse(JSON.parse(row.filter));
  return parsed.success ? parsed.data : {};
};

export interface SegmentDeps {
  stores: Pick<Stores, 'savedSegments' | 'signupListing' | 'operatorAccounts' | 'crm'>;
  useCases: UseCases;
}

export function createSegments({ stores, useCases }: SegmentDeps) {
  /** What sends to the segment now, in words ("the CRM"). */
  async function usersOf(id: number): Promise<string[]> {
    const connection = await stores.crm.connection();
    return connection && (JSON.parse(connection.audience) as { segment?: number }).segment === id ? ['the CRM'] : [];
  }

  const attempt = async <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      if (classifyDbError(error).kind === 'unique') throw new SegmentRefused('name-taken', 'Another segment has this name: choose another');
      throw error;
    });

  return {
    /** GET /segments: every segment with its live count, by name. */
    async list(): Promise<AdminSavedSegment[]> {
      const [rows, operators] = await Promise.all([stores.savedSegments.list(), stores.operatorAccounts.list()]);
      return Promise.all(
        rows.map(async (row) => {
          const filter = filterOf(row);
          const { total, total_capped: capped } = await stores.signupListing.count(filter);
          return {
            id: row.id,
            name: row.name,
            filter,
            in_words: filterInWords(filter),
            count: total,
            capped,
            created_by: operators.find((o) => o.id === row.createdBy)?.email ?? null,
            created_at: row.createdAt,
            updated_at: row.updatedAt,
            used_by: await usersOf(row.id),
          };
        }),
      );
    },

    /**
     * Who a send goes to: a saved segment's filter as saved now, or the filter given, with the words the send keeps and
     * the audit trail says ("the segment “Enterprise leads”: Confirmed · fit 60 or more").
     */
    async audienceOf(input: {
      segment?: number | undefined;
      filter?: AdminSegment | undefined;
    }): Promise<{ filter: AdminSegment; words: string }> {
      if (input.segment === undefined) {
        const filter = input.filter ?? {};
        return { filter, words: `the Sign-ups filter: ${filterInWords(filter)}` };
      }
      const row = await stores.savedSegments.find(input.segment);
      if (!row) throw new SegmentRefused('not-found', 'No saved segment with this id: it may have been deleted');
      const filter = filterOf(row);
      return { filter, words: `the segment “${row.name}”: ${filterInWords(filter)}` };
    },

    /** The filter a send uses: the segment's, as saved now. */
    async resolve(id: number): Promise<{ name: string; filter: AdminSegment } | undefined> {
      const row = await stores.savedSegments.find(id);
      return row && { name: row.name, filter: filterOf(row) };
    },

    async create(input: AdminSegmentSave, operatorId: number): Promise<number> {
      return attempt(() =>
        useCases.run(async (change) => {
          const id = await stores.savedSegments.create(change.trx, {
            name: input.name,
            filter: JSON.stringify(input.filter),
            createdBy: operatorId,
            at: change.at,
          });
          await change.audit({
            action: 'segment.create',
            operatorId,
            target: `segment:${id}`,
            detail: `${input.name}: ${filterInWords(input.filter)}`,
          });
          return id;
        }),
      );
    },

    async update(id: number, input: AdminSegmentSave, operatorId: number): Promise<void> {
      await attempt(() =>
        useCases.run(async (change) => {
          if (
            !(await stores.savedSegments.update(change.trx, id, { name: input.name, filter: JSON.stringify(input.filter), at: change.at }))
          )
            throw new SegmentRefused('not-found', 'No segment with this id');
          await change.audit({
            action: 'segment.update',
            operatorId,
            target: `segment:${id}`,
            detail: `${input.name}: ${filterInWords(input.filter)}`,
          });
        }),
      );
    },

    async remove(id: number, operatorId: number): Promise<void> {
      const users = await usersOf(id);
      if (users.length > 0) throw new SegmentRefused('in-use', `${users.join(' and ')} sends to this segment: choose another there first`);
      await useCases.run(async (change) => {
        const row = await stores.savedSegments.find(id, change.trx);
        if (!row || !(await stores.savedSegments.remove(change.trx, id))) throw new SegmentRefused('not-found', 'No segment with this id');
        await change.audit({ action: 'segment.delete', operatorId, target: `segment:${id}`, detail: row.name });
      });
    },
  };
}

export type Segments = ReturnType<typeof createSegments>;
