// The business roles' capability table as callers meet it: an Admin does all but hand over ownership, a Billing contact
// only billing, an employee nothing of the business, a member of another business nothing here; the Owner role is
// given or taken only by whoever holds 'ownership'. (The API's every route is proven in tests/integration/authorization.test.ts.)
import { describe, expect, it } from 'vitest';
import { assertMayGiveRole, capabilities, may, type Capability } from './access';
import type { Caller } from './caller';
import type { BusinessRole } from './repository';

const member = (role: BusinessRole, businessId = 'biz-a'): Caller => ({
  userId: `user-${role}`,
  username: `user-${role}`,
  email: `${role}@example.com`,
  emailVerified: true,
  isAdmin: false,
  groups: [],
  signedInAt: null,
  profile: null,
  memberships: [{ userId: `user-${role}`, scopeType: 'business', scopeId: businessId, role, employeeId: role === 'owner' ? undefined : `emp-${role}` }],
});

async function allowed(caller: Caller, businessId = 'biz-a'): Promise<Capability[]> {
  const results = await Promise.all(capabilities.map(async (c) => ((await may(caller, businessId, c)) ? [c] : [])));
  return results.flat();
}

describe('business roles', () => {
  it('give each role exactly its capabilities in its own business', async () => {
    expect(await allowed(member('owner'))).toEqual([...capabilities]);
    expect(await allowed(member('admin'))).toEqual(['employees', 'analytics', 'contacts', 'settings', 'activity', 'billing']);
    expect(await allowed(member('billing'))).toEqual(['billing']);
    expect(await allowed(member('employee'))).toEqual([]);
  });

  it('give nothing in another business', async () => {
    for (const role of ['owner', 'admin', 'billing'] as const) expect(await allowed(member(role, 'biz-b'))).toEqual([]);
  });

  it('let a platform admin do everything', async () => {
    expect(await allowed({ ...member('employee', 'biz-b'), isAdmin: true })).toEqual([...capabilities]);
  });

  it('let only the holder of ownership give or take the Owner role', async () => {
    await expect(assertMayGiveRole(member('admin'), 'biz-a', 'employee', 'admin')).resolves.toBeUndefined();
    await expect(assertMayGiveRole(member('admin'), 'biz-a', 'admin', 'billing')).resolves.toBeUndefined();
    await expect(assertMayGiveRole(member('admin'), 'biz-a', 'employee', 'owner')).rejects.toMatchObject({ code: 'FORBIDDEN', fieldErrors: { role: expect.any(String) } });
    await expect(assertMayGiveRole(member('admin'), 'biz-a', 'owner', 'employee')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(assertMayGiveRole(member('admin'), 'biz-a', 'owner', 'owner')).resolves.toBeUndefined();
    await expect(assertMayGiveRole(member('owner'), 'biz-a', 'employee', 'owner')).resolves.toBeUndefined();
  });
});
