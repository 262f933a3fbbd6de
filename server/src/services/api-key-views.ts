import { API_SCOPES, type AdminApiKey } from '@waitlist/contract';
import type { ApiKeyRow } from '../db/stores/api-keys';

/** How the console sees a scoped API key: one mapper, none in a route. */

/** What a key can do at `now`: be used, or not and why. */
export const apiKeyState = (row: ApiKeyRow, now: Date): AdminApiKey['state'] =>
  row.revokedAt !== null ? 'revoked' : row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime() ? 'expired' : 'active';

/** A scoped API key as the console lists it (never the key, nor its hash). */
export const toAdminApiKey = (row: ApiKeyRow, now: Date): AdminApiKey => ({
  id: row.id,
  name: row.name,
  scopes: API_SCOPES.filter((scope) => row.scopes.includes(scope)),
  hint: row.hint,
  state: apiKeyState(row, now),
  created_by: row.createdByEmail,
  created_at: row.createdAt,
  expires_at: row.expiresAt,
  last_used_at: row.lastUsedAt,
  revoked_at: row.revokedAt,
});
