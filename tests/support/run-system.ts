// `npm run test:system`: the system tests (integration and browser) in SYSTEM_SHARDS shards at once (two by default),
// each with its own local runtime (ports TEST_PORT_OFFSET, + 50, + 100, …; data folders .data/test-1, .data/test-2, …).
// Within a shard files run one at a time, as before; the shards share nothing, so the run takes about as long as its
// slowest shard, and the files are shared out by their measured durations (tests/support/duration-sequencer.ts). Each
// shard writes a JSON report into its data folder (tests/support/system-durations.ts records the durations from them)
// and its elapsed time is printed at the end. SYSTEM_SHARDS=1 runs one (in TEST_DATA_DIR when given).
import { spawn } from 'node:child_process';
import { DEFAULT_SYSTEM_SHARDS } from './duration-sequencer';

const shards = Number(process.env.SYSTEM_SHARDS ?? DEFAULT_SYSTEM_SHARDS);
const baseOffset = Number(process.env.TEST_PORT_OFFSET ?? 100);
const extra = process.argv.slice(2);
const started = Date.now();

function runShard(index: number): Promise<{ code: number; seconds: number }> {
  const dataDir = shards > 1 || !process.env.TEST_DATA_DIR ? `.data/test-${index}` : process.env.TEST_DATA_DIR;
  const report = ['--reporter=default', '--reporter=json', `--outputFile.json=${dataDir}/vitest-report.json`];
  const args = ['vitest', 'run', '--project', 'system', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...report, ...extra];
  const child = spawn('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_PORT_OFFSET: String(baseOffset + (index - 1) * 50), TEST_DATA_DIR: dataDir },
  });
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) })),
  );
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const summary = results.map(({ code, seconds }, i) => `${i + 1}/${shards} ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s`);
console.log(`system shards: ${summary.join(', ')}`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);
