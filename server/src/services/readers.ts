/** Who reads people in the console or through the API, how it is recorded, and why a read is refused. */

/**
 * Who reads: an operator (their id, and whether they see whole addresses: guards.ts: seesAddresses), or a key with
 * signups:read (issue 37 item 5): no operator, whole addresses, its own read budget, recorded under its name.
 */
export interface Reader {
  operatorId: number | null;
  seesAddresses: boolean;
  apiKey?: { id: number; name: string };
}

/** What the audit trail records of a read besides its action: the operator, or the key (`api-key:3`, its name). */
export const readBy = (reader: Reader, detail: string | null = null) =>
  reader.apiKey
    ? {
        operatorId: null,
        target: `api-key:${reader.apiKey.id}`,
        detail: [detail, `with the API key “${reader.apiKey.name}”`].filter(Boolean).join(', '),
      }
    : { operatorId: reader.operatorId, ...(detail === null ? {} : { detail }) };

/** A search by address from a reader who sees addresses masked (a viewer an owner has not let see them). */
export class AddressSearchRefused extends Error {
  constructor() {
    super(
      'Your role sees addresses masked, so it cannot search by address: filter by company, role or answers instead (an owner can let you see whole addresses)',
    );
  }
}

/** An operator read the people of their budget for this hour (exports.ts); answered 429 until the hour ends. */
export class ReadBudgetSpent extends Error {
  constructor(
    readonly budget: number,
    readonly retryAfterMs: number,
  ) {
    super(`read budget of ${budget} people an hour spent`);
  }
}
