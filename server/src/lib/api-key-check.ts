import type { ApiScope } from '@waitlist/contract';

/** Who a request's key is: one made in the console, or one set in the environment. */
export type KeyHolder = { kind: 'key'; id: number; name: string } | { kind: 'environment'; setting: string };

/** What a presented key may do for a scope: go on, or 401 (no such live key) or 403 (the key lacks the scope). */
export type KeyCheck =
  { ok: true; holder: KeyHolder } | { ok: false; problem: 'unknown' } | { ok: false; problem: 'scope'; scope: ApiScope };

/** What every door asks of the keys (services/api-keys.ts answers; http/api-key-auth.ts asks). */
export interface ApiKeyChecker {
  check(presented: string, scope: ApiScope): Promise<KeyCheck>;
}
