import { describe, expect, it } from 'vitest';
import { adminInviteSchema, adminUserSchema, businessStatusUpdateSchema } from './admin';

describe('adminInviteSchema', () => {
  const firstMessage = (input: unknown) => adminInviteSchema.safeParse(input).error?.issues[0]?.message;

  it('trims and lower-cases the e-mail', () => {
    expect(adminInviteSchema.parse({ email: '  Ann.Admin@CardCrew.example ' })).toEqual({
      email: 'ann.admin@cardcrew.example',
    });
  });

  it('refuses an empty, blank or missing e-mail with the spec message', () => {
    for (const input of [{ email: '' }, { email: '   ' }, {}]) {
      expect(firstMessage(input)).toBe('Please enter a valid email address');
    }
  });

  it('refuses a malformed e-mail with the same message', () => {
    expect(firstMessage({ email: 'ann@' })).toBe('Please enter a valid email address');
  });

  it('refuses fields the dialog does not have', () => {
    expect(adminInviteSchema.safeParse({ email: 'ann@cardcrew.example', role: 'owner' }).success).toBe(false);
  });
});

describe('adminUserSchema', () => {
  it('allows a missing display name and a missing last sign-in', () => {
    const user = {
      id: 'user-1',
      email: 'ann@cardcrew.example',
      displayName: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastSignInAt: null,
    };
    expect(adminUserSchema.parse(user)).toEqual(user);
    expect(adminUserSchema.safeParse({ ...user, email: null }).success).toBe(false);
  });
});

describe('businessStatusUpdateSchema', () => {
  it('accepts only a boolean isActive', () => {
    expect(businessStatusUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(businessStatusUpdateSchema.safeParse({ isActive: 'false' }).success).toBe(false);
    expect(businessStatusUpdateSchema.safeParse({}).success).toBe(false);
    expect(businessStatusUpdateSchema.safeParse({ isActive: true, name: 'x' }).success).toBe(false);
  });
});
