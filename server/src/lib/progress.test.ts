import { describe, expect, it } from 'vitest';
import { progressLine, terminalProgress } from './progress';

describe('progress of long work on a terminal', () => {
  it('says how much of how much, the rate and the time left', () => {
    expect(progressLine({ label: 'Importing', done: 25_000, total: 100_000, unit: 'rows', elapsedMs: 5_000 })).toBe(
      'Importing: 25,000 of 100,000 rows (25 %), 5,000 rows/s, about 15 s left',
    );
    expect(progressLine({ label: 'Backing up', done: 50 * 1024 * 1024, total: 500 * 1024 * 1024, unit: 'bytes', elapsedMs: 10_000 })).toBe(
      'Backing up: 50.0 MB of 500.0 MB (10 %), 5.0 MB/s, about 2 min left',
    );
    expect(progressLine({ label: 'Importing', done: 10, total: 10, unit: 'rows', elapsedMs: 1_000 })).toBe(
      'Importing: 10 of 10 rows (100 %), 10 rows/s, done',
    );
  });

  it('rewrites one line at most every 250 ms and always the last; writes nothing when not a terminal', () => {
    let clock = 0;
    let written = '';
    const out = { write: (text: string) => (written += text) };
    const reporter = terminalProgress(out, true, { label: 'Importing', unit: 'rows', now: () => clock });
    clock = 100;
    reporter.update(1, 4); // first: shown
    clock = 200;
    reporter.update(2, 4); // 100 ms later: skipped
    clock = 400;
    reporter.update(3, 4);
    clock = 410;
    reporter.update(4, 4); // the last: always, with a newline
    expect(written.split('\r').filter(Boolean)).toHaveLength(3);
    expect(written.endsWith('(100 %), 10 rows/s, done\n')).toBe(true);

    let quiet = '';
    const silent = terminalProgress({ write: (text: string) => (quiet += text) }, false, { label: 'Importing', unit: 'rows' });
    silent.update(1, 2);
    silent.update(2, 2);
    expect(quiet).toBe('');
  });
});
