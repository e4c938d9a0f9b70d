// Account records (spec 1 §3, spec 2 §3): a user's profile and a user's role. The display-name fallback rule is
// displayNameFrom in shared/format.
import * as z from '../zod';
import { accountTypes, roles } from './me';

/** profiles: the account type (null until it is chosen or resolved), display name and e-mail. */
export const profileSchema = z.object({
  userId: z.string(),
  accountType: z.nullable(z.enum(accountTypes)),
  displayName: z.string(),
  email: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** user_roles: a user's role; employeeId links an employee account to exactly one employee record. */
export const userRoleSchema = z.object({
  userId: z.string(),
  role: z.enum(roles),
  employeeId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type UserRole = z.infer<typeof userRoleSchema>;
