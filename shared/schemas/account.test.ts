import { describe, expect, it } from 'vitest';
import { profileSchema, userRoleSchema } from './account';

describe('profileSchema', () => {
  const profile = { userId: 'user-1', accountType: 'business', displayName: 'Jane Doe', email: 'jane@acme.example' };

  it('accepts every account type, and none yet', () => {
    for (const accountType of ['business', 'agency', 'employee', 'admin', null]) {
      expect(profileSchema.parse({ ...profile, accountType }).accountType).toBe(accountType);
    }
  });

  it('refuses an unknown account type', () => {
    expect(profileSchema.safeParse({ ...profile, accountType: 'owner' }).success).toBe(false);
  });
});

describe('userRoleSchema', () => {
  const role = { userId: 'user-1', role: 'employee', employeeId: 'emp_0123456789', createdAt: '2026-01-01T00:00:00Z' };

  it('accepts the admin, owner and employee roles, with or without an employee link', () => {
    expect(userRoleSchema.parse(role)).toEqual(role);
    expect(userRoleSchema.parse({ ...role, role: 'owner', employeeId: null }).employeeId).toBeNull();
    expect(userRoleSchema.parse({ ...role, role: 'admin', employeeId: null }).role).toBe('admin');
  });

  it('refuses an unknown role', () => {
    expect(userRoleSchema.safeParse({ ...role, role: 'agency' }).success).toBe(false);
  });
});
