// The closed + open arithmetic every scan reader shares (issue 25 §2): which card-days a total still lacks, where the
// Query for them starts, and that the running totals of earlier versions (no closedThrough) count for nothing.
import { describe, expect, it } from 'vitest';
import { closedNameOf, closedScansOf, dayAfter, dayBefore, isOpenFor, openFromOf, scansOf, sumCounts } from './open-days';

const days = [
  { day: '2026-02-27', count: 2 },
  { day: '2026-02-28', count: 3 },
  { day: '2026-03-01', count: 5 },
];

describe('closed figures + open days', () => {
  it('adds only the card-days after closedThrough to the closed figure', () => {
    const total = { closedThrough: '2026-02-28', closedScans: 40 };
    expect(days.map((d) => isOpenFor(total, d.day))).toEqual([false, false, true]);
    expect(scansOf(total, days)).toBe(45);
  });

  it('counts every card-day, and no closed figure, for a total that has closed nothing (earlier versions included)', () => {
    expect(scansOf(null, days)).toBe(10);
    expect(scansOf({ scanCount: 99, qrScans: 99, scanFold0: '2026-03-01#5' }, days)).toBe(10);
    expect(closedScansOf({ closedScans: 7 })).toBe(0);
  });

  it('starts the open-days Query the day after the earliest closedThrough, or at the first day when one closed nothing', () => {
    expect(openFromOf([{ closedThrough: '2026-02-28' }, { closedThrough: '2026-02-27' }])).toBe('2026-02-28');
    expect(openFromOf([{ closedThrough: '2026-02-28' }, null])).toBeUndefined();
    expect(openFromOf([{ closedThrough: '2024-02-28' }])).toBe('2024-02-29');
  });

  it('names the closed counters apart from the running ones and steps days across month ends', () => {
    expect(['count', 'qrScans', 'appleWalletScans'].map((f) => closedNameOf(f as never))).toEqual(['closedScans', 'closedQrScans', 'closedAppleWalletScans']);
    expect([dayAfter('2026-02-28'), dayBefore('2026-03-01'), dayAfter('2026-12-31')]).toEqual(['2026-03-01', '2026-02-28', '2027-01-01']);
    expect(sumCounts([{ count: 1, qrScans: 1 }, { count: 2, nfcScans: 2, phoneScans: 2 }])).toMatchObject({ count: 3, qrScans: 1, nfcScans: 2, phoneScans: 2, linkScans: 0 });
  });
});
