/** A form post's fields as @fastify/formbody parses them: one value, or a list when the name repeats. */
type FormBody = Record<string, string | string[] | undefined>;

/** The first value of a field. */
export const field = (body: unknown, name: string): string | undefined => {
  const value = (body as FormBody | undefined)?.[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Every value of a field (check boxes, several choices). */
export const fields = (body: unknown, name: string): string[] => {
  const value = (body as FormBody | undefined)?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};
