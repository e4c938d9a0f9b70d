// Scans over time (issue 9 §5, issue 11 §2) from the per-day counters the card page keeps. For a business: one Query
// of its latest day item (its closed total and closedThrough) beside one Query of its day items in the range (closed
// days: series, sources, devices); then one Query of its card-days from the range's start or its first open day (open
// days' series, top cards, the all-time total), and one BatchGetItem naming the top cards. For the employee's own card: one Query and one GetItem.
// Days without scans have no counter item; they are listed as 0 so a chart has every day.
import type { AnalyticsRange, CardScanAnalytics, ScanAnalytics, ScanSplit, TopCard } from '../../../shared/schemas/analytics';
import { scanSourceCounterOf, scanSources, type ScanSource } from '../../../shared/scan-sources';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { getCardOfEmployee } from './employee-repository';
import { myEmployeeRecord } from './my-employee';
import { businessCardDays, businessClosed, isOpenFor, openFromOf, scansOf, sumCounts, type CardDay } from '../scan-totals/open-days';
import { getCardScanTotal } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_CARDS = 5;

/** The UTC days of a range ending today, oldest first (the card page counts scans by UTC day). */
export function daysEnding(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** A day counter as stored: its total and its split (absent on days counted before the split was recorded). */
type DayCounter = { day: string; count?: number; phoneScans?: number; tabletScans?: number; desktopScans?: number } & Partial<Record<`${ScanSource}Scans`, number>>;

/** Every day of the range with its scans, the range's total, and its split by source and by device. */
export function summarise(range: string[], counters: DayCounter[]): { series: ScanAnalytics['series']; totalInRange: number } & ScanSplit {
  const byDay = new Map(counters.map((c) => [c.day, c.count ?? 0]));
  const series = range.map((day) => ({ day, scans: byDay.get(day) ?? 0 }));
  const totalInRange = series.reduce((sum, d) => sum + d.scans, 0);
  const sum = (field: keyof Omit<DayCounter, 'day'>) => counters.reduce((total, c) => total + (c[field] ?? 0), 0);
  const bySource = Object.fromEntries(scanSources.map((source) => [source, sum(scanSourceCounterOf(source))])) as Record<ScanSource, number>;
  const byDevice = { phone: sum('phoneScans'), tablet: sum('tabletScans'), desktop: sum('desktopScans') };
  const sourced = scanSources.reduce((total, source) => total + bySource[source], 0);
  return {
    series,
    totalInRange,
    bySource: { ...bySource, notRecorded: totalInRange - sourced },
    byDevice: { ...byDevice, notRecorded: totalInRange - byDevice.phone - byDevice.tablet - byDevice.desktop },
  };
}

/** The business's most scanned cards in the range, from its card-days of the range (gsi2: business, day, card). */
async function topCardsOf(businessId: string, cardDays: CardDay[]): Promise<TopCard[]> {
  const scansByCard = new Map<string, number>();
  for (const d of cardDays) scansByCard.set(d.cardId, (scansByCard.get(d.cardId) ?? 0) + (d.count ?? 0));
  const top = [...scansByCard].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_CARDS);
  if (top.length === 0) return [];
  const { data: cards } = await db()
    .card.get(top.map(([cardId]) => ({ cardId })))
    .go({ attributes: ['cardId', 'employeeId', 'profile', 'businessId'] });
  const byId = new Map(cards.filter((c) => c.businessId === businessId).map((c) => [c.cardId, c]));
  return top.flatMap(([cardId, scans]) => {
    const card = byId.get(cardId);
    // A card deleted since its scans were counted is left out of the list (its scans stay in the totals).
    return card ? [{ cardId, employeeId: card.employeeId, name: card.profile.name, scans }] : [];
  });
}

/**
 * The business's days: closed days (up to its closedThrough) from its day items, open days summed from its
 * card-days (issue 25 §2). The card-days are read from the range's first day, or from the first open day when that
 * is earlier (the all-time total adds every open day); the same Query gives the top cards.
 */
export async function getScanAnalytics(caller: Caller, businessId: string, days: AnalyticsRange, now = new Date()): Promise<ScanAnalytics> {
  await assertMay(caller, businessId, 'analytics');
  const range = daysEnding(now, days);
  const first = range[0]!;
  const last = range[range.length - 1]!;
  const [total, dayItems] = await Promise.all([
    businessClosed(businessId),
    db().businessScanDay.query.primary({ businessId }).between({ day: first }, { day: last }).go({ pages: 'all' }),
  ]);
  const openFrom = openFromOf([total]);
  const closed = dayItems.data;
  const cardDays = await businessCardDays(businessId, openFrom !== undefined && openFrom < first ? openFrom : first);
  const inRange = cardDays.filter((d) => d.day >= first && d.day <= last);
  const openByDay = new Map<string, CardDay[]>();
  for (const d of inRange) if (isOpenFor(total, d.day)) openByDay.set(d.day, [...(openByDay.get(d.day) ?? []), d]);
  const open = [...openByDay].map(([day, list]) => ({ day, ...sumCounts(list as unknown as Record<string, unknown>[]) }));
  const topCards = await topCardsOf(businessId, inRange);
  return { businessId, days, ...summarise(range, [...closed.filter((d) => isOpenFor(total, d.day) === false), ...open]), allTime: scansOf(total, cardDays), topCards };
}

/** The employee portal: the same view of the caller's own card (404 when they are not linked to an employee). */
export async function getMyScanAnalytics(caller: Caller, days: AnalyticsRange, now = new Date()): Promise<CardScanAnalytics> {
  const employee = await myEmployeeRecord(caller);
  const range = daysEnding(now, days);
  const card = await getCardOfEmployee(employee);
  if (!card) return { cardId: null, days, ...summarise(range, []), allTime: 0 };
  const [counted, allTime] = await Promise.all([
    db()
      .cardScanDay.query.primary({ cardId: card.cardId })
      .between({ day: range[0]! }, { day: range[range.length - 1]! })
      .go({ pages: 'all' }),
    getCardScanTotal(card.cardId),
  ]);
  return { cardId: card.cardId, days, ...summarise(range, counted.data), allTime };
}
