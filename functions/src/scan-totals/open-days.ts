// Scan totals = closed figures + open days (issue 25 §2). A card view adds only to its card's day counter (cardScanDay).
// The daily close (close.ts) adds each ended day into the card's total (which says the last day it holds:
// `closedThrough`) and writes the business's day item with the business's running total through that day (so the
// business's latest day item is its closed total, and its day the business's closedThrough). Every reader adds the
// days after that from the card-days (one Query), so a total is exact at every moment. This module is the one place
// that arithmetic lives: the closed attributes, which card-days are open for a total, and the Queries that read them.
//
// Transition: the closed figures live in attributes of their own (`closedScans`, `closedQrScans`, …). A card total
// without `closedThrough`, or a business whose latest day item has no running total (created before any close, or
// written by an earlier version, whose `scanCount`, source counters and `scanFold<n>` markers are ignored), has closed
// nothing: every card-day of it is open. The card-days hold every scan the product counted (each version wrote the
// card-day), so this is exact without a migration. The businessScanTotal item is no longer read or written.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { scanSourceCounterOf, scanSources } from '../../../shared/scan-sources';
import { dynamo, tableName } from '../data/client';
import { cardKeys } from '../data/card-keys';
import { keyPart } from '../data/key-format';

/** A day counter's fields: its count, by source and by device class. */
export const dayFields = ['count', ...scanSources.map(scanSourceCounterOf), 'phoneScans', 'tabletScans', 'desktopScans'] as const;
export type DayField = (typeof dayFields)[number];
export type DayCounts = Record<DayField, number>;
/** The fields a total closes (totals are not split by device). */
export const totalFields = ['count', ...scanSources.map(scanSourceCounterOf)] as const satisfies readonly DayField[];
export type TotalField = (typeof totalFields)[number];

/** The attribute of a total that holds the closed figure of a day field: `closedScans`, `closedQrScans`, … */
export function closedNameOf(field: TotalField): string {
  return field === 'count' ? 'closedScans' : `closed${field[0]!.toUpperCase()}${field.slice(1)}`;
}

/** A card-day as read by the readers and the close (the card page's counter item). */
export interface CardDay extends Partial<DayCounts> {
  cardId: string;
  businessId?: string;
  day: string;
}

/** A total item as stored: its closed figures and the last day they hold (none: nothing closed yet). */
export type StoredTotal = { closedThrough?: string } & Partial<Record<string, unknown>>;

export function zeroCounts(): DayCounts {
  return Object.fromEntries(dayFields.map((f) => [f, 0])) as DayCounts;
}

export function countsOf(item: Partial<Record<string, unknown>>): DayCounts {
  return Object.fromEntries(dayFields.map((f) => [f, typeof item[f] === 'number' ? item[f] : 0])) as DayCounts;
}

export function sumCounts(days: Partial<Record<string, unknown>>[]): DayCounts {
  const sum = zeroCounts();
  for (const d of days) for (const f of dayFields) sum[f] += typeof d[f] === 'number' ? (d[f] as number) : 0;
  return sum;
}

/** The last day a total holds (undefined: none). */
export function closedThroughOf(total: StoredTotal | null | undefined): string | undefined {
  return typeof total?.closedThrough === 'string' ? total.closedThrough : undefined;
}

/** A card-day is open for a total when it is after the total's closedThrough (every day, when it has none). */
export function isOpenFor(total: StoredTotal | null | undefined, day: string): boolean {
  const through = closedThroughOf(total);
  return through === undefined || day > through;
}

/** The closed scans of a total (0 when nothing is closed; an earlier version's `scanCount` does not count). */
export function closedScansOf(total: StoredTotal | null | undefined): number {
  if (closedThroughOf(total) === undefined) return 0;
  const value = total?.[closedNameOf('count')];
  return typeof value === 'number' ? value : 0;
}

/** A total's scans: its closed figure plus its open card-days (the caller passes the card-days that may be open). */
export function scansOf(total: StoredTotal | null | undefined, cardDays: Pick<CardDay, 'day' | 'count'>[]): number {
  return closedScansOf(total) + cardDays.reduce((sum, d) => sum + (isOpenFor(total, d.day) ? (d.count ?? 0) : 0), 0);
}

/** The earliest day a Query must start at to see every open day of these totals (undefined: from the first day). */
export function openFromOf(totals: (StoredTotal | null | undefined)[]): string | undefined {
  let from: string | undefined;
  for (const total of totals) {
    const through = closedThroughOf(total);
    if (through === undefined) return undefined;
    const next = dayAfter(through);
    if (from === undefined || next < from) from = next;
  }
  return from;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * A business's card-days from `from` (inclusive; undefined: its first) up to `before` (exclusive; undefined: every
 * day), oldest first: one Query of gsi2 `byBusiness` (business, day, card). A card-day's sort key goes on with its card
 * id after the day, so the bounds are bare days (`…#day_<d>` sorts before every card-day of d).
 */
export async function businessCardDays(businessId: string, from?: string, before?: string): Promise<CardDay[]> {
  const prefix = '$cardscanday_1#day_';
  const values: Record<string, unknown> = { ':pk': keyPart('businessid', businessId) };
  let range: string;
  if (from !== undefined && before !== undefined) {
    values[':from'] = `${prefix}${from}`;
    values[':to'] = `${prefix}${dayBefore(before)}#~`;
    range = 'gsi2sk BETWEEN :from AND :to';
  } else if (from !== undefined) {
    values[':from'] = `${prefix}${from}`;
    values[':to'] = `${prefix}~`;
    range = 'gsi2sk BETWEEN :from AND :to';
  } else if (before !== undefined) {
    values[':from'] = prefix;
    values[':to'] = `${prefix}${dayBefore(before)}#~`;
    range = 'gsi2sk BETWEEN :from AND :to';
  } else {
    values[':from'] = prefix;
    range = 'begins_with(gsi2sk, :from)';
  }
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: `gsi2pk = :pk AND ${range}`,
    ExpressionAttributeValues: values,
  });
  return items as unknown as CardDay[];
}

/** A card's card-days from `from` (inclusive; undefined: its first), oldest first: one Query of its partition. */
export async function cardDaysOf(cardId: string, from?: string): Promise<CardDay[]> {
  const { pk } = cardKeys.cardScanDay(cardId, '');
  const prefix = '$cardscanday_1#day_';
  return (await queryAll({
    TableName: tableName(),
    KeyConditionExpression: from === undefined ? 'pk = :pk AND begins_with(sk, :from)' : 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: from === undefined ? { ':pk': pk, ':from': prefix } : { ':pk': pk, ':from': `${prefix}${from}`, ':to': `${prefix}~` },
  })) as unknown as CardDay[];
}

/**
 * A business's closed figures: its latest day item, which the close writes with the running total through that day
 * (`closedScans`, `closedQrScans`, …); its day is the business's closedThrough. One Query (newest first, one item).
 * Null when nothing is closed (no day item, or only one an earlier version wrote, without a running total).
 */
export async function businessClosed(businessId: string): Promise<StoredTotal | null> {
  const { pk } = cardKeys.businessScanDay(businessId, '');
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': pk, ':day': '$businessscanday_1#day_' },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const latest = Items?.[0] as Record<string, unknown> | undefined;
  return latest && typeof latest[closedNameOf('count')] === 'number' ? { ...latest, closedThrough: String(latest.day) } : null;
}

/**
 * The open card-days of a business: those after its closedThrough. They include every open day of each of its cards
 * too: a close adds a business's card-days of a day into their card totals before it writes the business's day, so no
 * card of the business has a card-day left open on or before the business's closedThrough.
 */
export function openBusinessCardDays(businessId: string, closed: StoredTotal | null | undefined): Promise<CardDay[]> {
  return businessCardDays(businessId, openFromOf([closed]));
}

/** A card's scans: its total (consistent GetItem) and then its open card-days (one Query). */
export async function cardScans(cardId: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cardKeys.cardScanTotal(cardId), ConsistentRead: true }));
  const total = (Item as StoredTotal | undefined) ?? null;
  return scansOf(total, await cardDaysOf(cardId, openFromOf([total])));
}

/** A business's scans: its closed figures (its latest day item) and then its open card-days (one Query each). */
export async function businessScans(businessId: string): Promise<number> {
  const closed = await businessClosed(businessId);
  return scansOf(closed, await openBusinessCardDays(businessId, closed));
}
