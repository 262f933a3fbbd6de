import type { Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import type { UseCases } from './use-case';

/** A key every copy shares without a setting (db/stores/server-secrets.ts), as a service reads it. */
export interface SharedSecret {
  /** The key, made by whichever copy asks first; kept once read (a database that was down is asked again next time). */
  (): Promise<string>;
  /** The key inside a change that needs it (SQLite has one connection: the change must not wait for another). */
  in(trx: Executor): Promise<string>;
}

/** The shared key `name` (the bounce addresses', the suppression list's, the erasure ledger's, …), read once a copy. */
export function sharedSecret(
  { stores, useCases }: { stores: Pick<Stores, 'serverSecrets'>; useCases: UseCases },
  name: string,
): SharedSecret {
  let pending: Promise<string> | undefined;
  let value: string | undefined;
  const get = () =>
    (pending ??= useCases
      .run(({ trx }) => stores.serverSecrets.getOrMake(trx, name))
      .then((read) => (value = read))
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      }));
  return Object.assign(get, {
    async in(trx: Executor) {
      if (value !== undefined) return value;
      const read = await stores.serverSecrets.read(trx, name);
      // Kept when it was there already; one this change made is kept only by the uncached path (the change may roll back).
      if (!read.made) value = read.value;
      return read.value;
    },
  });
}
