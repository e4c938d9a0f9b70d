// Scans over time (issue 9 §5, issue 11 §2): the per-day scan counters of a business or of one card, with each day's
// split by source (QR code, shared link, NFC, wallets, signature, background — issue 22 §7 — and the portal's share buttons and saved contacts) and device class, and a
// business's top cards.
import type { ScanSource } from '../scan-sources';
import * as z from '../zod';

/** The ranges a user may choose, in days (today included). */
export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

/** The device classes a User-Agent is counted under (bots are not scans). */
export const deviceClasses = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

export const scanAnalyticsQuerySchema = z.object({
  days: z.pipe(
    z._default(z.enum(['7', '30', '90'], { error: 'Days must be 7, 30 or 90' }), '30'),
    z.transform((value) => Number(value) as AnalyticsRange),
  ),
});

/** One UTC day and its scans; every day of the range is listed, days without scans as 0. */
export const scanDaySchema = z.object({ day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), scans: z.int() });
export type ScanDay = z.infer<typeof scanDaySchema>;

const count = z.int();
/** Scans counted before sources and devices were recorded have neither: they are `notRecorded`. */
export const scanSplitSchema = z.object({
  bySource: z.object({
    qr: count,
    link: count,
    nfc: count,
    appleWallet: count,
    googleWallet: count,
    signature: count,
    background: count,
    share: count,
    text: count,
    whatsapp: count,
    email: count,
    contact: count,
    notRecorded: count,
  } satisfies Record<ScanSource | 'notRecorded', typeof count>),
  byDevice: z.object({ phone: count, tablet: count, desktop: count, notRecorded: count }),
});
export type ScanSplit = z.infer<typeof scanSplitSchema>;

export const topCardSchema = z.object({ cardId: z.string(), employeeId: z.string(), name: z.string(), scans: count });
export type TopCard = z.infer<typeof topCardSchema>;

const seriesSchema = z.object({
  days: z.int(),
  /** Oldest first. */
  series: z.array(scanDaySchema),
  totalInRange: count,
  /** Every scan since the business (card) began: its scan total. */
  allTime: count,
  ...scanSplitSchema.shape,
});

export const scanAnalyticsSchema = z.extend(seriesSchema, {
  businessId: z.string(),
  /** The most scanned cards in the range, most first (at most five). */
  topCards: z.array(topCardSchema),
});
export type ScanAnalytics = z.infer<typeof scanAnalyticsSchema>;

/** The employee portal's view: the same numbers for the employee's own card (null and zeros before it has one). */
export const cardScanAnalyticsSchema = z.extend(seriesSchema, { cardId: z.nullable(z.string()) });
export type CardScanAnalytics = z.infer<typeof cardScanAnalyticsSchema>;

/** One client's scans in an agency's range, with its split by source and device (a row of the agency's CSV). */
export const clientScansSchema = z.extend(scanSplitSchema, { businessId: z.string(), scans: count });
export type ClientScans = z.infer<typeof clientScansSchema>;

/** GET /api/agency/analytics: scans per day across every client of the agency, by source and device, and by client. */
export const agencyScanAnalyticsSchema = z.object({
  days: z.int(),
  /** Oldest first, every day of the range. */
  series: z.array(scanDaySchema),
  totalInRange: count,
  ...scanSplitSchema.shape,
  /** Every client of the agency (one with no scans as 0), in no particular order. */
  byClient: z.array(clientScansSchema),
});
export type AgencyScanAnalytics = z.infer<typeof agencyScanAnalyticsSchema>;
