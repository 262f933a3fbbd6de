import { progressLine } from '@waitlist/contract';

export { progressLine };

/**
 * A reporter that rewrites one terminal line at most every `everyMs` (and always the last), or does nothing when
 * `terminal` is false.
 */
export function terminalProgress(
  out: { write(text: string): unknown },
  terminal: boolean,
  input: { label: string; unit: 'rows' | 'bytes'; everyMs?: number; now?: () => number },
) {
  const now = input.now ?? (() => Date.now());
  const started = now();
  let last = Number.NEGATIVE_INFINITY;
  let open = false;
  return {
    update(done: number, total: number | null) {
      if (!terminal) return;
      const at = now();
      const finished = total !== null && done >= total;
      if (!finished && at - last < (input.everyMs ?? 250)) return;
      last = at;
      const line = progressLine({ label: input.label, done, total, unit: input.unit, elapsedMs: at - started });
      out.write(`\r\x1b[2K${line}${finished ? '\n' : ''}`);
      open = !finished;
    },
    /** Ends a line left open (work whose total was not known); nothing when none is. */
    end() {
      if (open) out.write('\n');
      open = false;
    },
  };
}
