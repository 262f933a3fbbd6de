/** Posted form fields as name/value pairs, whatever the body parser made of them (repeated names are arrays). */
export function formEntries(body: unknown): [string, unknown][] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): [string, unknown] => [name, v]) : [[name, value]],
  );
}

/** The value of the first field called `name` when it is a string. */
export const formEntry = (entries: readonly [string, unknown][], name: string): string | undefined => {
  const value = entries.find(([n]) => n === name)?.[1];
  return typeof value === 'string' ? value : undefined;
};
