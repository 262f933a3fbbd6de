import { describe, expect, it } from 'vitest';
import { DESIRED_OUTCOME_OPTIONS } from './options';
import { hasOtherOutcome, otherOutcomeText, toggleOutcome } from './outcomes';

describe('toggleOutcome', () => {
  it('keeps the options’ display order whatever the click order', () => {
    let selected: string[] = [];
    for (const outcome of [...DESIRED_OUTCOME_OPTIONS].reverse()) selected = toggleOutcome(selected, outcome, true);
    expect(selected).toEqual([...DESIRED_OUTCOME_OPTIONS]);
  });

  it('unchecks one outcome and leaves the others in place', () => {
    expect(toggleOutcome(['Speed up time-to-market', 'Reuse insights', 'Other'], 'Reuse insights', false)).toEqual([
      'Speed up time-to-market',
      'Other',
    ]);
  });

  it('never adds an outcome twice', () => {
    expect(toggleOutcome(['Reuse insights'], 'Reuse insights', true)).toEqual(['Reuse insights']);
  });

  it('keeps values outside the option list (an old row) after the known ones', () => {
    expect(toggleOutcome(['Legacy goal', 'Reuse insights'], 'Other', true)).toEqual(['Reuse insights', 'Other', 'Legacy goal']);
  });
});

describe('otherOutcomeText', () => {
  it('keeps the trimmed text only while "Other" is chosen', () => {
    expect(otherOutcomeText(['Other'], '  A portfolio view ')).toBe('A portfolio view');
    expect(otherOutcomeText(['Reuse insights'], 'A portfolio view')).toBeNull();
  });

  it('answers null for empty or missing text', () => {
    expect(otherOutcomeText(['Other'], '   ')).toBeNull();
    expect(otherOutcomeText(['Other'], undefined)).toBeNull();
    expect(otherOutcomeText(['Other'], null)).toBeNull();
  });

  it('hasOtherOutcome tells whether the free-text field belongs on screen', () => {
    expect(hasOtherOutcome(['Reuse insights', 'Other'])).toBe(true);
    expect(hasOtherOutcome(['Reuse insights'])).toBe(false);
  });
});
