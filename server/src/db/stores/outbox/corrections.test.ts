import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/app';
import { DIALECTS } from '../../../test/databases';
import { createOutboxStore } from './index';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('pruning webhook events on %s', (dialect) => {
  const suite = useTestDatabase(dialect);

  it('deletes events delivered or given up more than 30 days ago (an erasure event holds the address), keeps the rest', async () => {
    const { db } = suite.database;
    const outbox = createOutboxStore(suite.database);
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const erased = (subjectId: number, daysAgo: number) => ({
      type: 'signup.erased',
      subjectId,
      target: 'https://crm.example/hooks',
      body: { type: 'signup.erased', data: { id: subjectId, email: `gone-${subjectId}@example.com` } },
      at: at(daysAgo),
    });
    await outbox.queueWebhooks(db, [erased(1, 31), erased(2, 31), erased(3, 2), erased(4, 31)]);
    const idOf = async (subjectId: number) =>
      Number((await db.selectFrom('outbox').select('id').where('subject_id', '=', subjectId).executeTakeFirstOrThrow()).id);
    await db
      .updateTable('outbox')
      .set({ status: 'failed' })
      .where('id', '=', await idOf(1))
      .execute();
    await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: at(31) })
      .where('id', '=', await idOf(2))
      .execute();
    await db
      .updateTable('outbox')
      .set({ status: 'failed' })
      .where('id', '=', await idOf(3))
      .execute();
    // 4 stays pending: it may still go out.

    expect(await outbox.pruneDeliveredWebhooks(new Date(now - 30 * DAY))).toBe(2);
    const left = await db
      .selectFrom('outbox')
      .select(['subject_id', 'payload'])
      .where('kind', '=', 'webhook')
      .orderBy('subject_id')
      .execute();
    expect(left.map((r) => Number(r.subject_id))).toEqual([3, 4]);
    expect(JSON.stringify(left)).not.toContain('gone-1@');
  });
});
