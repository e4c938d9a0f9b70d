// GET /api/me: who the caller is, resolved on the server (spec 1 §4).
import * as z from '../zod';
import { employeeRoles } from './employee';

export const accountTypes = ['business', 'agency', 'employee', 'admin'] as const;
export const roles = ['admin', 'owner', 'employee'] as const;
export type AccountType = (typeof accountTypes)[number];
export type Role = (typeof roles)[number];

/** The brand a white-labelled client's people see: the agency's name, logo and support contacts. */
export const clientBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.nullable(z.string()),
  supportEmail: z.string(),
  supportUrl: z.nullable(z.string()),
  /** The agency's favicon renditions (issue 21 §1): tab 32 px, apple-touch-icon 180 px, 512 px; null without one. */
  favicon: z.nullable(z.object({ icon32: z.string(), appleTouch180: z.string(), icon512: z.string() })),
  /** The agency's colours for the chrome (top bar, primary buttons); a null colour: CardCrew's default. */
  colors: z.nullable(z.object({ primaryColor: z.nullable(z.string()), secondaryColor: z.nullable(z.string()), accentColor: z.nullable(z.string()) })),
  /** The agency's active custom domain (its origin), where Sign Out takes its clients' people; absent or null: none. */
  siteOrigin: z.optional(z.nullable(z.string())),
});
export type ClientBrandView = z.infer<typeof clientBrandSchema>;

/**
 * Where a signed-in person goes, decided once on the server (functions/src/me/resolve-me.ts) for every way of signing
 * in: the admin portal, an employee's portal, a leaver's 'Access Ended', an owner's dashboard, an agency's dashboard,
 * and — only for a person with no business, agency or employee record who is not a leaver — business onboarding.
 */
export const destinations = ['admin', 'employee-portal', 'access-ended', 'business', 'agency', 'business-onboarding'] as const;
export type Destination = (typeof destinations)[number];

/** What 'Access Ended' names: the company the person left and whom there to contact (its owner). */
export const accessEndedSchema = z.object({
  businessName: z.nullable(z.string()),
  contactName: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
});
export type AccessEnded = z.infer<typeof accessEndedSchema>;

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  accountType: z.nullable(z.enum(accountTypes)),
  role: z.nullable(z.enum(roles)),
  /**
   * The caller's role in their business: owner, or the role an employee holds beside their card (admin, billing, or
   * employee only); null without a business. What the dashboard shows follows it (functions/src/identity/access.ts).
   */
  businessRole: z.nullable(z.enum(employeeRoles)),
  employeeId: z.nullable(z.string()),
  businessId: z.nullable(z.string()),
  agencyId: z.nullable(z.string()),
  /**
   * White-label (issue 21): the agency brand an owner or employee of a white-labelled client sees instead of CardCrew's;
   * null for everyone else (agency staff, admins, direct customers).
   */
  brand: z.nullable(clientBrandSchema),
  destination: z.enum(destinations),
  /** Set when the destination is 'access-ended'. */
  accessEnded: z.nullable(accessEndedSchema),
});
export type Me = z.infer<typeof meSchema>;

/** What a client may ask for when its account type is first set: never admin, never employee. */
export const pendingAccountTypeSchema = z.strictObject({ pendingAccountType: z.optional(z.enum(['business', 'agency'])) });
