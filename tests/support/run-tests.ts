// `npm test`: every check CI runs, as fast as a 2-core machine allows without making tests race for the CPU. Typecheck
// and lint run at once (tsc and ESLint use one core each), so together they take about as long as the slower of them.
// Then the vitest projects and the web build run one after another: unit tests that encode images or parse large CSVs
// keep vitest's 5 s timeout and timed out when they shared the cores with tsc and ESLint. The web build comes before
// the infra tests: the web stack's synth reads web/dist, which must not be half-written. Each step's output is kept and
// printed in one piece when it ends, so the log reads step by step. The system tests (tests/support/run-system.ts) need
// the web build and the whole machine, so they run last, alone, with their output as it comes; they are skipped when an
// earlier step failed, as `a && b` did. Any failed step fails the run. The elapsed time of each step and of the whole
// run is printed at the end (CI's log shows where its time went).
import { spawn } from 'node:child_process';

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

/** Runs `npm run <name>`; the output is printed when it ends (`buffered`) or as it comes. */
function run(name: string, buffered: boolean): Promise<Outcome> {
  const begun = Date.now();
  const child = spawn('npm', ['run', '--silent', name], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => chunks.push(d));
  child.stderr?.on('data', (d: Buffer) => chunks.push(d));
  return new Promise((resolve) =>
    child.on('close', (exitCode, signal) => {
      const outcome = { name, code: exitCode ?? (signal ? 1 : 0), seconds: seconds(begun) };
      const output = Buffer.concat(chunks).toString().trimEnd();
      console.log(`\n── ${name}: ${outcome.code === 0 ? 'passed' : `FAILED (${outcome.code})`} in ${outcome.seconds} s ──`);
      if (output) console.log(output);
      resolve(outcome);
    }),
  );
}

/** Runs the steps one after another, each as long as the ones before it passed. */
async function inTurn(names: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const name of names) {
    if (outcomes.some((o) => o.code !== 0)) break;
    outcomes.push(await run(name, true));
  }
  return outcomes;
}

console.log('typecheck and lint run at once, then test:unit, build:web and test:infra; each prints its output when it ends.');
const outcomes = (await Promise.all([['typecheck'], ['lint']].map(inTurn))).flat();
if (outcomes.every((o) => o.code === 0)) outcomes.push(...(await inTurn(['test:unit', 'build:web', 'test:infra'])));
if (outcomes.length === 5 && outcomes.every((o) => o.code === 0)) outcomes.push(await run('test:system', false));
else console.log('\ntest:system skipped: an earlier step failed.');

const failed = outcomes.filter((o) => o.code !== 0);
console.log(`\nnpm test: ${outcomes.map((o) => `${o.name} ${o.seconds} s${o.code === 0 ? '' : ' (FAILED)'}`).join(', ')}`);
console.log(`npm test: ${failed.length ? `FAILED (${failed.map((o) => o.name).join(', ')})` : 'passed'} in ${seconds(started)} s`);
process.exit(failed.length ? 1 : 0);
