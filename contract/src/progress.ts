/**
 * Progress of long work (an import, a backup, a restore) as one line, the same on a terminal (server/src/lib/progress.ts)
 * and in the console (its import): how much is done of how much, the rate, and the time left at that rate. Pure: the
 * caller says when, and shows it.
 */
export function progressLine(input: {
  label: string;
  done: number;
  /** null: not known ahead (pg_dump's output): the line says how much so far and the rate. */
  total: number | null;
  unit: 'rows' | 'bytes';
  elapsedMs: number;
}): string {
  const { label, done, unit, elapsedMs } = input;
  if (input.total === null) {
    const perSecond = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
    return `${label}: ${(done / 1024 / 1024).toFixed(1)} MB so far, ${(perSecond / 1024 / 1024).toFixed(1)} MB/s`;
  }
  const total = input.total;
  const size = (n: number) => (unit === 'bytes' ? `${(n / 1024 / 1024).toFixed(1)} MB` : n.toLocaleString('en-US'));
  const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
  const perSecond = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  const rate =
    unit === 'bytes' ? `${(perSecond / 1024 / 1024).toFixed(1)} MB/s` : `${Math.round(perSecond).toLocaleString('en-US')} rows/s`;
  const leftSeconds = perSecond > 0 ? Math.ceil((total - done) / perSecond) : null;
  const left =
    leftSeconds === null
      ? ''
      : done >= total
        ? ', done'
        : `, about ${leftSeconds < 90 ? `${leftSeconds} s` : `${Math.ceil(leftSeconds / 60)} min`} left`;
  return `${label}: ${size(done)} of ${size(total)} ${unit === 'rows' ? 'rows ' : ''}(${percent} %), ${rate}${left}`;
}
