// The business dashboard read: the business, one page of its employees with cards, and the stat tiles.
import { z } from 'zod';
import { businessSchema } from './business';
import { employeeSchema } from './employee';

export const dashboardStatsSchema = z.object({
  totalEmployees: z.number().int(),
  cardsCreated: z.number().int(),
  activeCards: z.number().int(),
  monthlyCost: z.number(),
  ratePerUser: z.number(),
});

export const dashboardSchema = z.object({
  business: businessSchema,
  employees: z.array(employeeSchema),
  stats: dashboardStatsSchema,
  nextCursor: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `?cursor=` of the dashboard: the opaque position after the last complete employee of the previous page. */
export const dashboardQuerySchema = z.object({ cursor: z.string().max(1024).optional() });
