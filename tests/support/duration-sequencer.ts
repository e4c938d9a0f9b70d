// Shards the system tests by how long each file took (tests/support/system-durations.json), not by file count: vitest's
// own sharding splits the files evenly by a hash of their paths, and the shards' run times differed by minutes (the
// browser files take far longer than most integration files). Longest file first onto the shard with the least so far
// (LPT), the same in every shard's process, so each file runs in exactly one shard. A file not measured yet counts as
// the median. `npx tsx tests/support/system-durations.ts` records the durations of the last run; until that file is
// committed, vitest's own split is kept.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS_FILE = new URL('./system-durations.json', import.meta.url);

export function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The files of shard `index` (1-based) of `count`: files as repository-relative paths. */
export function shardByDuration(files: readonly string[], durations: Record<string, number>, index: number, count: number): Set<string> {
  const known = files.map((f) => durations[f]).filter((d): d is number => d !== undefined).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)]! : 1;
  const ordered = [...files].sort((a, b) => (durations[b] ?? fallback) - (durations[a] ?? fallback) || a.localeCompare(b));
  const loads = Array.from({ length: count }, () => 0);
  const mine = new Set<string>();
  for (const file of ordered) {
    const least = loads.indexOf(Math.min(...loads));
    loads[least]! += durations[file] ?? fallback;
    if (least === index - 1) mine.add(file);
  }
  return mine;
}

export default class DurationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    if (Object.keys(durations).length === 0) return super.shard(files);
    const { index, count } = this.ctx.config.shard!;
    const root = this.ctx.config.root;
    const pathOf = (spec: TestSpecification) => relative(root, spec.moduleId);
    const mine = shardByDuration(files.map(pathOf), durations, index, count);
    return files.filter((spec) => mine.has(pathOf(spec)));
  }
}
