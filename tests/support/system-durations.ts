// Records how long each system test file took in the last `npm run test:system` (the shards' JSON reports in their data
// folders, or the reports named as arguments) into tests/support/system-durations.json, which the duration sequencer
// shards by. A file's time includes its imports and hooks (wholeFileDurations). Run it after a full run on CI's kind of
// machine (SYSTEM_SHARDS as in that run) and commit the file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SYSTEM_SHARDS, readDurations, wholeFileDurations, type ReportedFile } from './duration-sequencer';

const shards = Number(process.env.SYSTEM_SHARDS ?? DEFAULT_SYSTEM_SHARDS);
const reports = process.argv.length > 2 ? process.argv.slice(2) : Array.from({ length: shards }, (_, i) => `.data/test-${i + 1}/vitest-report.json`);
const durations = readDurations();
let files = 0;
for (const path of reports) {
  const report = resolve(path);
  if (!existsSync(report)) throw new Error(`${report} is missing: run npm run test:system first`);
  const measured = wholeFileDurations((JSON.parse(readFileSync(report, 'utf8')) as { testResults: ReportedFile[] }).testResults);
  Object.assign(durations, measured);
  files += Object.keys(measured).length;
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(new URL('./system-durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`Recorded ${files} files' durations (${Object.values(sorted).reduce((n, s) => n + s, 0).toFixed(0)} s in all).`);
