// Admin portal (spec 2 §2, §5): the Invite Admin form, the admin user list item and the business status toggle.
import * as z from '../zod';
import { messages } from '../messages';
import { emailAddress, optionalText, pageCursor } from './common';

/**
 * Invite Admin dialog. The spec only asks for a non-empty e-mail once trimmed; we also check the format, with the
 * same message, because the address becomes a sign-in identity.
 */
export const adminInviteSchema = z.strictObject({
  email: emailAddress(messages.admin.inviteEmailInvalid),
});
export type AdminInviteInput = z.input<typeof adminInviteSchema>;
export type AdminInvite = z.output<typeof adminInviteSchema>;

/** A row of the Admin Users table. No display name shows 'No Name'; no last sign-in shows 'Never'. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.nullable(z.string()),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The Active/Inactive toggle of a row in the businesses table (spec 2 §4). */
export const businessStatusUpdateSchema = z.strictObject({
  isActive: z.boolean({ error: 'Active must be true or false' }),
});
export type BusinessStatusUpdate = z.infer<typeof businessStatusUpdateSchema>;

/**
 * The businesses tab's query (spec 2 §2, §9): a case-insensitive search on the name or the owner's e-mail, the
 * status, country and industry filters, and the opaque cursor of the previous page.
 */
export const adminBusinessQuerySchema = z.object({
  q: optionalText(100),
  status: z._default(z.enum(['all', 'active', 'inactive'], { error: 'Status must be all, active or inactive' }), 'all'),
  country: optionalText(100),
  industry: optionalText(100),
  cursor: pageCursor(1024),
});
export type AdminBusinessQuery = z.infer<typeof adminBusinessQuerySchema>;

/** A row of the Business & Agency Management table. */
export const adminBusinessRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.nullable(z.string()),
  ownerEmail: z.nullable(z.string()),
  billingEmail: z.nullable(z.string()),
  billingCity: z.nullable(z.string()),
  billingCountry: z.nullable(z.string()),
  isActive: z.boolean(),
  subscriptionStatus: z.string(),
  /** Employees not in draft (spec 2 §9). */
  billableEmployees: z.int(),
  /** At the admin rates (spec 2 §9), integer cents of `currency`. */
  monthlyAmountCents: z.int(),
  currency: z.string().check(z.length(3)),
  createdAt: z.string(),
  /** The agency that manages it (the oldest link, as the monthly run reads it) and who pays for it; null for none. */
  agency: z.nullable(z.object({ id: z.string(), name: z.string(), billedTo: z.enum(['agency', 'direct']) })),
});
export type AdminBusinessRow = z.infer<typeof adminBusinessRowSchema>;

export const adminBusinessPageSchema = z.object({
  businesses: z.array(adminBusinessRowSchema),
  /** Opaque; pass it back as `?cursor=` for more. null when every business has been looked at. */
  nextCursor: z.nullable(z.string()),
  /** How many businesses this page looked at to find its rows (a search reads at most 1,000 per page). */
  examined: z.int(),
});
export type AdminBusinessPage = z.infer<typeof adminBusinessPageSchema>;

/** What a cascade delete removed (spec 2 §4); `sessionsRevoked` false: the business is gone, some sessions may live on. */
export const businessDeletedSchema = z.object({
  businessId: z.string(),
  name: z.string(),
  deletedItems: z.int(),
  deletedObjects: z.int(),
  /** Paid invoices are kept for the accounts (docs/decisions.md). */
  keptPaidInvoices: z.int(),
  sessionsRevoked: z.boolean(),
});
export type BusinessDeleted = z.infer<typeof businessDeletedSchema>;

/** One month of the invoiced-vs-paid chart (by the month an invoice was created, and the month it was paid). */
export const revenueMonthSchema = z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)), invoicedCents: z.int(), paidCents: z.int() });

/** The dashboard tab's tiles and chart (issue 10 §2); money in integer cents of `currency`. */
export const adminDashboardSchema = z.object({
  businesses: z.int(),
  activeBusinesses: z.int(),
  agencies: z.int(),
  /** Employees not in draft, across active businesses (spec 2 §9). */
  billableEmployees: z.int(),
  /** What the active, subscribed businesses are billed a month at the admin rates. */
  monthlyRecurringRevenueCents: z.int(),
  outstandingCents: z.int(),
  overdueCents: z.int(),
  paidThisMonthCents: z.int(),
  currency: z.string().check(z.length(3)),
  /** The last six months, oldest first. */
  months: z.array(revenueMonthSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** The admin Agencies view's query: the opaque cursor of the previous page (newest agencies first, 25 per page). */
export const adminAgencyQuerySchema = z.object({ cursor: pageCursor(1024) });
export type AdminAgencyQuery = z.infer<typeof adminAgencyQuerySchema>;

/** One agency in the admin Agencies view: its plan, its clients and this month's figures (integer cents of `currency`). */
export const adminAgencyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The plan that bills it: the one an admin assigned, else the first active agency plan (null: none active). */
  plan: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** Whether an admin assigned that plan (false: the default). */
  planAssigned: z.boolean(),
  clientCount: z.int(),
  /** Billable users across the clients billed to the agency (what its volume tier is chosen by). */
  billableUsers: z.int(),
  revenueCents: z.int(),
  costsCents: z.int(),
  netProfitCents: z.int(),
  growthRate: z.number(),
  currency: z.string().check(z.length(3)),
});
export type AdminAgencyRow = z.infer<typeof adminAgencyRowSchema>;

export const adminAgencyPageSchema = z.object({
  agencies: z.array(adminAgencyRowSchema),
  /** The active agency plans an admin may assign, in display order. */
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
  nextCursor: z.nullable(z.string()),
});
export type AdminAgencyPage = z.infer<typeof adminAgencyPageSchema>;

/** Assigns an agency plan to an agency; null goes back to the default (the first active agency plan). */
export const agencyPlanInputSchema = z.strictObject({
  planId: z.nullable(z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(64, 'Choose a plan'), z.regex(/^[A-Za-z0-9_-]+$/, 'Choose a plan'))),
});
export type AgencyPlanInput = z.infer<typeof agencyPlanInputSchema>;
