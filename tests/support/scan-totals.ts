// Waiting for the scan-totals worker (issue 25 §2): a card view writes only its card's day counter, and the worker folds
// it into the card's and business's totals from the table's stream (1–2 s locally). A test that reads a total after
// scanning waits here first.
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { tables } from './runtime';

/** Waits (up to `waitMs`) until every scan counted on these cards' day counters is in their card totals. */
export async function scansFolded(cardIds: string[], waitMs = 30_000): Promise<void> {
  const db = await tables();
  const deadline = Date.now() + waitMs;
  for (;;) {
    const behind: string[] = [];
    for (const cardId of cardIds) {
      const days = await db.cardScanDay.query.primary({ cardId }).go({ pages: 'all', consistent: true });
      const counted = days.data.reduce((sum, d) => sum + (d.foldScans ?? 0), 0);
      const total = (await db.cardScanTotal.get({ cardId }).go({ consistent: true })).data?.scanCount ?? 0;
      if (total < counted) behind.push(`${cardId}: ${total} of ${counted}`);
    }
    if (behind.length === 0) return;
    if (Date.now() > deadline) throw new Error(`scan totals not folded in ${waitMs} ms: ${behind.join(', ')}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

type Counts = Partial<Record<string, number>>;
type Scan = { source?: string; device?: string; folds?: boolean };

/**
 * The stream records of a card-day counter for `scans` in a row, as the table's stream delivers them (INSERT for the
 * first scan of the day, then MODIFY, with old and new images), starting from the counts `from`: for running the fold
 * in-process on records a test chooses (replays, splits). `folds: false` is a scan the four-write card page counted.
 */
export function cardDayRecords(cardId: string, businessId: string, day: string, scans: Scan[], from: Counts = {}): DynamoDBRecord[] {
  const stamps = { __edb_e__: 'cardScanDay', __edb_v__: '1', cardId, businessId, day };
  const keys = { pk: `$cardcrew#cardid_${cardId.toLowerCase()}`, sk: `$cardscanday_1#day_${day}` };
  let before: Counts = from;
  return scans.map((scan) => {
    const source = `${scan.source ?? 'qr'}Scans`;
    const device = `${scan.device ?? 'phone'}Scans`;
    const after: Counts = { ...before, count: (before.count ?? 0) + 1, [source]: (before[source] ?? 0) + 1, [device]: (before[device] ?? 0) + 1 };
    if (scan.folds !== false) after.foldScans = (before.foldScans ?? 0) + 1;
    const record: DynamoDBRecord = {
      eventName: before.count ? 'MODIFY' : 'INSERT',
      dynamodb: {
        Keys: marshall(keys) as never,
        NewImage: marshall({ ...keys, ...stamps, ...after }) as never,
        OldImage: before.count ? (marshall({ ...keys, ...stamps, ...before }) as never) : undefined,
        SequenceNumber: `${cardId}-${day}-${after.count}`,
      },
    };
    before = after;
    return record;
  });
}

/** The record of a card-day's `count`-th scan (a QR scan from a phone, after as many before it). */
export function cardDayRecord(cardId: string, businessId: string, day: string, count: number): DynamoDBRecord {
  const prior = count - 1;
  return cardDayRecords(cardId, businessId, day, [{}], prior ? { count: prior, foldScans: prior, qrScans: prior, phoneScans: prior } : {})[0]!;
}
