// Scans over time for one business (issue 9 §5): one Query of its per-day counters for the range, one GetItem of
// its scan total. Days without scans have no counter item; they are listed as 0 so a chart has every day.
import type { AnalyticsRange, ScanAnalytics } from '../../../shared/schemas/analytics';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertCanManageBusiness } from '../identity/access';
import { getBusinessScanTotal } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days of a range ending today, oldest first (the card page counts scans by UTC day). */
export function daysEnding(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export async function getScanAnalytics(caller: Caller, businessId: string, days: AnalyticsRange, now = new Date()): Promise<ScanAnalytics> {
  await assertCanManageBusiness(caller, businessId);
  const range = daysEnding(now, days);
  const [counted, allTime] = await Promise.all([
    db()
      .businessScanDay.query.primary({ businessId })
      .between({ day: range[0]! }, { day: range[range.length - 1]! })
      .go({ pages: 'all' }),
    getBusinessScanTotal(businessId),
  ]);
  const byDay = new Map(counted.data.map((item) => [item.day, item.count ?? 0]));
  const series = range.map((day) => ({ day, scans: byDay.get(day) ?? 0 }));
  return { businessId, days, series, totalInRange: series.reduce((sum, d) => sum + d.scans, 0), allTime };
}
