import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { adminKeys, sameKey } from './query-keys';

describe('console query keys', () => {
  it('compares keys by value', () => {
    expect(sameKey(adminKeys.session(), adminKeys.session())).toBe(true);
    expect(sameKey(adminKeys.signup(1), adminKeys.signup(2))).toBe(false);
    expect(
      sameKey(
        adminKeys.signupList({ sort: '-created_at', role: 'Other' }, { page: 1 }),
        adminKeys.signupList({ role: 'Other', sort: '-created_at' }, { page: 1 }),
      ),
    ).toBe(true);
  });

  it('invalidating all lists reaches every cached page of every filter, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.signupList({ sort: '-created_at' }, { page: 1 }), 'page 1');
    client.setQueryData(adminKeys.signupList({ sort: 'email', q: 'ada' }, { cursor: 'cursor-2' }), 'page 2');
    client.setQueryData(adminKeys.signup(7), 'one person');
    await client.invalidateQueries({ queryKey: adminKeys.signupLists() });
    const invalidated = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalidated).toHaveLength(2);
    expect(invalidated.every((key) => key[1] === 'signups')).toBe(true);
  });
});
