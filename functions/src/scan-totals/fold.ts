// The scan-totals fold (issue 25 §2): a card view writes only its card's day counter; this folds the counters' stream
// records, a batch at a time, into the card's total, the business's total and the business's day counter.
//
// Exactly once, although Lambda may deliver a record again (a failed batch is retried, split in two): a card-day's
// count only grows, by one a scan, so the stream images of a card-day are numbered by their count. The card's total
// item remembers, per recent day, the count of the card-day it has folded in (a marker `<day>#<count>` in one of three
// slots, chosen by the day, so the item stays small). Each business's share of a batch is one transaction: every card
// total is conditioned on its marker being where this batch starts, and the business's items are added to in the same
// transaction. A batch that was folded before finds a marker further on: the card is re-read and only what was not
// folded yet is added (usually nothing). Records of one card arrive in order (one partition key, one shard lineage).
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { scanSourceCounterOf, scanSources } from '../../../shared/scan-sources';
import { dynamo, tableName } from '../data/client';
import { cardKeys, counterStamps } from '../data/card-keys';
import { logger } from '../lib/logger';
import { FOLD_COUNTER } from './fold-counter';

/** A day counter's fields: its count, by source and by device class. */
export const dayFields = ['count', ...scanSources.map(scanSourceCounterOf), 'phoneScans', 'tabletScans', 'desktopScans'] as const;
export type DayField = (typeof dayFields)[number];
export type DayCounts = Record<DayField, number>;
/** A total's fields: `scanCount` (a day's `count`) and the source counters (totals are not split by device). */
const totalFields = ['count', ...scanSources.map(scanSourceCounterOf)] as const;
const totalNameOf = (field: DayField) => (field === 'count' ? 'scanCount' : field);

const DAY_MS = 24 * 60 * 60 * 1000;
const zero = (): DayCounts => Object.fromEntries(dayFields.map((f) => [f, 0])) as DayCounts;

/**
 * One card-day's records in a batch, in stream order: each is one scan (its count numbers it). `folds` is false for a
 * scan counted by the card page before issue 25 (four writes): its totals were written then, so it is not added again.
 */
export interface CardDayRun {
  cardId: string;
  businessId: string;
  day: string;
  scans: { count: number; delta: DayCounts; folds: boolean }[];
}


function countsOf(image: Record<string, AttributeValue> | undefined): { counts: DayCounts; folds: number; item: Record<string, unknown> } {
  const item = image ? unmarshall(image as Parameters<typeof unmarshall>[0]) : {};
  const counts = zero();
  for (const f of dayFields) counts[f] = typeof item[f] === 'number' ? (item[f] as number) : 0;
  return { counts, folds: typeof item[FOLD_COUNTER] === 'number' ? (item[FOLD_COUNTER] as number) : 0, item };
}

/** The batch's card-day counter records (INSERT/MODIFY), grouped by card-day in order of first appearance. */
export function runsOf(records: DynamoDBRecord[]): CardDayRun[] {
  const runs = new Map<string, CardDayRun>();
  for (const record of records) {
    if (!record.dynamodb?.NewImage) continue;
    const after = countsOf(record.dynamodb.NewImage);
    const before = countsOf(record.dynamodb.OldImage);
    const { cardId, businessId, day } = after.item as { cardId?: string; businessId?: string; day?: string };
    if (!cardId || !businessId || !day || after.counts.count <= before.counts.count) continue;
    const scan = {
      count: after.counts.count,
      delta: Object.fromEntries(dayFields.map((f) => [f, after.counts[f] - before.counts[f]])) as DayCounts,
      folds: after.folds > before.folds,
    };
    const key = `${cardId}|${day}`;
    const run = runs.get(key);
    if (run) run.scans.push(scan);
    else runs.set(key, { cardId, businessId, day, scans: [scan] });
  }
  return [...runs.values()];
}

/** The card total's attribute that holds the fold marker of `day` (three slots: today, yesterday, the day before). */
export function foldSlotOf(day: string): string {
  return `scanFold${Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS) % 3}`;
}

/** The count of `day` a card total has folded in, from its marker (0 when the slot holds another day or nothing). */
export function foldedCountOf(item: Record<string, unknown> | undefined, day: string): number {
  const marker = item?.[foldSlotOf(day)];
  return typeof marker === 'string' && marker.startsWith(`${day}#`) ? Number(marker.slice(day.length + 1)) : 0;
}

/** What a run adds on top of its card-day's first `folded` scans (already folded): null when there is nothing to add. */
export function pendingOf(run: CardDayRun, folded: number): DayCounts | null {
  const last = run.scans[run.scans.length - 1]!.count;
  if (folded >= last) return null;
  const delta = zero();
  for (const scan of run.scans) if (scan.count > folded && scan.folds) for (const f of dayFields) delta[f] += scan.delta[f];
  return delta;
}

/** One card-day to fold: from `folded` (the marker it expects) up to `run`'s last count, adding `delta`. */
interface Fold {
  run: CardDayRun;
  folded: number;
  delta: DayCounts;
}

function addExpression(fields: readonly DayField[], delta: DayCounts, nameOf: (f: DayField) => string, names: Record<string, string>, values: Record<string, unknown>): string[] {
  return fields.flatMap((f) => {
    if (delta[f] === 0) return [];
    names[`#${f}`] = nameOf(f);
    values[`:${f}`] = delta[f];
    return [`#${f} :${f}`];
  });
}

/** The card total's update: add the card-day's delta, move its marker, only if the marker is where this fold starts. */
function cardTotalUpdate({ run, folded, delta }: Fold) {
  const names: Record<string, string> = { '#pk': 'pk', '#fold': foldSlotOf(run.day) };
  const values: Record<string, unknown> = { ':marker': `${run.day}#${run.scans[run.scans.length - 1]!.count}` };
  const adds = addExpression(totalFields, delta, totalNameOf, names, values);
  let expected: string;
  if (folded > 0) {
    values[':expected'] = `${run.day}#${folded}`;
    expected = '#fold = :expected';
  } else {
    values[':day'] = `${run.day}#`;
    expected = '(attribute_not_exists(#fold) OR NOT begins_with(#fold, :day))';
  }
  return {
    Update: {
      TableName: tableName(),
      Key: cardKeys.cardScanTotal(run.cardId),
      UpdateExpression: `SET #fold = :marker${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ConditionExpression: `attribute_exists(#pk) AND ${expected}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function sum(deltas: DayCounts[]): DayCounts {
  const total = zero();
  for (const d of deltas) for (const f of dayFields) total[f] += d[f];
  return total;
}

/** The business's total (it must exist: it is created with the business) and its day counters (created by the first ADD). */
function businessUpdates(businessId: string, folds: Fold[]) {
  const names: Record<string, string> = { '#pk': 'pk' };
  const values: Record<string, unknown> = {};
  const adds = addExpression(totalFields, sum(folds.map((f) => f.delta)), totalNameOf, names, values);
  // Only scans counted before issue 25 (already in the totals): the card markers move, the business has nothing to add.
  if (adds.length === 0) return [];
  const total = {
    Update: {
      TableName: tableName(),
      Key: cardKeys.businessScanTotal(businessId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  const days = [...new Set(folds.map((f) => f.run.day))].flatMap((day) => {
    const dayNames: Record<string, string> = {};
    const dayValues: Record<string, unknown> = {};
    const dayAdds = addExpression(dayFields, sum(folds.filter((f) => f.run.day === day).map((f) => f.delta)), (f) => f, dayNames, dayValues);
    if (dayAdds.length === 0) return [];
    const sets = Object.entries(counterStamps.businessScanDay(businessId, day)).map(([name, value], i) => {
      dayNames[`#s${i}`] = name;
      dayValues[`:s${i}`] = value;
      return `#s${i} = :s${i}`;
    });
    return [
      {
        Update: {
          TableName: tableName(),
          Key: cardKeys.businessScanDay(businessId, day),
          UpdateExpression: `SET ${sets.join(', ')} ADD ${dayAdds.join(', ')}`,
          ExpressionAttributeNames: dayNames,
          ExpressionAttributeValues: dayValues,
        },
      },
    ];
  });
  return [total, ...days];
}

/** Re-reads a card total whose marker was not where the fold expected it, and folds only what is still missing. */
async function refold(fold: Fold): Promise<Fold | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cardKeys.cardScanTotal(fold.run.cardId), ConsistentRead: true }));
  if (!Item) {
    // The card was deleted (with its total) after these scans: they are not added to the business either.
    logger.info('scan fold: the card total is gone, its last scans are not folded', { cardId: fold.run.cardId, day: fold.run.day });
    return null;
  }
  const folded = foldedCountOf(Item, fold.run.day);
  const delta = pendingOf(fold.run, folded);
  return delta ? { run: fold.run, folded, delta } : null;
}

/** Items per transaction: DynamoDB allows 100; the business's total and up to three days take the rest. */
const CARDS_PER_TRANSACTION = 90;
const MAX_ATTEMPTS = 20;

/** Folds one business's card-days (each card at most once: one day of it) in transactions of up to 90 cards. */
async function foldBusiness(businessId: string, folds: Fold[]): Promise<void> {
  for (let start = 0; start < folds.length; start += CARDS_PER_TRANSACTION) {
    let chunk = folds.slice(start, start + CARDS_PER_TRANSACTION);
    for (let attempt = 1; chunk.length > 0; attempt++) {
      try {
        await dynamo().send(new TransactWriteCommand({ TransactItems: [...chunk.map(cardTotalUpdate), ...businessUpdates(businessId, chunk)] }));
        break;
      } catch (error) {
        const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if ((error as Error).name !== 'TransactionCanceledException' || !reasons || attempt >= MAX_ATTEMPTS) throw error;
        // The business's total comes right after the cards (when the chunk adds to it at all).
        if (reasons.length > chunk.length && reasons[chunk.length]?.Code === 'ConditionalCheckFailed') {
          logger.info('scan fold: the business is gone, its last scans are not folded', { businessId });
          return;
        }
        const stale = new Set(reasons.flatMap((r, i) => (i < chunk.length && r.Code === 'ConditionalCheckFailed' ? [i] : [])));
        if (stale.size === 0) {
          // Another invocation is folding the same business right now (TransactionConflict): wait and try again.
          await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random())));
          continue;
        }
        const refolded = await Promise.all(chunk.map((fold, i) => (stale.has(i) ? refold(fold) : fold)));
        chunk = refolded.filter((f): f is Fold => f !== null);
      }
    }
  }
}

/**
 * Folds a batch of card-day records. A card with records of two days in the batch (around midnight) has them folded
 * one day after the other (a transaction names each item once). Businesses are folded side by side.
 */
export async function foldScanRecords(records: DynamoDBRecord[]): Promise<void> {
  const runs = runsOf(records).sort((a, b) => a.day.localeCompare(b.day));
  const rounds: CardDayRun[][] = [];
  for (const run of runs) {
    const free = rounds.find((round) => !round.some((r) => r.cardId === run.cardId)) ?? (rounds.push([]), rounds[rounds.length - 1]!);
    free.push(run);
  }
  for (const round of rounds) {
    const byBusiness = new Map<string, Fold[]>();
    for (const run of round) {
      // The marker is expected where the run starts: the count before its first scan.
      const folded = run.scans[0]!.count - 1;
      const delta = pendingOf(run, folded)!;
      byBusiness.set(run.businessId, [...(byBusiness.get(run.businessId) ?? []), { run, folded, delta }]);
    }
    const queue = [...byBusiness];
    await Promise.all(
      Array.from({ length: Math.min(8, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await foldBusiness(next[0], next[1]);
      }),
    );
  }
}
