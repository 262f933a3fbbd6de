import { describe, expect, it } from 'vitest';
import { createEmailDomainPolicy } from './refused-domains';

describe('which e-mail domains the waitlist refuses', () => {
  const policy = createEmailDomainPolicy({ blocked: ['competitor.example', '@Spam.Example.'], allowed: ['yopmail.com'] });

  it('refuses temporary-inbox services from the maintained list, their subdomains included, whatever the case', () => {
    for (const email of ['a@mailinator.com', 'a@MAILINATOR.COM', 'a@x.y.mailinator.com', 'a@guerrillamail.com', 'a@10minutemail.com']) {
      expect(policy.refusal(email), email).toBe('disposable');
    }
  });

  it('accepts work and ordinary personal addresses', () => {
    for (const email of ['ada@volvo.se', 'ada@ericsson.com', 'ada@gmail.com', 'ada@telia.com', 'ada@outlook.se', 'ada@com']) {
      expect(policy.refusal(email), email).toBeNull();
    }
  });

  it("refuses the founders' blocked domains and their subdomains, and lets their allowed ones through", () => {
    expect(policy.refusal('x@competitor.example')).toBe('blocked');
    expect(policy.refusal('x@mail.competitor.example')).toBe('blocked');
    expect(policy.refusal('x@spam.example')).toBe('blocked');
    expect(policy.refusal('x@notcompetitor.example')).toBeNull();
    expect(policy.refusal('x@yopmail.com')).toBeNull();
  });
});
