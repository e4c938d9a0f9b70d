// Admin portal (spec 2 §2, §5): the Invite Admin form, the admin user list item and the business status toggle.
import * as z from 'zod';
import { messages } from '../messages';
import { emailAddress, optionalText } from './common';

/**
 * Invite Admin dialog. The spec only asks for a non-empty e-mail once trimmed; we also check the format, with the
 * same message, because the address becomes a sign-in identity.
 */
export const adminInviteSchema = z
  .object({
    email: emailAddress(messages.admin.inviteEmailInvalid),
  })
  .strict();
export type AdminInviteInput = z.input<typeof adminInviteSchema>;
export type AdminInvite = z.output<typeof adminInviteSchema>;

/** A row of the Admin Users table. No display name shows 'No Name'; no last sign-in shows 'Never'. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The Active/Inactive toggle of a row in the businesses table (spec 2 §4). */
export const businessStatusUpdateSchema = z
  .object({
    isActive: z.boolean({ error: 'Active must be true or false' }),
  })
  .strict();
export type BusinessStatusUpdate = z.infer<typeof businessStatusUpdateSchema>;

/**
 * The businesses tab's query (spec 2 §2, §9): a case-insensitive search on the name or the owner's e-mail, the
 * status, country and industry filters, and the opaque cursor of the previous page.
 */
export const adminBusinessQuerySchema = z.object({
  q: optionalText(100),
  status: z.enum(['all', 'active', 'inactive'], { error: 'Status must be all, active or inactive' }).default('all'),
  country: optionalText(100),
  industry: optionalText(100),
  cursor: z
    .string()
    .max(1024, 'Invalid cursor.')
    .regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor.')
    .optional(),
});
export type AdminBusinessQuery = z.infer<typeof adminBusinessQuerySchema>;

/** A row of the Business & Agency Management table. */
export const adminBusinessRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingCountry: z.string().nullable(),
  isActive: z.boolean(),
  subscriptionStatus: z.string(),
  /** Employees not in draft (spec 2 §9). */
  billableEmployees: z.number().int(),
  /** At the admin rates (spec 2 §9), integer cents of `currency`. */
  monthlyAmountCents: z.number().int(),
  currency: z.string().length(3),
  createdAt: z.string(),
});
export type AdminBusinessRow = z.infer<typeof adminBusinessRowSchema>;

export const adminBusinessPageSchema = z.object({
  businesses: z.array(adminBusinessRowSchema),
  /** Opaque; pass it back as `?cursor=` for more. null when every business has been looked at. */
  nextCursor: z.string().nullable(),
  /** How many businesses this page looked at to find its rows (a search reads at most 1,000 per page). */
  examined: z.number().int(),
});
export type AdminBusinessPage = z.infer<typeof adminBusinessPageSchema>;

/** What a cascade delete removed (spec 2 §4); `sessionsRevoked` false: the business is gone, some sessions may live on. */
export const businessDeletedSchema = z.object({
  businessId: z.string(),
  name: z.string(),
  deletedItems: z.number().int(),
  deletedObjects: z.number().int(),
  /** Paid invoices are kept for the accounts (docs/decisions.md). */
  keptPaidInvoices: z.number().int(),
  sessionsRevoked: z.boolean(),
});
export type BusinessDeleted = z.infer<typeof businessDeletedSchema>;

/** One month of the invoiced-vs-paid chart (by the month an invoice was created, and the month it was paid). */
export const revenueMonthSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), invoicedCents: z.number().int(), paidCents: z.number().int() });

/** The dashboard tab's tiles and chart (issue 10 §2); money in integer cents of `currency`. */
export const adminDashboardSchema = z.object({
  businesses: z.number().int(),
  activeBusinesses: z.number().int(),
  agencies: z.number().int(),
  /** Employees not in draft, across active businesses (spec 2 §9). */
  billableEmployees: z.number().int(),
  /** What the active, subscribed businesses are billed a month at the admin rates. */
  monthlyRecurringRevenueCents: z.number().int(),
  outstandingCents: z.number().int(),
  overdueCents: z.number().int(),
  paidThisMonthCents: z.number().int(),
  currency: z.string().length(3),
  /** The last six months, oldest first. */
  months: z.array(revenueMonthSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
