// The custom-domain name rules (issue 21 §2): what the form and the API accept and why they refuse the rest.
import { describe, expect, it } from 'vitest';
import { customDomainMessages } from '../messages/custom-domains';
import { addCustomDomainSchema, customDomainProblem } from './custom-domain';

const m = customDomainMessages;

describe('customDomainProblem', () => {
  it.each(['cards.brightagency.com', 'cards.bright.localhost', 'a.b', 'x-1.example.co.uk', `${'a'.repeat(63)}.example.com`, 'xn--bcher-kva.example'])('accepts %s', (domain) => {
    expect(customDomainProblem(domain, 'app.cardcrew.com')).toBeNull();
    expect(addCustomDomainSchema.safeParse({ domain }).success).toBe(true);
  });

  it.each([
    ['', m.domainRequired],
    ['localhost', m.twoLabels],
    ['Cards.Example.com', m.lowerCase],
    ['*.example.com', m.noWildcard],
    ['10.0.0.1', m.noIpAddress],
    ['[::1]', m.noIpAddress],
    ['::1', m.noIpAddress],
    [`${'a'.repeat(64)}.example.com`, m.labelTooLong],
    [`${'abcdefghi.'.repeat(26)}com`, m.domainTooLong],
    ['-cards.example.com', m.invalidDomain],
    ['cards-.example.com', m.invalidDomain],
    ['cards..example.com', m.invalidDomain],
    ['cards.example.com.', m.invalidDomain],
    ['cards_1.example.com', m.invalidDomain],
    ['cards example.com', m.invalidDomain],
    ['cards.example.com/x', m.invalidDomain],
    ['cards.123', m.invalidDomain],
  ])('refuses %j', (domain, message) => {
    expect(customDomainProblem(domain)).toBe(message);
    const parsed = addCustomDomainSchema.safeParse({ domain });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("refuses the platform's own domain and any name under it, not names that merely end alike", () => {
    expect(customDomainProblem('app.cardcrew.com', 'app.cardcrew.com')).toBe(m.platformDomain);
    expect(customDomainProblem('evil.app.cardcrew.com', 'app.cardcrew.com')).toBe(m.platformDomain);
    expect(customDomainProblem('myapp.cardcrew.com', 'app.cardcrew.com')).toBeNull();
  });
});
