import { describe, expect, it } from 'vitest';
import { maskedUrl } from './mask-url';

describe('a webhook endpoint as an operator sees it', () => {
  it.each([
    ['https://hooks.example.com/in', 'https://hooks.example.com/in'],
    ['https://user:s3cret@hooks.example.com/in?token=abc123&x=1', 'https://user:***@hooks.example.com/in?token=***&x=***'],
    ['https://apikey@hooks.example.com/in', 'https://***@hooks.example.com/in'],
    ['not a url', '***'],
  ])('%s → %s', (given, shown) => {
    expect(maskedUrl(given)).toBe(shown);
  });
});
