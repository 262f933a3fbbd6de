import { describe, expect, it } from 'vitest';
import { maskedUrl } from './mask-url';

describe('a webhook endpoint as an operator sees it', () => {
  it.each([
    ['https://hooks.example.com/in', 'https://hooks.example.com/in'],
    ['https://user:s3cret@hooks.example.com/in?token=abc123&x=1', 'https://user:***@hooks.example.com/in?token=***&x=***'],
    ['https://apikey@hooks.example.com/in', 'https://***@hooks.example.com/in'],
    ['not a url', '***'],
    // Secrets in the path, as Slack, Discord and Zapier put them.
    ['https://hooks.slack.com/services/T0123ABCD/B0456EFGH/aBcDeFgHiJkLmNoPqRsTuVwX', 'https://hooks.slack.com/services/***/***/***'],
    ['https://discord.com/api/webhooks/112233445566778899/AbC-dEf_GhI', 'https://discord.com/api/webhooks/***/***'],
    ['https://hooks.zapier.com/hooks/catch/1234567/abc1de2/', 'https://hooks.zapier.com/hooks/catch/***/***/'],
    ['https://crm.example.com/webhooks/signups', 'https://crm.example.com/webhooks/signups'],
  ])('%s → %s', (given, shown) => {
    expect(maskedUrl(given)).toBe(shown);
  });
});
