import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerFairTurns } from './fair-turns';

describe('fair turns', () => {
  let turn = 0;
  let counting = false;
  /** Counts turns of the event loop: one increment in the check phase of each. */
  const countTurns = () => {
    if (!counting) return;
    turn++;
    setImmediate(countTurns);
  };
  afterEach(() => {
    counting = false;
  });

  it('starts at most `perTurn` requests in one turn, the rest in the next turns in the order they came', async () => {
    const app = Fastify();
    registerFairTurns(app, { perTurn: 3 });
    const started: { n: number; turn: number }[] = [];
    app.get('/:n', async (request) => {
      started.push({ n: Number((request.params as { n: string }).n), turn });
      return 'ok';
    });
    await app.ready();
    counting = true;
    setImmediate(countTurns);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => app.inject(`/${n}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(new Array(10).fill(200));
    expect(started.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const perTurn = new Map<number, number>();
    for (const s of started) perTurn.set(s.turn, (perTurn.get(s.turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(3);
    expect(perTurn.size).toBeGreaterThanOrEqual(4);
    await app.close();
  });

  it('lets a quiet server answer at once, turn after turn', async () => {
    const app = Fastify();
    registerFairTurns(app, { perTurn: 1 });
    app.get('/', async () => 'ok');
    for (let i = 0; i < 5; i++) expect((await app.inject('/')).statusCode).toBe(200);
    await app.close();
  });
});
