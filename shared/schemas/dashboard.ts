// The business dashboard read: the business, one page of its employees with cards, and the stat tiles.
import * as z from 'zod';
import { businessSchema } from './business';
import { employeeSchema } from './employee';

export const dashboardStatsSchema = z.object({
  totalEmployees: z.number().int(),
  cardsCreated: z.number().int(),
  activeCards: z.number().int(),
  /** Integer minor units of `currency`. */
  monthlyCostCents: z.number().int(),
  ratePerUserCents: z.number().int(),
  currency: z.string().length(3),
});

export const dashboardSchema = z.object({
  business: businessSchema,
  employees: z.array(employeeSchema),
  stats: dashboardStatsSchema,
  /** Opaque; pass it back as `?cursor=` for the next page. null on the last page. */
  nextCursor: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The dashboard's query string: `cursor` is opaque base64url from the previous page (the service checks its content).
 * Other parameters are ignored, as caches and browsers add their own.
 */
export const dashboardQuerySchema = z
  .object({
    cursor: z
      .string()
      .max(512, 'Invalid cursor.')
      .regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor.')
      .optional(),
  })
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
