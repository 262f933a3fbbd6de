import {
  API_KEY_PREFIX,
  API_SCOPES,
  type AdminApiKey,
  type AdminApiKeyCreate,
  type AdminApiKeyCreated,
  type AdminApiKeyList,
  type ApiScope,
} from '@waitlist/contract';
import type { ApiKeyStore } from '../db/stores/api-keys';
import type { OperatorAccounts } from '../db/stores/operator-accounts';
import { tellOtherOwners } from './owner-alerts';
import type { KeyCheck } from '../lib/api-key-check';
import { apiKeyState, toAdminApiKey } from './api-key-views';
import { randomToken, sha256 } from '../lib/crypto';
import { hashesEqual } from '../lib/tokens';
import type { UseCases } from './use-case';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A key's "last used" is written at most this often (a scraper every 15 s would otherwise write on every scrape). */
const LAST_USED_EVERY_MS = 60_000;
/** `wlk_` and 43 characters of base64url: anything else is refused before the database is asked. */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A key set in the server's environment (ACCESS_API_KEY, METRICS_TOKEN, WAITLIST_PUBLIC_KEY): the scopes it has. */
export interface EnvironmentKey {
  setting: string;
  value: string;
  scopes: readonly ApiScope[];
  note: string;
}

/** The keys set in the environment, with the scopes each has always had (shown in the console, never their values). */
export function environmentKeysOf(env: {
  WAITLIST_PUBLIC_KEY: string;
  ACCESS_API_KEY?: string | undefined;
  METRICS_TOKEN?: string | undefined;
}): EnvironmentKey[] {
  return [
    {
      setting: 'WAITLIST_PUBLIC_KEY',
      value: env.WAITLIST_PUBLIC_KEY,
      scopes: ['signups:write'],
      note: "the site's public key: every page carries it",
    },
    ...(env.ACCESS_API_KEY
      ? [{ setting: 'ACCESS_API_KEY', value: env.ACCESS_API_KEY, scopes: ['access:redeem'] as const, note: "the product's key" }]
      : []),
    ...(env.METRICS_TOKEN
      ? [{ setting: 'METRICS_TOKEN', value: env.METRICS_TOKEN, scopes: ['metrics:read'] as const, note: 'the metrics scraper' }]
      : []),
  ];
}

/**
 * Scoped API keys (issue 37 item 5; docs/decisions/0036): owners make a key with a name, scopes and an optional
 * expiry (the key is answered this once; only its SHA-256 is kept), see each with when it was last used, and revoke
 * one; every change is audited. `check` answers what a presented key may do, keys from the environment included.
 */
export function createApiKeys(deps: {
  stores: { apiKeys: ApiKeyStore; operatorAccounts: Pick<OperatorAccounts, 'ownerIds'> };
  useCases: UseCases;
  environment: readonly EnvironmentKey[];
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const environment = deps.environment.map((key) => ({ ...key, hash: sha256(key.value) }));
  const lastWritten = new Map<number, number>();

  return {
    async create(input: Omit<AdminApiKeyCreate, 'password' | 'totp' | 'recovery_code'>, operatorId: number): Promise<AdminApiKeyCreated> {
      const at = now();
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const row = await deps.useCases.run(async (change) => {
        const inserted = await deps.stores.apiKeys.insert(change.trx, {
          name: input.name,
          keyHash: sha256(key),
          hint: key.slice(-4),
          scopes: API_SCOPES.filter((scope) => input.scopes.includes(scope)),
          createdBy: operatorId,
          expiresAt: input.expires_in_days === undefined ? null : new Date(at.getTime() + input.expires_in_days * DAY_MS).toISOString(),
          at: at.toISOString(),
        });
        const detail = `${input.name}: ${inserted.scopes.join(' ')}${input.expires_in_days === undefined ? '' : `, ${input.expires_in_days} days`}`;
        await change.audit({ action: 'api-key.create', operatorId, target: `api-key:${inserted.id}`, detail });
        await tellOtherOwners(change, deps.stores.operatorAccounts, operatorId, 'api-key', detail);
        return inserted;
      });
      return { ...toAdminApiKey(row, at), key };
    },

    async list(): Promise<AdminApiKeyList> {
      const at = now();
      return {
        items: (await deps.stores.apiKeys.list()).map((row) => toAdminApiKey(row, at)),
        environment: deps.environment.map(({ setting, scopes, note }) => ({ setting, scopes: [...scopes], note })),
      };
    },

    /** Revokes a key: every request with it is refused from now on, in every copy (each looks the key up). */
    async revoke(id: number, operatorId: number): Promise<AdminApiKey | undefined> {
      return deps.useCases.run(async (change) => {
        const target = `api-key:${id}`;
        if (!(await deps.stores.apiKeys.revoke(change.trx, id, change.at))) {
          await change.audit({ action: 'api-key.revoke', operatorId, target, outcome: 'failed', detail: 'not found or revoked' });
          return undefined;
        }
        const row = await deps.stores.apiKeys.find(change.trx, id);
        await change.audit({ action: 'api-key.revoke', operatorId, target, detail: row?.name ?? null });
        return row && toAdminApiKey(row, now());
      });
    },

    /** What `presented` (the token of `Authorization: Bearer …`) may do for `scope`. */
    async check(presented: string, scope: ApiScope): Promise<KeyCheck> {
      const hash = sha256(presented);
      const fromEnvironment = environment.find((key) => hashesEqual(key.hash, hash));
      if (fromEnvironment) {
        return fromEnvironment.scopes.includes(scope)
          ? { ok: true, holder: { kind: 'environment', setting: fromEnvironment.setting } }
          : { ok: false, problem: 'scope', scope };
      }
      if (!KEY_PATTERN.test(presented)) return { ok: false, problem: 'unknown' };
      const row = await deps.stores.apiKeys.byHash(hash);
      const at = now();
      if (!row || apiKeyState(row, at) !== 'active') return { ok: false, problem: 'unknown' };
      if (!row.scopes.includes(scope)) return { ok: false, problem: 'scope', scope };
      if (at.getTime() - (lastWritten.get(row.id) ?? 0) >= LAST_USED_EVERY_MS) {
        lastWritten.set(row.id, at.getTime());
        await deps.stores.apiKeys.markUsed(row.id, at.toISOString());
      }
      return { ok: true, holder: { kind: 'key', id: row.id, name: row.name } };
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
