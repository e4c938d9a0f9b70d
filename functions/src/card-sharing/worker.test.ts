import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { CardChange } from '../business/card-changes';
import { handleCardRecords } from './worker';

const card = (overrides: Record<string, unknown> = {}) => ({
  pk: '$cardcrew#cardid_card-1',
  sk: '$card_1',
  gsi1pk: '$cardcrew#businessid_biz-1',
  gsi1sk: '$dashboard#employeeorder_x#card_1',
  __edb_e__: 'card',
  __edb_v__: '1',
  cardId: 'card-1',
  employeeId: 'emp-1',
  businessId: 'biz-1',
  isActive: true,
  profile: { name: 'Ada Lovelace', jobTitle: 'Analyst' },
  business: { name: 'Engines', primaryColor: '#112233', isActive: true },
  brandVersion: 1,
  ...overrides,
});

let sequence = 100;
function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', oldImage?: Record<string, unknown>, newImage?: Record<string, unknown>): DynamoDBRecord {
  const image = (newImage ?? oldImage)!;
  return {
    eventName,
    dynamodb: {
      Keys: marshall({ pk: image.pk, sk: image.sk }) as never,
      OldImage: oldImage ? (marshall(oldImage, { removeUndefinedValues: true }) as never) : undefined,
      NewImage: newImage ? (marshall(newImage, { removeUndefinedValues: true }) as never) : undefined,
      SequenceNumber: String((sequence += 1)),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

const events = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

function recorder() {
  const seen: CardChange[] = [];
  return { seen, reactions: { record: async (change: CardChange) => void seen.push(change) } };
}

describe('the card-sharing worker', () => {
  it('hands each reaction the card before and after a write, without the table keys', async () => {
    const { seen, reactions } = recorder();
    const before = card();
    const after = card({ profile: { name: 'Ada King', jobTitle: 'Analyst' } });
    const result = await handleCardRecords(events(record('MODIFY', before, after)), reactions);
    expect(result.batchItemFailures).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ cardId: 'card-1', businessId: 'biz-1', employeeId: 'emp-1' });
    expect(seen[0]!.before!.profile.name).toBe('Ada Lovelace');
    expect(seen[0]!.after!.profile.name).toBe('Ada King');
    expect(seen[0]!.after).not.toHaveProperty('pk');
    expect(seen[0]!.after).not.toHaveProperty('__edb_e__');
  });

  it('reacts to a new card, a deactivated card, a brand change and a deleted card', async () => {
    const { seen, reactions } = recorder();
    await handleCardRecords(
      events(
        record('INSERT', undefined, card()),
        record('MODIFY', card(), card({ isActive: false })),
        record('MODIFY', card(), card({ business: { name: 'Engines', primaryColor: '#445566', isActive: true } })),
        record('REMOVE', card(), undefined),
      ),
      reactions,
    );
    expect(seen.map((c) => [Boolean(c.before), Boolean(c.after)])).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
    expect(seen[1]!.after!.isActive).toBe(false);
    expect(seen[3]!.before!.cardId).toBe('card-1');
  });

  it('ignores writes that change nothing a shared card shows, other items and key order inside maps', async () => {
    const { seen, reactions } = recorder();
    const reordered = card({ profile: { jobTitle: 'Analyst', name: 'Ada Lovelace' }, qrCodeUrl: 'https://x/qr.png', updatedAt: '2026-11-25T00:00:00Z' });
    const scanTotal = { pk: '$cardcrew#cardid_card-1', sk: '$cardscantotal_1', cardId: 'card-1', scanCount: 3 };
    await handleCardRecords(events(record('MODIFY', card(), reordered), record('MODIFY', scanTotal, { ...scanTotal, scanCount: 4 })), reactions);
    expect(seen).toEqual([]);
  });

  it('reports the first record whose reaction fails, so that it and the records after it come again; a failed card goes no further', async () => {
    const done: string[] = [];
    const first = record('INSERT', undefined, card({ cardId: 'card-a' }));
    const failing = record('INSERT', undefined, card({ cardId: 'card-b' }));
    const other = record('INSERT', undefined, card({ cardId: 'card-c' }));
    const laterOfFailed = record('MODIFY', card({ cardId: 'card-b' }), card({ cardId: 'card-b', profile: { name: 'Ada King' } }));
    const result = await handleCardRecords(events(first, failing, other, laterOfFailed), {
      one: async (change) => {
        if (change.cardId === 'card-b' && !change.before) throw new Error('media bucket unavailable');
        done.push(change.cardId);
      },
    });
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: failing.dynamodb!.SequenceNumber }]);
    // Other cards ran (their reactions are idempotent, so running again on the retry is harmless); the failed card's
    // later change did not run ahead of it.
    expect(done.sort()).toEqual(['card-a', 'card-c']);
  });

  it('runs different cards of a batch at once and one card’s changes in stream order', async () => {
    const started: string[] = [];
    const finished: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a1 = record('INSERT', undefined, card({ cardId: 'card-a' }));
    const a2 = record('MODIFY', card({ cardId: 'card-a' }), card({ cardId: 'card-a', profile: { name: 'Ada King' } }));
    const b1 = record('INSERT', undefined, card({ cardId: 'card-b' }));
    const run = handleCardRecords(events(a1, a2, b1), {
      one: async (change) => {
        const step = `${change.cardId}:${change.after!.profile.name}`;
        started.push(step);
        if (step === 'card-a:Ada Lovelace') await held;
        finished.push(step);
      },
    });
    await new Promise((r) => setTimeout(r, 20));
    // card-b ran while card-a's first change was held; card-a's second waited for its first.
    expect(started).toEqual(['card-a:Ada Lovelace', 'card-b:Ada Lovelace']);
    expect(finished).toEqual(['card-b:Ada Lovelace']);
    release();
    expect((await run).batchItemFailures).toEqual([]);
    expect(finished).toEqual(['card-b:Ada Lovelace', 'card-a:Ada Lovelace', 'card-a:Ada King']);
  });
});
