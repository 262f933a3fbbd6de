/** What the console's query strings share: they arrive as text. */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists. */
export const validDate = (value: string): boolean => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** An empty parameter (`?role=`) counts as absent. */
export const withoutEmptyValues = (query: unknown): unknown =>
  typeof query === 'object' && query !== null ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) : query;
