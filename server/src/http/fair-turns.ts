import type { FastifyInstance } from 'fastify';

/**
 * Node accepts one new connection per turn of its event loop, and a turn under load reads every ready socket and
 * runs every handler that became ready. At 500 busy connections a turn took 45 ms, 20 turns a second: new visitors
 * waited in the kernel's accept queue for seconds, some for more than 10 (issue 32). Past `perTurn` requests in one
 * turn, the rest wait here for the next turns, in arrival order: a turn stays short, the server keeps accepting
 * whatever the load, and a request waits behind the ones that came before it, not behind a crowd that came after.
 */
export function registerFairTurns(app: FastifyInstance, { perTurn }: { perTurn: number }): void {
  interface Waiting {
    resume: () => void;
    next: Waiting | null;
  }
  // A queue as a linked list: O(1) at both ends, whatever its length.
  let first: Waiting | null = null;
  let last: Waiting | null = null;
  let startedThisTurn = 0;
  let turnCounted = false;
  let draining = false;

  /** In the check phase of a turn: the next turn starts with a fresh allowance. */
  const endOfTurn = () => {
    turnCounted = false;
    startedThisTurn = 0;
  };

  /** Lets up to `perTurn` waiting requests go on, and comes back next turn while any are left. */
  const drain = () => {
    endOfTurn();
    while (first && startedThisTurn < perTurn) {
      const request = first;
      first = request.next;
      if (!first) last = null;
      startedThisTurn++;
      request.resume();
    }
    draining = first !== null;
    if (draining) setImmediate(drain);
  };

  app.addHook('onRequest', (_request, _reply, done) => {
    if (!turnCounted) {
      turnCounted = true;
      setImmediate(endOfTurn);
    }
    if (!first && startedThisTurn < perTurn) {
      startedThisTurn++;
      return done();
    }
    const request: Waiting = { resume: done, next: null };
    if (last) last.next = request;
    else first = request;
    last = request;
    if (!draining) {
      draining = true;
      setImmediate(drain);
    }
  });
}
