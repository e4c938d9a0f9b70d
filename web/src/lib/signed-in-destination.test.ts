import { describe, expect, it } from 'vitest';
import type { Me } from '@shared/schemas/me';
import { signedInDestination } from './signed-in-destination';

const me = (overrides: Partial<Me> = {}): Me => ({
  userId: 'u1',
  email: 'u1@example.com',
  emailVerified: true,
  displayName: 'U One',
  isAdmin: false,
  accountType: 'business',
  role: null,
  businessRole: null,
  employeeId: null,
  businessId: null,
  agencyId: null,
  brand: null,
  destination: 'business-onboarding',
  accessEnded: null,
  ...overrides,
});

describe('signedInDestination', () => {
  it('sends an admin to /admin even when a redirect path is pending', () => {
    expect(signedInDestination(me({ isAdmin: true, accountType: 'admin', role: 'admin' }), '/pricing')).toBe('/admin');
  });

  it('uses a pending redirect path before the account type', () => {
    expect(signedInDestination(me({ accountType: 'agency' }), '/business/b1?tab=x')).toBe('/business/b1?tab=x');
  });

  it('ignores a pending path that is the landing page itself (it would loop)', () => {
    expect(signedInDestination(me({ accountType: 'agency', destination: 'agency' }), '/')).toBe('/agency');
  });

  it('sends agency to /agency, business to /business and employee to /employee-portal', () => {
    expect(signedInDestination(me({ accountType: 'agency', destination: 'agency' }), null)).toBe('/agency');
    expect(signedInDestination(me({ accountType: 'business', role: 'owner', destination: 'business' }), null)).toBe('/business');
    expect(signedInDestination(me({ accountType: 'employee', role: 'employee', destination: 'employee-portal' }), null)).toBe('/employee-portal');
  });

  it('follows the server’s destination, not the account type: a leaver goes to Access Ended in the portal, a new person to /business', () => {
    expect(signedInDestination(me({ accountType: 'business', destination: 'access-ended' }), null)).toBe('/employee-portal');
    expect(signedInDestination(me({ accountType: 'business', destination: 'employee-portal', role: 'employee' }), null)).toBe('/employee-portal');
    expect(signedInDestination(me({ accountType: 'business', destination: 'business-onboarding' }), null)).toBe('/business');
  });

  it('keeps the visitor on the landing page when their account could not be read', () => {
    expect(signedInDestination(null, null)).toBeNull();
    expect(signedInDestination(null, '/pricing')).toBe('/pricing');
  });
});
