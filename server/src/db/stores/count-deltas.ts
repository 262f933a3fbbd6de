/**
 * The arithmetic of the kept counts' changes (signup-counts.ts): many rows' contributions summed per counter row, in
 * one order, and written in statements of a bounded size.
 */

/** Rows per statement: well under PostgreSQL's 65,535 parameters and SQLite's 32,766. */
export const CHUNK = 500;

/** One company's change in a fold or a correction: its people, its first and last sign-up, who left when. */
export type CompanyChange = {
  key: string[];
  value: { people: number; first: string | null; last: string | null; removedAt: string[] };
};

/** Sums `delta` per key; keys come back sorted, so concurrent transactions take counter rows in one order. */
export class Deltas<V> {
  private readonly map = new Map<string, { key: string[]; value: V }>();
  constructor(private readonly empty: () => V) {}
  add(key: string[], apply: (value: V) => void) {
    const id = key.join('\u0000');
    const entry = this.map.get(id) ?? { key, value: this.empty() };
    apply(entry.value);
    this.map.set(id, entry);
  }
  sorted() {
    return [...this.map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  }
}

/** `items` in statements of CHUNK rows. */
export const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
