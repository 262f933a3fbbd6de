import type { Generated } from 'kysely';
import type { CrmProvider } from '@waitlist/contract';
import type { NullableText, NullableTimestamp, Timestamp } from './columns';

/** The founders' CRM (migration 27; docs/decisions/0046-crm-sync.md) and the saved segments it may send (migration 28). */

/** The connection: at most one row, id 1. */
export interface CrmConnectionsTable {
  id: number;
  provider: CrmProvider;
  /** Sealed under the secrets key (lib/secret-box.ts): `enc1:…`, never the token itself. */
  token: string;
  /** The token's last four characters. */
  token_hint: string;
  /** Pipedrive: the `acme` of acme.pipedrive.com. */
  company_domain: NullableText;
  /** JSON text: `{ "rule": {…} }` or `{ "segment": id }` (contract CrmRule). */
  audience: string;
  /** JSON text: field → property, null for a field not sent (contract CrmFieldMap, complete). */
  fields: string;
  connected_by: number | null;
  connected_at: Timestamp;
  last_sync_at: NullableTimestamp;
  last_error: NullableText;
}

/** The CRM's record of each person we pushed there. */
export interface CrmContactsTable {
  signup_id: number;
  provider: CrmProvider;
  crm_id: string;
  /** SHA-256 of what was sent: a sweep skips people whose record there says the same. */
  pushed_hash: string;
  pushed_at: Timestamp;
}

/** The CRM's company (organisation) of each work domain. */
export interface CrmCompaniesTable {
  provider: CrmProvider;
  domain: string;
  crm_id: string;
}

export type CrmAttemptAction = 'check' | 'properties' | 'push' | 'delete';
export type CrmAttemptOutcome = 'ok' | 'retry' | 'failed';

/** The latest exchanges with the CRM, with its answers (addresses masked). */
export interface CrmAttemptsTable {
  id: Generated<number>;
  at: Timestamp;
  action: CrmAttemptAction;
  people: number;
  outcome: CrmAttemptOutcome;
  answer: string;
}

/** A named filter of the list (migration 28; issue 48 item 2). */
export interface SavedSegmentsTable {
  id: Generated<number>;
  name: string;
  /** JSON text: contract AdminSegment, without `q`. */
  filter: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
