import { describe, expect, it } from 'vitest';
import { suggestEmailCorrection } from './email-typos';

describe('"Did you mean …?" for a mistyped address', () => {
  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gmail.cm', 'ada@gmail.com'],
    ['ada@yahooo.com', 'ada@yahoo.com'],
    ['ada@outlook.cm', 'ada@outlook.com'],
    ['eva@telia.con', 'eva@telia.com'],
    ['eva@hotmial.se', 'eva@hotmail.se'],
    ['eva@comhem.sr', 'eva@comhem.se'],
    ['eva@outlok.se', 'eva@outlook.se'],
    ['eva@bredband.nt', 'eva@bredband.net'],
  ])('suggests %s → %s', (typed, suggested) => {
    expect(suggestEmailCorrection(typed)).toBe(suggested);
  });

  it.each([
    'ada@gmail.com',
    'eva@telia.com',
    'lars@volvo.se',
    'lars@ericsson.com',
    'lars@abb.com',
    'lars@h-m.com',
    'lars@tele2.com',
    'x@example.se',
    'not an address',
    'x@',
  ])('leaves %s alone', (typed) => {
    expect(suggestEmailCorrection(typed)).toBeNull();
  });
});
