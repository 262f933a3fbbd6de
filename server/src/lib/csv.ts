/**
 * CSV text for the console's export (RFC 4180: CRLF, fields with a comma, quote or line break quoted, quotes doubled),
 * with formulas neutralised: a field a spreadsheet would run (=, +, -, @, tab, CR, or their full-width forms, first) is
 * prefixed with '. The same output as csv-stringify with `escape_formulas`, which server/src/lib/csv.test.ts checks over
 * generated values; written here because it is three times faster per row, and a million-row export spent more time in
 * the CSV writer than in reading the rows (docs/decisions/0021).
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.has(value[0]!) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its fields, comma-separated, ended by CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvField(values[i]);
  return `${line}\r\n`;
}
