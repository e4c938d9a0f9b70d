// The business dashboard read: the business, one page of its employees with cards, and the stat tiles.
import * as z from '../zod';
import { businessSchema } from './business';
import { pageCursor } from './common';
import { employeeSchema } from './employee';

export const dashboardStatsSchema = z.object({
  totalEmployees: z.int(),
  cardsCreated: z.int(),
  activeCards: z.int(),
  /** Integer minor units of `currency`. */
  monthlyCostCents: z.int(),
  ratePerUserCents: z.int(),
  currency: z.string().check(z.length(3)),
  /** The agency whose invoice covers this business (issue 20); then the cost and rate are 0: the business pays its agency. */
  billedByAgency: z.nullable(z.string()),
});

export const dashboardSchema = z.object({
  business: businessSchema,
  employees: z.array(employeeSchema),
  stats: dashboardStatsSchema,
  /** Opaque; pass it back as `?cursor=` for the next page. null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The dashboard's query string: `cursor` is opaque base64url from the previous page (the service checks its content).
 * Other parameters are ignored, as caches and browsers add their own.
 */
export const dashboardQuerySchema = z.object({ cursor: pageCursor(512) });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
