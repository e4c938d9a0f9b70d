// The planner's SendMessageBatch groups: ten messages at most, 256 KiB at most together (SQS refuses a longer batch).
import { describe, expect, it } from 'vitest';
import { batchesOf } from './queue';

describe('batchesOf', () => {
  it('puts ten small messages in a batch', () => {
    const bodies = Array.from({ length: 23 }, (_, i) => `{"payer":${i}}`);
    expect(batchesOf(bodies).map((batch) => batch.length)).toEqual([10, 10, 3]);
    expect(batchesOf(bodies).flat()).toEqual(bodies);
  });

  it("starts a new batch before 256 KiB: a big agency's messages go fewer to a batch", () => {
    const big = 'x'.repeat(100 * 1024);
    const batches = batchesOf([big, big, big, '{}', big]);
    expect(batches.map((batch) => batch.length)).toEqual([2, 3]); // 100 + 100 KiB; then 100 KiB, 2 bytes, 100 KiB
    for (const batch of batches) expect(batch.reduce((n, body) => n + Buffer.byteLength(body), 0)).toBeLessThanOrEqual(256 * 1024);
  });

  it('refuses a single message over 256 KiB', () => {
    expect(() => batchesOf(['x'.repeat(256 * 1024 + 1)])).toThrow(/256 KiB/);
  });

  it('has no batch for no messages', () => {
    expect(batchesOf([])).toEqual([]);
  });
});
