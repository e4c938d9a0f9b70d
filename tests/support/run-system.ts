// `npm run test:system`: the system tests (integration and browser) in two shards at once, each with its own local
// runtime (ports TEST_PORT_OFFSET and TEST_PORT_OFFSET + 50, data folders .data/test-1 and .data/test-2). Within a
// shard files run one at a time, as before; the shards share nothing, so the run takes about as long as its slower
// half (most of a system test is waiting on the runtime and the browser, not on the CPU), and the files are shared out
// by their measured durations (tests/support/duration-sequencer.ts). Each shard writes a JSON report into its data
// folder (tests/support/system-durations.ts records the durations from them). SYSTEM_SHARDS=1 runs one.
import { spawn } from 'node:child_process';

const shards = Number(process.env.SYSTEM_SHARDS ?? 2);
const baseOffset = Number(process.env.TEST_PORT_OFFSET ?? 100);
const extra = process.argv.slice(2);

function runShard(index: number): Promise<number> {
  const dataDir = shards > 1 || !process.env.TEST_DATA_DIR ? `.data/test-${index}` : process.env.TEST_DATA_DIR;
  const report = ['--reporter=default', '--reporter=json', `--outputFile.json=${dataDir}/vitest-report.json`];
  const args = ['vitest', 'run', '--project', 'system', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...report, ...extra];
  const child = spawn('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_PORT_OFFSET: String(baseOffset + (index - 1) * 50), TEST_DATA_DIR: dataDir },
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
console.log(`system shards: ${codes.map((code, i) => `${i + 1}/${shards} ${code === 0 ? 'passed' : `failed (${code})`}`).join(', ')}`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
