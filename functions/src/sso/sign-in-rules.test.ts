import { describe, expect, it } from 'vitest';
import { ssoMessages } from '../../../shared/messages/sso';
import { providerNameOf } from './provider-name';
import { ssoRequiredRefusal, ssoSignUpRefusal, type SsoSignInLookup } from './sign-in-rules';
import { isGoogleTokenGeneration } from './sign-in-triggers';

const ACME = 'acmeBusinessId_000001-x';
const OTHER = 'otherBusinessId0000001';

function lookup(overrides: { jit?: boolean; requireSso?: boolean; employees?: string[]; memberOf?: string[] } = {}): SsoSignInLookup {
  return {
    domain: async (d) => ({ 'acme.example': { businessId: ACME, verified: true }, 'pending.example': { businessId: ACME, verified: false }, 'other.example': { businessId: OTHER, verified: true } })[d] ?? null,
    settings: async () => ({ createEmployeesOnFirstSignIn: overrides.jit ?? false, requireSso: overrides.requireSso ?? false }),
    employeeIdByEmail: async (_b, email) => ((overrides.employees ?? ['marcus@acme.example']).includes(email) ? 'emp1' : null),
    employeeBusinesses: async () => overrides.memberOf ?? [ACME],
  };
}

const user = (businessId = ACME) => `${providerNameOf(businessId)}_00u123`;

describe('ssoSignUpRefusal (pre-sign-up, first SSO sign-in)', () => {
  it('lets an employee of the business in through its provider, the e-mail in any case', async () => {
    expect(await ssoSignUpRefusal(user(), 'Marcus@ACME.example', lookup())).toBeNull();
  });

  it('refuses an e-mail outside the business’s verified domains (unverified, another business’s, unknown)', async () => {
    for (const email of ['marcus@pending.example', 'marcus@other.example', 'contractor@elsewhere.example', 'no-at-sign', undefined]) {
      expect(await ssoSignUpRefusal(user(), email, lookup()), String(email)).toBe(ssoMessages.outsideDomains);
    }
  });

  it('refuses a person with no employee unless creating employees on first sign-in is allowed', async () => {
    expect(await ssoSignUpRefusal(user(), 'new.hire@acme.example', lookup())).toBe(ssoMessages.noEmployee);
    expect(await ssoSignUpRefusal(user(), 'new.hire@acme.example', lookup({ jit: true }))).toBeNull();
  });

  it('leaves other users alone (Google, password sign-ups)', async () => {
    expect(await ssoSignUpRefusal('Google_123', 'x@gmail.com', lookup())).toBeNull();
    expect(await ssoSignUpRefusal('4f1c-uuid', 'x@acme.example', lookup())).toBeNull();
  });
});

describe("ssoRequiredRefusal ('Require SSO')", () => {
  it('refuses an employee of a business that requires SSO, not otherwise, and never an owner (no employee membership)', async () => {
    expect(await ssoRequiredRefusal('u1', lookup({ requireSso: true }))).toBe(ssoMessages.ssoRequired);
    expect(await ssoRequiredRefusal('u1', lookup({ requireSso: false }))).toBeNull();
    expect(await ssoRequiredRefusal('owner', lookup({ requireSso: true, memberOf: [] }))).toBeNull();
  });

  it('checks Google sign-ins at token generation, not sign-ins through the business’s provider or refreshes', () => {
    expect(isGoogleTokenGeneration({ triggerSource: 'TokenGeneration_HostedAuth', userName: 'google_123' })).toBe(true);
    expect(isGoogleTokenGeneration({ triggerSource: 'TokenGeneration_HostedAuth', userName: user() })).toBe(false);
    expect(isGoogleTokenGeneration({ triggerSource: 'TokenGeneration_RefreshTokens', userName: 'google_123' })).toBe(false);
  });
});
