// GET /api/me: who the caller is, resolved on the server (spec 1 §4).
import * as z from '../zod';

export const accountTypes = ['business', 'agency', 'employee', 'admin'] as const;
export const roles = ['admin', 'owner', 'employee'] as const;
export type AccountType = (typeof accountTypes)[number];
export type Role = (typeof roles)[number];

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  accountType: z.nullable(z.enum(accountTypes)),
  role: z.nullable(z.enum(roles)),
  employeeId: z.nullable(z.string()),
  businessId: z.nullable(z.string()),
  agencyId: z.nullable(z.string()),
});
export type Me = z.infer<typeof meSchema>;

/** What a client may ask for when its account type is first set: never admin, never employee. */
export const pendingAccountTypeSchema = z.strictObject({ pendingAccountType: z.optional(z.enum(['business', 'agency'])) });
