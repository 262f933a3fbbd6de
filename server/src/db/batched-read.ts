/**
 * Reads asked for in the same turn of the event loop become one query (a `SELECT … WHERE id IN (…)`): the mails a
 * worker starts together read their recipients in one round trip, and none of them waits longer than that turn.
 */
export function createBatchedRead<Key, Value>(
  readMany: (keys: Key[]) => Promise<Map<Key, Value>>,
): (key: Key) => Promise<Value | undefined> {
  let waiting: { key: Key; resolve: (value: Value | undefined) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    readMany([...new Set(batch.map((w) => w.key))]).then(
      (found) => batch.forEach((w) => w.resolve(found.get(w.key))),
      (error: unknown) => batch.forEach((w) => w.reject(error)),
    );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
