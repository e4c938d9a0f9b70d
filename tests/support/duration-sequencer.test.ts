// The system tests' shards by measured duration: every file in exactly one shard, the loads close to even.
import { describe, expect, it } from 'vitest';
import { shardByDuration, wholeFileDurations } from './duration-sequencer';

const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts', 'e.test.ts', 'new.test.ts'];
const durations = { 'a.test.ts': 300, 'b.test.ts': 200, 'c.test.ts': 100, 'd.test.ts': 90, 'e.test.ts': 10 };

describe('shardByDuration', () => {
  it('puts every file in exactly one shard, longest first onto the least loaded', () => {
    const shards = [1, 2].map((i) => shardByDuration(files, durations, i, 2));
    expect([...shards[0]!, ...shards[1]!].sort()).toEqual([...files].sort());
    expect(shards[0]!.size + shards[1]!.size).toBe(files.length);
    // a (300) | b (200), c (100); the unmeasured file counts as the median (100): 300 vs 300, the first shard; then d
    // (90) and e (10) onto the second: 400 and 400.
    expect([...shards[0]!].sort()).toEqual(['a.test.ts', 'new.test.ts']);
    expect([...shards[1]!].sort()).toEqual(['b.test.ts', 'c.test.ts', 'd.test.ts', 'e.test.ts']);
  });

  it('gives the same answer whatever order the files come in (each shard is its own process)', () => {
    const reversed = [...files].reverse();
    for (const i of [1, 2, 3]) expect(shardByDuration(reversed, durations, i, 3)).toEqual(shardByDuration(files, durations, i, 3));
  });

  it('shares files out evenly when nothing was measured', () => {
    const shards = [1, 2].map((i) => shardByDuration(files, {}, i, 2));
    expect(shards.map((s) => s.size)).toEqual([3, 3]);
  });
});

describe('wholeFileDurations', () => {
  it("counts a file from the previous file's end, so its import and beforeAll are its own, in whatever order the report lists them", () => {
    const report = [
      // A beforeAll of 200 s before its first test: the report's own times span only its 10 s of tests.
      { name: '/work/ci/tests/integration/seeded.test.ts', startTime: 230_000, endTime: 240_000 },
      { name: '/work/ci/tests/e2e/first.test.ts', startTime: 0, endTime: 30_000 },
      { name: '/work/ci/tests/e2e/last.test.ts', startTime: 245_000, endTime: 250_040 },
    ];
    expect(wholeFileDurations(report)).toEqual({ 'tests/e2e/first.test.ts': 30, 'tests/integration/seeded.test.ts': 210, 'tests/e2e/last.test.ts': 10 });
  });
});
