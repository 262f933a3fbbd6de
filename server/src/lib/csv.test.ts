import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRecord, type CsvValue } from './csv';

/**
 * The export's CSV writer (csv.ts says why it is not a library): a well-kept parser reads back every value it wrote,
 * with a ' before what a spreadsheet would run as a formula, whatever the values.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const expected = (value: CsvValue) =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;

describe('csvRecord', () => {
  const value = fc.oneof(
    fc.string(),
    fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ';', "'", 'a', ' ', '\uFF1D', '\uFF0D', 'é') }),
    fc.integer(),
    fc.constant(null),
  );

  it('writes records a CSV parser reads back, formulas neutralised', () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 2, maxLength: 8 }), { minLength: 1, maxLength: 5 }), (records) => {
        const text = records.map((values) => csvRecord(values)).join('');
        const read = parse(text, { relax_column_count: true, record_delimiter: '\r\n' }) as string[][];
        expect(read).toEqual(records.map((values) => values.map(expected)));
      }),
      { numRuns: 2000 },
    );
  });

  it('neutralises a formula and quotes what needs it', () => {
    expect(csvRecord(['=cmd|"/c calc"!A1', 'a,b', null, 7, '-1'])).toBe(`"'=cmd|""/c calc""!A1","a,b",,7,'-1\r\n`);
  });
});
