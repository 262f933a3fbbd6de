import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMailRefusalsSchema, adminSuppressionSchema } from '@waitlist/contract';
import { AdminApiError, request, send } from './client';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

/** Issue 46 item 5: the console reads each answer through the contract's schema; a changed answer is an error, not data. */
describe('the console’s API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers what the schema reads', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, { suppressed: true, reason: 'hard-bounce', since: '2026-11-28T10:00:00.000Z', bounce_reason: 'user-unknown' }),
    );
    await expect(request(adminSuppressionSchema, '/suppressions?email=x')).resolves.toEqual({
      suppressed: true,
      reason: 'hard-bounce',
      since: '2026-11-28T10:00:00.000Z',
      bounce_reason: 'user-unknown',
    });
  });

  it('refuses an answer the contract does not describe, with a message a person can act on', async () => {
    // A server that renamed a field (refusals → items) or sent a count as text.
    vi.stubGlobal('fetch', answer(200, { items: [] }));
    const error = await request(adminMailRefusalsSchema, '/mail-refusals').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error).toMatchObject({ code: 'contract', message: expect.stringMatching(/Reload the page/) });
    vi.stubGlobal(
      'fetch',
      answer(200, { refusals: [{ domain: 'gmail.com', reason: 'auth-failure', label: 'x', count: '2', first_at: 'a', last_at: 'b' }] }),
    );
    await expect(request(adminMailRefusalsSchema, '/mail-refusals')).rejects.toMatchObject({ code: 'contract' });
  });

  it('keeps the API’s own errors and network failures as they were; send reads no answer', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 'forbidden', message: 'Owners only', details: null, hint: null }));
    await expect(request(adminSuppressionSchema, '/suppressions?email=x')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    vi.stubGlobal('fetch', answer(204, undefined));
    await expect(send('/suppressions/lift', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(send('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
