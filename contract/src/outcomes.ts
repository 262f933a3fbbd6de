import { DESIRED_OUTCOME_OPTIONS, OTHER_OUTCOME, type DesiredOutcome } from './options';

/**
 * Checks or unchecks one outcome. The result keeps the options' display order (whatever order they were clicked
 * in), so the stored list and what a person sees agree.
 */
export function toggleOutcome<T extends string>(selected: readonly T[], outcome: T, checked: boolean): T[] {
  if (!checked) return selected.filter((o) => o !== outcome);
  const wanted = new Set<string>([...selected, outcome]);
  const known = (DESIRED_OUTCOME_OPTIONS as readonly string[]).filter((o) => wanted.has(o)) as T[];
  // Values outside the option list (an old row) stay, after the known ones.
  return [...known, ...selected.filter((o) => !(DESIRED_OUTCOME_OPTIONS as readonly string[]).includes(o))];
}

/** The free text for "Other": kept (trimmed) only while "Other" is chosen, otherwise null. */
export function otherOutcomeText(selected: readonly string[], text: string | null | undefined): string | null {
  if (!selected.includes(OTHER_OUTCOME)) return null;
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

export function hasOtherOutcome(selected: readonly string[]): boolean {
  return selected.includes(OTHER_OUTCOME satisfies DesiredOutcome);
}
