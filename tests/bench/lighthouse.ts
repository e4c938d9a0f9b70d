// Lighthouse (mobile, its default throttling) against a running CardCrew origin: the figures issue 7 §2 budgets for
// the public pages. Runs the npm `lighthouse` CLI with Debian's Chromium and the same flags as the browser tests.
// Standalone: `npx tsx tests/bench/lighthouse.ts http://127.0.0.1:5100 / /pricing /auth`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs } from '../support/browser';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  /** Cumulative layout shift, and the total blocking time (what holds a score down once LCP is fast). */
  cls: number;
  tbtMs: number;
  requests: number;
  transferKB: number;
  scriptKB: number;
  /** The LCP element's selector (where the page's largest paint is). */
  lcpElement: string;
}

/** A Chrome already running (and signed in) to measure in, keeping its storage and cache between runs. */
export interface LighthouseTarget {
  port: number;
}

interface Report {
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; requestCount?: number; items?: { node?: { selector?: string } }[] }[] } }>;
}

const lighthouseCli = fileURLToPath(new URL('../../node_modules/lighthouse/cli/index.js', import.meta.url));

function runCli(url: string, target?: LighthouseTarget): Promise<Report> {
  const args = [
    lighthouseCli,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices',
    ...(target
      ? // A signed-in browser: its local storage (the session) and its cache are kept, as for a returning user.
        [`--port=${target.port}`, '--disable-storage-reset']
      : // chromiumArgs holds the host-resolver rule with spaces; Lighthouse splits --chrome-flags on spaces outside quotes.
        [`--chrome-flags=${chromiumArgs.map((a) => (a.includes(' ') ? a.replace('=', '="') + '"' : a)).join(' ')}`]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as Report);
      } catch (error) {
        reject(new Error(`lighthouse ${url} printed no report: ${err.slice(-2000)}`, { cause: error }));
      }
    });
  });
}

/** One Lighthouse run of `origin + path` in a fresh browser, or in the running browser `target`. */
export async function lighthouse(origin: string, path: string, target?: LighthouseTarget): Promise<LighthouseFigures> {
  const report = await runCli(origin + path, target);
  // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps every report, to read where a page's blocking time or LCP comes from.
  const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (keep) writeFileSync(join(keep, `${path.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`), JSON.stringify(report));
  const score = (id: keyof Report['categories']) => Math.round((report.categories[id].score ?? 0) * 100);
  const summary = report.audits['resource-summary']?.details?.items ?? [];
  const ofType = (type: string) => summary.find((i) => i.resourceType === type);
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    requests: ofType('total')?.requestCount ?? Number.NaN,
    transferKB: Math.round((ofType('total')?.transferSize ?? Number.NaN) / 102.4) / 10,
    scriptKB: Math.round((ofType('script')?.transferSize ?? Number.NaN) / 102.4) / 10,
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [origin = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
  for (const path of paths.length ? paths : ['/', '/pricing', '/auth']) console.log(JSON.stringify(await lighthouse(origin, path)));
}
