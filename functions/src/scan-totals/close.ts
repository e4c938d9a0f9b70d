// The daily close of scan counts (issue 25 §2): once a UTC day has ended, each business's card-days of that day are
// added into their card totals (which then say they hold it: `closedThrough`) and summed into the business's day item,
// which also carries the business's running total through that day (so the business is closed through its latest day
// item's day). Readers add the days after that from the card-days (open-days.ts), so totals are exact before,
// during and after a close. Runs at 00:10 UTC for yesterday and catches up any older day left open (a business's open
// card-days before today are read with one Query, whatever their number of days). The run fans out: a planner queues one
// message per business (plan-scan-close.ts), workers close them (close-worker.ts).
//
// Exactly once without markers: a card total is ADDed to only if it holds no day from D on (`closedThrough < D`), and
// that same write moves closedThrough to D, so a replay fails its condition and adds nothing. Per business and day the
// order is: the cards, then the business day (one PUT of the day's sums and the running total: idempotent). A crash
// anywhere leaves each item either closed through D or not; the next run finishes what is left. Two writes per scan at
// worst (its card's total, its business's day), where a separate business total would make three (docs/decisions.md).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { cardKeys, counterStamps } from '../data/card-keys';
import { businessCardDays, businessClosed, closedNameOf, countsOf, dayFields, openFromOf, sumCounts, totalFields, type CardDay, type DayCounts, type TotalField } from './open-days';

/** Cards of one business-day written side by side. */
const CARD_CONCURRENCY = 16;

export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function isConditionFailed(error: unknown): boolean {
  return (error as { name?: string }).name === 'ConditionalCheckFailedException';
}

/**
 * Adds `counts` of `day` to a card's total and marks it closed through `day`, only when it exists and holds no day from
 * `day` on. Returns false when the condition failed (already closed: a replay; or the card was deleted).
 */
async function closeTotal(key: Record<string, string>, day: string, counts: DayCounts): Promise<boolean> {
  const names: Record<string, string> = { '#pk': 'pk', '#through': 'closedThrough' };
  const values: Record<string, unknown> = { ':day': day };
  const adds = totalFields.flatMap((f) => {
    if (counts[f] === 0) return [];
    names[`#${f}`] = closedNameOf(f);
    values[`:${f}`] = counts[f];
    return [`#${f} :${f}`];
  });
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET #through = :day${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#through) OR #through < :day)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Step 1 of a business-day: each card-day into its card's total (a card deleted since has no total: skipped). */
export async function closeCardDays(day: string, cardDays: CardDay[]): Promise<number> {
  let closed = 0;
  await inParallel(cardDays, CARD_CONCURRENCY, async (cardDay) => {
    if (await closeTotal(cardKeys.cardScanTotal(cardDay.cardId), day, countsOf(cardDay as unknown as Record<string, unknown>))) closed++;
  });
  return closed;
}

/**
 * Step 2: the business's day item: the day's sums by source and device, and the business's running total through the
 * day (`running` is the one through the day before). One PUT: written again, it writes the same; once it is there the
 * business is closed through the day.
 */
export async function putBusinessDay(businessId: string, day: string, cardDays: CardDay[], running: Partial<Record<TotalField, number>>): Promise<Record<TotalField, number>> {
  const sums = sumCounts(cardDays as unknown as Record<string, unknown>[]);
  const through = Object.fromEntries(totalFields.map((f) => [f, (running[f] ?? 0) + sums[f]])) as Record<TotalField, number>;
  const counts = Object.fromEntries(dayFields.filter((f) => f === 'count' || sums[f] !== 0).map((f) => [f, sums[f]]));
  const closed = Object.fromEntries(totalFields.filter((f) => f === 'count' || through[f] !== 0).map((f) => [closedNameOf(f), through[f]]));
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...cardKeys.businessScanDay(businessId, day), ...counterStamps.businessScanDay(businessId, day), ...counts, ...closed } }),
  );
  return through;
}

export interface BusinessClosed {
  businessId: string;
  /** The days closed now, oldest first (none when nothing was open). */
  days: string[];
  cardDays: number;
}

/** Closes every open day of one business before `today` (YYYY-MM-DD, UTC), oldest first. */
export async function closeBusiness(businessId: string, today: string): Promise<BusinessClosed> {
  // Eventually consistent (half the price): the latest day item was written by an earlier run. Read stale right after a
  // run, it makes the close start a day early: the card totals' conditions turn that day away, and its PUT is the same.
  const closed = await businessClosed(businessId);
  const from = openFromOf([closed]);
  if (from !== undefined && from >= today) return { businessId, days: [], cardDays: 0 };
  const open = await businessCardDays(businessId, from, today);
  const byDay = new Map<string, CardDay[]>();
  for (const cardDay of open) byDay.set(cardDay.day, [...(byDay.get(cardDay.day) ?? []), cardDay]);
  const days = [...byDay.keys()].sort();
  let running: Partial<Record<TotalField, number>> = Object.fromEntries(totalFields.map((f) => [f, typeof closed?.[closedNameOf(f)] === 'number' ? (closed[closedNameOf(f)] as number) : 0]));
  for (const day of days) {
    const cardDays = byDay.get(day)!;
    await closeCardDays(day, cardDays);
    running = await putBusinessDay(businessId, day, cardDays, running);
  }
  return { businessId, days, cardDays: open.length };
}
