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
/** Shards of `npm run test:system` unless SYSTEM_SHARDS says otherwise (tests/support/run-system.ts). */
export const DEFAULT_SYSTEM_SHARDS = 2;

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

/** One file's entry in a vitest JSON report: the start of its first test and the end of its last. */
export interface ReportedFile {
  name: string;
  startTime: number;
  endTime: number;
}

/**
 * How long each file of one shard took in all, in seconds, keyed by its path from `tests/`. A JSON report's times span
 * a file's tests only, without its import and its beforeAll/afterAll (a file that seeds thousands of rows in beforeAll
 * looked like seconds), so a file counts from the end of the file before it in the same shard (files run one at a
 * time there) to its own last test's end; the first file from its first test.
 */
export function wholeFileDurations(results: readonly ReportedFile[]): Record<string, number> {
  const ordered = [...results].sort((a, b) => a.startTime - b.startTime);
  return Object.fromEntries(
    ordered.map((file, i) => {
      const from = i === 0 ? file.startTime : ordered[i - 1]!.endTime;
      return [file.name.slice(file.name.lastIndexOf('/tests/') + 1), Math.round((file.endTime - from) / 100) / 10];
    }),
  );
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
