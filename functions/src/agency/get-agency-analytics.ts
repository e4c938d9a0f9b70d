// Agency analytics: scans per day across every client of an agency, by source and device, and by client, over the last
// 7, 30 or 90 days; the same figures as each client's own analytics (closed days from its day items, open days summed
// from its card-days, functions/src/scan-totals/open-days.ts). Its cost grows with the clients, not their cards: one
// Query of the client links, then per client two Queries side by side (its day items in the range, its card-days from
// the range's first day), 16 clients at a time. No agency-wide counter exists to read instead (docs/decisions.md).
import type { AgencyScanAnalytics, AnalyticsRange, ClientScans } from '../../../shared/schemas/analytics';
import { daysEnding, summarise } from '../business/get-scan-analytics';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { inParallel } from '../scan-totals/close';
import { businessCardDays, closedNameOf, isOpenFor, sumCounts, type CardDay, type StoredTotal } from '../scan-totals/open-days';
import { agencyIdOf } from './agency-access';
import { listClientLinks } from './repository';

/** Clients read side by side (two Queries each). */
const CLIENT_CONCURRENCY = 16;

type DayCounter = Parameters<typeof summarise>[1][number];

/**
 * A client's day counters of the range: its closed days (its day items up to its closedThrough) and its open days
 * (its card-days after it, summed per day). The range ends today, so the latest day item in it, if any, is the
 * business's latest (its closed total and closedThrough); none in the range: every card-day of the range is open.
 */
export async function clientDayCounters(businessId: string, range: readonly string[]): Promise<DayCounter[]> {
  const first = range[0]!;
  const last = range[range.length - 1]!;
  const [dayItems, cardDays] = await Promise.all([
    db().businessScanDay.query.primary({ businessId }).between({ day: first }, { day: last }).go({ pages: 'all' }),
    businessCardDays(businessId, first),
  ]);
  const latest = [...dayItems.data].sort((a, b) => b.day.localeCompare(a.day))[0] as (Record<string, unknown> & { day: string }) | undefined;
  const closed: StoredTotal | null = latest && typeof latest[closedNameOf('count')] === 'number' ? { closedThrough: latest.day } : null;
  const openByDay = new Map<string, CardDay[]>();
  for (const d of cardDays) if (d.day <= last && isOpenFor(closed, d.day)) openByDay.set(d.day, [...(openByDay.get(d.day) ?? []), d]);
  const open = [...openByDay].map(([day, list]) => ({ day, ...sumCounts(list as unknown as Record<string, unknown>[]) }));
  return [...dayItems.data.filter((d) => !isOpenFor(closed, d.day)), ...open];
}

/** The agency's scans over the range: every client's, summed per day, and each client's total and split. */
export async function getAgencyAnalytics(caller: Caller, days: AnalyticsRange, now = new Date()): Promise<AgencyScanAnalytics> {
  const agencyId = agencyIdOf(caller);
  const range = daysEnding(now, days);
  const links = agencyId ? await listClientLinks(agencyId) : [];
  const all: DayCounter[] = [];
  const byClient: ClientScans[] = [];
  await inParallel(links, CLIENT_CONCURRENCY, async ({ businessId }) => {
    const counters = await clientDayCounters(businessId, range);
    all.push(...counters);
    const { totalInRange, bySource, byDevice } = summarise(range, counters);
    byClient.push({ businessId, scans: totalInRange, bySource, byDevice });
  });
  // Several clients count the same day: summarise lists each day once, so sum the clients' days first.
  const byDay = new Map<string, DayCounter[]>();
  for (const c of all) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  const summed = [...byDay].map(([day, list]) => ({ day, ...sumCounts(list as unknown as Record<string, unknown>[]) }));
  return { days, ...summarise(range, summed), byClient };
}
