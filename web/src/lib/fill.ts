/**
 * A catalogue sentence with `{name}` slots filled in. Words an island receives travel as JSON (no functions), so
 * their variable parts are slots: `fill('Did you mean {address}?', { address })`.
 */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
