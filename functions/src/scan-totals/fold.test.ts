// The fold's pure parts: records grouped into card-day runs with each scan's delta, the marker slots, and what a run
// adds after a given folded count (replays add nothing, scans of the four-write card page add nothing).
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { foldedCountOf, foldSlotOf, pendingOf, runsOf } from './fold';

function record(cardId: string, day: string, before: Record<string, number> | null, after: Record<string, number>): DynamoDBRecord {
  const item = (counts: Record<string, number>) => marshall({ pk: `p-${cardId}`, sk: `$cardscanday_1#day_${day}`, cardId, businessId: 'b1', day, ...counts }) as never;
  return { eventName: before ? 'MODIFY' : 'INSERT', dynamodb: { NewImage: item(after), OldImage: before ? item(before) : undefined } };
}

describe('runsOf', () => {
  it('groups a batch by card-day in order, one scan a record, with its delta and whether it is to be folded', () => {
    const runs = runsOf([
      record('c1', '2026-11-26', null, { count: 1, foldScans: 1, qrScans: 1, phoneScans: 1 }),
      record('c2', '2026-11-26', { count: 4, linkScans: 4, desktopScans: 4 }, { count: 5, linkScans: 5, desktopScans: 5 }),
      record('c1', '2026-11-26', { count: 1, foldScans: 1, qrScans: 1, phoneScans: 1 }, { count: 2, foldScans: 2, qrScans: 1, nfcScans: 1, phoneScans: 2 }),
    ]);
    expect(runs.map((r) => [r.cardId, r.businessId, r.day, r.scans.map((s) => [s.count, s.folds])])).toEqual([
      ['c1', 'b1', '2026-11-26', [[1, true], [2, true]]],
      ['c2', 'b1', '2026-11-26', [[5, false]]],
    ]);
    expect(runs[0]!.scans[1]!.delta).toMatchObject({ count: 1, nfcScans: 1, qrScans: 0, phoneScans: 1 });
  });
});

describe('markers', () => {
  it('gives today, yesterday and the day before three different slots, and reads a slot of another day as nothing folded', () => {
    expect(new Set(['2026-11-24', '2026-11-25', '2026-11-26'].map(foldSlotOf)).size).toBe(3);
    expect(foldSlotOf('2026-11-23')).toBe(foldSlotOf('2026-11-26'));
    const slot = foldSlotOf('2026-11-26');
    expect(foldedCountOf({ [slot]: '2026-11-26#17' }, '2026-11-26')).toBe(17);
    expect(foldedCountOf({ [slot]: '2026-11-23#40' }, '2026-11-26')).toBe(0);
    expect(foldedCountOf({}, '2026-11-26')).toBe(0);
  });
});

describe('pendingOf', () => {
  const run = runsOf([1, 2, 3, 4].map((n) => record('c1', '2026-11-26', n > 1 ? { count: n - 1, foldScans: n - 1, qrScans: n - 1 } : null, { count: n, foldScans: n, qrScans: n })))[0]!;

  it('adds the scans after the folded count, and nothing once the run is folded', () => {
    expect(pendingOf(run, 0)).toMatchObject({ count: 4, qrScans: 4 });
    expect(pendingOf(run, 2)).toMatchObject({ count: 2, qrScans: 2 });
    expect(pendingOf(run, 4)).toBeNull();
    expect(pendingOf(run, 9)).toBeNull();
  });
});
