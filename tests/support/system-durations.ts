// Records how long each system test file took in the last `npm run test:system` (the shards' JSON reports in their data
// folders) into tests/support/system-durations.json, which the duration sequencer shards by. Run it after a full run on
// CI's kind of machine and commit the file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { readDurations } from './duration-sequencer';

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const shards = Number(process.env.SYSTEM_SHARDS ?? 2);
const durations = readDurations();
let files = 0;
for (let index = 1; index <= shards; index++) {
  const report = resolve(`.data/test-${index}/vitest-report.json`);
  if (!existsSync(report)) throw new Error(`${report} is missing: run npm run test:system first`);
  for (const result of (JSON.parse(readFileSync(report, 'utf8')) as JsonReport).testResults) {
    durations[relative(process.cwd(), result.name)] = Math.round((result.endTime - result.startTime) / 100) / 10;
    files++;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(new URL('./system-durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`Recorded ${files} files' durations (${Object.values(sorted).reduce((n, s) => n + s, 0).toFixed(0)} s in all).`);
