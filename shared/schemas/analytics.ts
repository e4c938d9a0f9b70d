// Scans over time (issue 9 §5, the agency's Analytics button): the per-day scan counters of one business.
import * as z from 'zod';

/** The ranges a user may choose, in days (today included). */
export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export const scanAnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'Days must be 7, 30 or 90' })
    .default('30')
    .transform((value) => Number(value) as AnalyticsRange),
});

/** One UTC day and its scans; every day of the range is listed, days without scans as 0. */
export const scanDaySchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), scans: z.number().int() });
export type ScanDay = z.infer<typeof scanDaySchema>;

export const scanAnalyticsSchema = z.object({
  businessId: z.string(),
  days: z.number().int(),
  /** Oldest first. */
  series: z.array(scanDaySchema),
  totalInRange: z.number().int(),
  /** Every scan since the business began (its scan total). */
  allTime: z.number().int(),
});
export type ScanAnalytics = z.infer<typeof scanAnalyticsSchema>;
