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
  employeeId: null,
  businessId: null,
  agencyId: null,
  brand: null,
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
    expect(signedInDestination(me({ accountType: 'agency' }), '/')).toBe('/agency');
  });

  it('sends agency to /agency, business to /business and employee to /employee-portal', () => {
    expect(signedInDestination(me({ accountType: 'agency' }), null)).toBe('/agency');
    expect(signedInDestination(me({ accountType: 'business' }), null)).toBe('/business');
    expect(signedInDestination(me({ accountType: 'employee', role: 'employee' }), null)).toBe('/employee-portal');
  });

  it('keeps the visitor on the landing page when their account could not be read', () => {
    expect(signedInDestination(null, null)).toBeNull();
    expect(signedInDestination(null, '/pricing')).toBe('/pricing');
  });
});
