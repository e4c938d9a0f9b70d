// `npm run bench`: the performance budgets of DESIGN §11, measured on this machine against the real local
// runtime (loopback only, bounded in count and time). Prints a table and exits 1 when a budget is exceeded.
// `npm run bench -- --only=web,card` (or BENCH_ONLY=web,card) runs some sections only; the whole bench takes ~15 min.
import '../../functions/local/quiet';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../../functions/src/identity/caller';
import { handlerEntries, jobEntries } from '../../functions/routes';
import { startLocalRuntime } from '../support/local-runtime';
import { recordDynamoCommands, recordDynamoReads, type DynamoRead } from '../support/dynamo-commands';
import { userAgents } from '../support/user-agents';
import { initialJs } from './initial-js';
import { lighthouse, type LighthouseFigures } from './lighthouse';
import { measureSignedInPages } from './signed-in';
import { measureSignedInPagesAtScale } from './signed-in-scale';
import { scanCloseFanOut } from '../../functions/src/scan-totals/close-fan-out';

interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: number;
  /** 'max': value must be ≤ budget; 'min': value must be ≥ budget; 'info': a figure to compare, no budget. */
  kind: 'max' | 'min' | 'info';
}

const rows: Row[] = [];
const record = (metric: string, value: number, unit: string, budget: number, kind: Row['kind'] = 'max') => rows.push({ metric, value: Math.round(value * 10) / 10, unit, budget, kind });

/** Fresh-process imports per bundle; the cold-import figure is their minimum. */
const COLD_IMPORT_RUNS = 5;

async function measureBundles() {
  // Inside the project so the AWS SDK (provided by the Lambda runtime, external here) resolves from node_modules.
  const out = join('.data', 'bench-bundles');
  mkdirSync(out, { recursive: true });
  // A module that does nothing: its cold import is the floor every other import is read against.
  const noop = join(out, 'noop.ts');
  writeFileSync(noop, 'export const handler = async () => ({ statusCode: 204 });\n');
  // The DynamoDB client every area loads at import (the runtime provides it; a Lambda still loads it in its init): the
  // floor of every other figure on this machine, shown beside them so a slower machine is told from slower code.
  const sdkFloor = join(out, 'sdk-floor.ts');
  writeFileSync(sdkFloor, "import '@aws-sdk/client-dynamodb';\nimport '@aws-sdk/lib-dynamodb';\nexport const handler = async () => ({ statusCode: 204 });\n");
  const entries = { noop, sdkFloor, ...handlerEntries, jobMonthlyInvoices: jobEntries.monthlyInvoices, jobBillPayers: jobEntries.billPayers, jobDunning: jobEntries.dunning, jobCardSharing: jobEntries.cardSharing, jobScanClose: jobEntries.scanClose };
  for (const [name, entry] of Object.entries(entries)) {
    const outfile = join(out, `${name}.mjs`);
    // The same options as infra's AppFunction: ESM, minified, node22, AWS SDK provided by the runtime.
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      minify: true,
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      // Native packages the zips install instead of bundling (sharp; resvg in the card-sharing worker).
      external: ['@aws-sdk/*', 'sharp', '@resvg/resvg-js'],
      banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" },
      logLevel: 'error',
    });
    // Issue 7: the card page (a template, no React, ElectroDB or middy) ≤ 150 KB, every other function ≤ 400 KB
    // (docs/decisions.md 'Lambda bundles'). The one exception: invoiceDocuments is the only Lambda that carries pdf-lib
    // (~430 KB with its standard-font metrics and its deflate on their own; measured 589 KB in all, agency lines included) and is off the scan
    // path (an invoice's PDF link, a few requests per invoice); its budget sits just above that figure, so growth shows
    // (docs/decisions.md 'Invoice PDFs'). Likewise appleWallet (issue 22 §1), the only Lambda carrying passkit-generator
    // with node-forge (PKCS#7) and joi: measured 819 KB minified, off the scan path (a pass download, Wallet's update calls).
    // And sso (issue 24): the only Lambda that parses SAML metadata, with @xmldom/xmldom (91 KB minified); measured
    // 430 KB, off the scan path (an owner's Single sign-on settings). And stripeConnect: the Stripe SDK (~240 KB, loaded
    // on first use) with ElectroDB (its owner check reads the caller's memberships); measured 594 KB, off the scan path
    // (an agency's Payments settings, Stripe's Connect events).
    const budget = { noop: 1, sdkFloor: 1, cardPage: 150, invoiceDocuments: 600, appleWallet: 850, sso: 440, stripeConnect: 610 }[name] ?? 400;
    record(`bundle size: ${name}`, statSync(outfile).size / 1024, 'KB', budget);
    // Issue 25 §3: every Lambda's cold import ≤ 150 ms (only what every request of the area needs loads at import; the
    // rest on first use, docs/decisions.md 'Cold starts'). Each import runs in a fresh process; the machine is shared and
    // noisy, so the figure is the minimum of COLD_IMPORT_RUNS runs (a slow run says more about the neighbours than the code).
    const runs = Array.from({ length: COLD_IMPORT_RUNS }, () => {
      const probe = spawnSync(process.execPath, ['--input-type=module', '-e', `const t=performance.now(); await import(${JSON.stringify(resolve(outfile))}); console.log(performance.now()-t)`], {
        encoding: 'utf8',
        cwd: process.cwd(),
      });
      return Number(probe.stdout.trim()) || Number.NaN;
    });
    record(`cold import: ${name}`, Math.min(...runs), 'ms', 150, name === 'sdkFloor' ? 'info' : 'max');
  }
}

async function measureCardPage(origin: string) {
  const res = await fetch(`${origin}/card/demo-card-jane-cooper`);
  const html = await res.text();
  if (/<script/i.test(html)) throw new Error('The card page must not need JavaScript');
  record('card page HTML+CSS+JS (gzip)', gzipSync(html).length / 1024, 'KB', 30);
  record('card page HTML+CSS+JS (raw)', Buffer.byteLength(html) / 1024, 'KB', 100);
}

/**
 * Everything a phone's first view of a card with a photo and a logo transfers: the page (HTML with its inline CSS,
 * brotli as the server sends it) and the two images its srcset picks. No real photo ships with the repository: the
 * photo is a 900×900 gradient with heavy, barely blurred grain, which compresses worse than most portraits (a real
 * 192 px portrait is typically 5–9 KB as WebP); the logo is a flat two-colour mark. Both go through the upload pipeline.
 */
async function measureCardWithImages(origin: string, env: Record<string, string>) {
  Object.assign(process.env, env);
  const sharp = (await import('sharp')).default;
  const { normaliseImage } = await import('../../functions/src/uploads/normalise-image');
  const { putMediaObject } = await import('../../functions/src/adapters/media');
  const { db } = await import('../../functions/src/data/entities');
  const size = 900;
  const grain = Buffer.from(Array.from({ length: size * size * 3 }, (_, i) => Math.min(255, Math.round(70 + 60 * Math.sin(i / (size * 3) / 40) + Math.random() * 160))));
  const photo = await sharp(grain, { raw: { width: size, height: size, channels: 3 } }).blur(0.5).jpeg({ quality: 90 }).toBuffer();
  const logo = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#1e40af"/><circle cx="256" cy="256" r="150" fill="#f59e0b"/></svg>')).png().toBuffer();
  const store = async (bytes: Buffer, purpose: 'photo' | 'logo' | 'cover', folder: string) => {
    const renditions = await normaliseImage(bytes, purpose);
    const urls = await Promise.all(renditions.map((r) => putMediaObject(`${folder}/${r.size}.webp`, r.body, 'image/webp')));
    return {
      url: urls[urls.length - 1]!,
      bytes: Object.fromEntries(renditions.map((r) => [r.size, r.body.byteLength])) as Record<number, number>,
      bodies: Object.fromEntries(renditions.map((r) => [r.size, r.body])) as Record<number, Buffer>,
    };
  };
  const storedPhoto = await store(photo, 'photo', 'photos/bench/bench/v1');
  const storedLogo = await store(logo, 'logo', 'logos/bench/v1');
  const cardId = 'demo-card-jane-cooper';
  const card = (await db().card.get({ cardId }).go()).data!;
  await db().card.patch({ cardId }).set({ profile: { ...card.profile, photoUrl: storedPhoto.url }, business: { ...card.business, logoUrl: storedLogo.url } }).go();

  const html = await (await fetch(`${origin}/card/${cardId}`)).text();
  if (!html.includes('192.webp 2x') || !html.includes('128.webp 2x')) throw new Error('the card page does not offer the 2x renditions');
  const page = brotliCompressSync(html).length;
  record('card first view, phone 2x: page + 192 px photo + 128 px logo', (page + storedPhoto.bytes[192]! + storedLogo.bytes[128]!) / 1024, 'KB', 14);
  record('card first view, 1x: page + 96 px photo + 64 px logo', (page + storedPhoto.bytes[96]! + storedLogo.bytes[64]!) / 1024, 'KB', 0, 'info');

  // Each card design with every optional field on (the seed card's page above is Classic without them). The Banner's
  // cover is a 3:1 slice of the same grainy gradient, the worst case for its 640 px rendition (what a 2× phone picks).
  const coverSource = await sharp(grain, { raw: { width: size, height: size, channels: 3 } }).extract({ left: 0, top: 0, width: size, height: size / 3 }).blur(0.5).jpeg({ quality: 90 }).toBuffer();
  const storedCover = await store(coverSource, 'cover', 'covers/bench/v1');
  const fields = { pronouns: true, bio: true, booking: true, address: true, links: true };
  const extras = {
    pronouns: 'she/her',
    bio: 'Leads the product design team; twelve years of making complicated things feel simple.',
    bookingUrl: 'https://cal.example.com/jane-cooper/30min',
    officeAddress: '2118 Thornridge Cir.\nSyracuse, Connecticut 35624',
    extraLinks: [1, 2, 3, 4, 5].map((i) => ({ label: `Link ${i}`, url: `https://link${i}.example.com/jane-cooper` })),
  };
  for (const layout of ['classic', 'compact', 'banner'] as const) {
    const design = { layout, fields, ...(layout === 'banner' ? { coverUrl: storedCover.url } : {}) };
    await db().card.patch({ cardId }).set({ profile: { ...card.profile, ...extras, photoUrl: storedPhoto.url }, business: { ...card.business, logoUrl: storedLogo.url, design } }).go();
    const designed = await (await fetch(`${origin}/card/${cardId}`)).text();
    if (/<script/i.test(designed)) throw new Error(`The ${layout} card page must not need JavaScript`);
    const cover = layout === 'banner' ? storedCover.bytes[640]! : 0;
    record(`card first view, phone 2x, ${layout} design, all optional fields${layout === 'banner' ? ' + 640 px cover' : ''}`, (brotliCompressSync(designed).length + storedPhoto.bytes[192]! + storedLogo.bytes[128]! + cover) / 1024, 'KB', 14);
    // Lighthouse mobile, one run per design (SEO is not measured: the card page is noindex on purpose).
    const figures = await lighthouse(origin, `/card/${cardId}`);
    record(`lighthouse card page, ${layout}: performance`, figures.performance, 'score', 100, 'min');
    record(`lighthouse card page, ${layout}: accessibility`, figures.accessibility, 'score', 100, 'min');
    record(`lighthouse card page, ${layout}: best practices`, figures.bestPractices, 'score', 100, 'min');
    record(`lighthouse card page, ${layout}: LCP (${figures.lcpElement})`, figures.lcpMs, 'ms', 0, 'info');
  }
  await db().card.patch({ cardId }).set({ profile: { ...card.profile, photoUrl: storedPhoto.url }, business: { ...card.business, logoUrl: storedLogo.url } }).go();

  // The same card's link preview (issue 22 §5), drawn as the card-sharing worker draws it (from the 192 px photo and
  // the 256 px logo it reads from media): WhatsApp shows a preview image only up to 300 KB.
  const { renderPreview } = await import('../../functions/src/link-preview/preview-image');
  const { previewContentOf } = await import('../../functions/src/link-preview/card-preview');
  const preview = await renderPreview(previewContentOf(card, { photo: storedPhoto.bodies[192], logo: storedLogo.bodies[256] }));
  record('link preview image (1200×630 JPEG)', preview.byteLength / 1024, 'KB', 300);
}

let recorded: string[] | undefined;
let readsRecorded: DynamoRead[] | undefined;
/** The DynamoDB commands this process sends to the bench runtime's table (one recorder per client). */
async function dynamoCalls(env: Record<string, string>): Promise<string[]> {
  Object.assign(process.env, env);
  const { dynamo } = await import('../../functions/src/data/client');
  recorded ??= recordDynamoCommands(dynamo());
  return recorded;
}

/**
 * Prices at us-east-1 list prices (USD) for the projected cost of a million scans (issue 25 §2; docs/decisions.md
 * "Scan totals: daily close"):
 *   card page = HTTP API request + Lambda request + Lambda GB-s (memory × measured duration)
 *             + ⌈card-day item / 1 KB⌉ WRU (the one write) + 0.5 × ⌈card item / 4 KB⌉ RRU (one eventually consistent read)
 *   close     = per card-day: ⌈card total / 1 KB⌉ WRU (one conditional UpdateItem), ÷ the scans of that card-day
 *             + per business-day: ⌈business day / 1 KB⌉ WRU (one PUT: the day and the running total)
 *               + 0.5 × (its share of the listing Query + ⌈latest business day / 4 KB⌉ + ⌈its card-days / 4 KB⌉ (two Queries)) RRU
 *               + the job's GB-s for it (memory × its DynamoDB time ÷ the businesses closed side by side),
 *               ÷ the scans of that business-day
 *   per million scans = 10⁶ × (card page + close)
 * The worst realistic case: a card scanned once in its day, in a business with that one scan that day.
 */
const PRICE = {
  httpApiRequest: 1.0 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  lambdaGbSecondX86: 0.0000166667,
  writeRequestUnit: 0.625 / 1e6,
  readRequestUnit: 0.125 / 1e6,
};
/** The card page Lambda as deployed: arm64 at infra/app-function.ts's default memory (areas set none). */
const CARD_PAGE_MEMORY_GB = 512 / 1024;
/** The scan close job (infra/scheduled-job.ts SCAN_CLOSE_MEMORY_MB; functions/src/scan-totals/close.ts). */
const CLOSE_MEMORY_GB = 256 / 1024;
/** Assumed: one DynamoDB or SQS round trip from a Lambda in the same region. */
const AWS_ROUND_TRIP_MS = 6;
/**
 * Assumed: a business's close on AWS waits on four DynamoDB calls one after the other (its latest day, its card-days,
 * the card totals, the day PUT), a batch of businesses side by side in a worker (close-fan-out.ts batchSize).
 */
const CLOSE_MS_PER_BUSINESS = 4 * AWS_ROUND_TRIP_MS;
const CLOSE_BUSINESS_CONCURRENCY = scanCloseFanOut.batchSize;
/** Assumed: the write request units per second an on-demand table takes at once when new (AWS's documented floor). */
const ON_DEMAND_INITIAL_WRU_PER_SECOND = 4_000;

/** DynamoDB's size of an item: attribute names and values in UTF-8, numbers as about one byte per two digits, plus one. */
function itemBytes(item: Record<string, unknown>): number {
  const valueBytes = (v: unknown): number =>
    typeof v === 'string' ? Buffer.byteLength(v) : typeof v === 'number' ? Math.ceil(String(Math.abs(v)).replace('.', '').length / 2) + 1 : typeof v === 'boolean' ? 1 : v && typeof v === 'object' ? 3 + Object.entries(v).reduce((n, [k, x]) => n + Buffer.byteLength(k) + valueBytes(x) + 1, 0) : 1;
  return Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + valueBytes(v), 0);
}

/** Counts the DynamoDB calls one public card request makes, by invoking the card page Lambda in-process, and prices a million. */
async function measureRoundTrips(env: Record<string, string>) {
  const all = await dynamoCalls(env);
  const start = all.length;
  const { handler } = await import('../../functions/src/card-page/handler');
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/card/demo-card-jane-cooper',
    rawQueryString: 's=qr',
    headers: { 'user-agent': userAgents.phone },
    queryStringParameters: { s: 'qr' },
    requestContext: { requestId: 'bench', http: { method: 'GET', path: '/card/demo-card-jane-cooper' } },
  } as unknown as APIGatewayProxyEventV2;
  const result = (await handler(event)) as { statusCode: number };
  if (result.statusCode !== 200) throw new Error(`card page answered ${result.statusCode}`);
  const calls = all.slice(start);
  const reads = calls.filter((c) => /^(Get|BatchGet|Query)/.test(c)).length;
  const writes = calls.filter((c) => /^(Update|Put|TransactWrite)/.test(c)).length;
  record('public card request: DynamoDB reads', reads, 'calls', 1);
  // Issue 25 §2: one UpdateItem (the card's day counter); before, four in one parallel flight.
  record('public card request: DynamoDB writes', writes, 'calls', 1);

  // The warm duration of a request (the least of 30, this machine being shared) and the sizes of the two items.
  let ms = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await handler(event);
    ms = Math.min(ms, performance.now() - t);
  }
  const { dynamo, tableName } = await import('../../functions/src/data/client');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { cardKeys } = await import('../../functions/src/data/card-keys');
  const get = async (key: Record<string, string>) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item ?? {};
  const cardBytes = itemBytes(await get(cardKeys.card('demo-card-jane-cooper')));
  const day = new Date().toISOString().slice(0, 10);
  const dayItem = await get(cardKeys.cardScanDay('demo-card-jane-cooper', day));
  const dayBytes = itemBytes(dayItem);
  const businessId = String(dayItem.businessId);
  // The items the close writes, as it writes them (closed figures of a few digits; a day of one scan and one device).
  const closed = { closedScans: 12345, closedQrScans: 12345, closedLinkScans: 12345, closedNfcScans: 1234 };
  const cardTotalBytes = itemBytes({ ...(await get(cardKeys.cardScanTotal('demo-card-jane-cooper'))), ...closed, closedThrough: day });
  const { counterStamps } = await import('../../functions/src/data/card-keys');
  const businessDayBytes = itemBytes({ ...cardKeys.businessScanDay(businessId, day), ...counterStamps.businessScanDay(businessId, day), count: 1, qrScans: 1, phoneScans: 1, ...closed });
  const businessBytes = itemBytes(await get({ pk: cardKeys.businessScanTotal(businessId).pk, sk: '$business_1' }));
  record('public card request: card item read (0.5 RRU up to 4 KB)', cardBytes, 'B', 4096);
  record('public card request: card-day item written (1 WRU up to 1 KB)', dayBytes, 'B', 1024);
  record('scan close: card total item (1 WRU up to 1 KB)', cardTotalBytes, 'B', 1024);
  record('scan close: business day item with the running total (1 WRU up to 1 KB)', businessDayBytes, 'B', 1024);
  record('public card request: warm duration (least of 30, local)', ms, 'ms', 0, 'info');

  const billedSeconds = Math.ceil(ms) / 1000;
  // CloudFront calls the card page's function URL (infra/web-stack.ts): no API Gateway request. CloudFront's own
  // request charge is the same before and after, so neither figure counts it.
  const cardPage =
    PRICE.lambdaRequest +
    CARD_PAGE_MEMORY_GB * billedSeconds * PRICE.lambdaGbSecondArm +
    Math.ceil(dayBytes / 1024) * PRICE.writeRequestUnit +
    0.5 * Math.ceil(cardBytes / 4096) * PRICE.readRequestUnit;
  /** The close's cost per scan when each card-day holds `scansPerCardDay` scans and the business-day `cardDays` card-days. */
  const close = (scansPerCardDay: number, cardDays: number) => {
    const scans = scansPerCardDay * cardDays;
    const perCardDay = Math.ceil(cardTotalBytes / 1024) * PRICE.writeRequestUnit;
    const reads = 0.5 * (businessBytes / 4096 + Math.ceil(businessDayBytes / 4096) + Math.ceil((cardDays * dayBytes) / 4096)) * PRICE.readRequestUnit;
    const perBusinessDay = Math.ceil(businessDayBytes / 1024) * PRICE.writeRequestUnit + reads + CLOSE_MEMORY_GB * (CLOSE_MS_PER_BUSINESS / 1000 / CLOSE_BUSINESS_CONCURRENCY) * PRICE.lambdaGbSecondArm;
    return perCardDay / scansPerCardDay + perBusinessDay / scans;
  };
  record('cost per million scans: card page alone (1 read, 1 write; function URL, no API Gateway)', cardPage * 1e6, '$', 0, 'info');
  record('cost per million scans: busy business (a day of 200 scans over 50 cards)', (cardPage + close(4, 50)) * 1e6, '$', 0, 'info');
  // The budget holds for the worst realistic case: a card scanned once in its day, in a business with that one scan
  // that day (every write of the close is paid by that one scan).
  record('cost per million scans: worst case (one scan, its card\'s and its business\'s only that day)', (cardPage + close(1, 1)) * 1e6, '$', 3);
  record('cost per million scans: worst case, if it still went through API Gateway', (PRICE.httpApiRequest + cardPage + close(1, 1)) * 1e6, '$', 0, 'info');
  // Before issue 25: the same request with four counter writes (~0.5 KB each), as the issue priced it on x86 at 1 GB.
  record('cost per million scans: before (4 writes; x86, 1 GB)', (PRICE.httpApiRequest + PRICE.lambdaRequest + 1 * billedSeconds * PRICE.lambdaGbSecondX86 + 4 * PRICE.writeRequestUnit + 0.5 * PRICE.readRequestUnit) * 1e6, '$', 0, 'info');
}

const CLOSE_BENCH_BUSINESSES = 100;
const CLOSE_BENCH_CARDS = 20;
const CLOSE_PROJECTED_BUSINESSES = 100_000;

/**
 * The daily scan close's fan-out: 100 businesses with 20 cards each, every card scanned yesterday, closed by the worker
 * (in-process, in batches as its event source delivers them). Its DynamoDB calls per business, measured here, project
 * a run of 100,000 such businesses on AWS: the planner's listing and queueing, then the workers — bounded either by
 * their round trips (maxConcurrency invocations, a batch side by side each) or by the writes an on-demand table takes
 * at once, whichever is slower.
 */
async function measureScanCloseFanOut(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const { newId } = await import('../../functions/src/lib/ids');
  const { countScan } = await import('../../functions/src/card-page/card-store');
  const { db } = await import('../../functions/src/data/entities');
  const { createScanCloseRun, getScanCloseRun } = await import('../../functions/src/scan-totals/close-runs');
  const { closeBusinessMessages } = await import('../../functions/src/scan-totals/close-worker');
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const businessIds = Array.from({ length: CLOSE_BENCH_BUSINESSES }, () => newId());
  for (const businessId of businessIds) {
    await db().businessScanTotal.create({ businessId }).go();
    const cardIds = Array.from({ length: CLOSE_BENCH_CARDS }, () => newId());
    await db().card.put(cardIds.map((cardId, i) => ({ cardId, employeeId: newId(), businessId, isActive: true, employeeOrder: `${i}`, profile: { name: `Closed Person ${i}` }, business: { name: 'Close Co', isActive: true } }))).go();
    await db().cardScanTotal.put(cardIds.map((cardId, i) => ({ cardId, businessId, employeeOrder: `${i}` }))).go();
    await Promise.all(cardIds.map((cardId) => countScan(cardId, businessId, yesterday, { source: 'qr', device: 'phone' })));
  }
  const run = await createScanCloseRun({ runId: newId(), today, expected: businessIds.length });
  const event = (ids: string[]) =>
    ({ Records: ids.map((businessId, i) => ({ messageId: `m${i}`, body: JSON.stringify({ runId: run.runId, today, businessId }), attributes: { ApproximateReceiveCount: '1' } })) }) as unknown as import('aws-lambda').SQSEvent;
  const start = calls.length;
  const started = performance.now();
  for (let i = 0; i < businessIds.length; i += scanCloseFanOut.batchSize) {
    const result = await closeBusinessMessages(event(businessIds.slice(i, i + scanCloseFanOut.batchSize)));
    if (result.batchItemFailures.length) throw new Error(`scan close: ${result.batchItemFailures.length} businesses failed`);
  }
  const seconds = (performance.now() - started) / 1000;
  const made = calls.slice(start);
  const closed = await getScanCloseRun(run.runId);
  if (closed?.status !== 'finished' || closed.cardDaysClosed !== CLOSE_BENCH_BUSINESSES * CLOSE_BENCH_CARDS) throw new Error(`scan close run: ${JSON.stringify(closed)}`);
  const count = (command: string) => made.filter((c) => c === command).length;
  const perBusiness = made.length / CLOSE_BENCH_BUSINESSES;
  // Write units: one per single-item write (each item under 1 KB: the bench's item-size rows), two per item written in a
  // transaction (the outcomes: one item per business and the run's counters, once per batch).
  const batches = CLOSE_BENCH_BUSINESSES / scanCloseFanOut.batchSize;
  const writeUnits = count('UpdateCommand') + count('PutCommand') + 2 * (CLOSE_BENCH_BUSINESSES + batches);
  record(`scan close: ${CLOSE_BENCH_BUSINESSES} businesses × ${CLOSE_BENCH_CARDS} cards through the worker (local)`, seconds, 's', 0, 'info');
  record(`scan close: DynamoDB calls per business (${CLOSE_BENCH_CARDS} cards scanned that day)`, perBusiness, 'calls', CLOSE_BENCH_CARDS + 4);

  // The planner: the listing (business items of about 1.5 KB, a 1 MB Query page each ~700) and ten messages per
  // SendMessageBatch, 16 batches in flight (adapters/queue.ts).
  const businessBytes = 1536;
  const listingPages = Math.ceil((CLOSE_PROJECTED_BUSINESSES * businessBytes) / (1024 * 1024));
  const planner = (listingPages * 3 * AWS_ROUND_TRIP_MS + Math.ceil(CLOSE_PROJECTED_BUSINESSES / 10 / 16) * 3 * AWS_ROUND_TRIP_MS) / 1000;
  // The workers: a business waits on its latest day, its card-days, its card totals (16 at a time) and its day item; a
  // batch then on its outcomes' transaction and the run read. maxConcurrency batches at once.
  const businessMs = (3 + Math.ceil(CLOSE_BENCH_CARDS / 16)) * AWS_ROUND_TRIP_MS;
  const batchMs = businessMs + 2 * AWS_ROUND_TRIP_MS;
  const latencyBound = (Math.ceil(CLOSE_PROJECTED_BUSINESSES / scanCloseFanOut.batchSize / scanCloseFanOut.maxConcurrency) * batchMs) / 1000;
  const capacityBound = ((writeUnits / CLOSE_BENCH_BUSINESSES) * CLOSE_PROJECTED_BUSINESSES) / ON_DEMAND_INITIAL_WRU_PER_SECOND;
  record('scan close, 100,000 businesses: planner (listing and queueing), projected on AWS', planner, 's', 0, 'info');
  record('scan close, 100,000 businesses: workers bound by round trips, projected', latencyBound, 's', 0, 'info');
  record(`scan close, 100,000 businesses: workers bound by a new on-demand table's ${ON_DEMAND_INITIAL_WRU_PER_SECOND} WRU/s, projected`, capacityBound, 's', 0, 'info');
  record(`scan close, 100,000 businesses × ${CLOSE_BENCH_CARDS} cards: the whole run, projected on AWS`, planner + Math.max(latencyBound, capacityBound), 's', 15 * 60);
}

const DASHBOARD_EMPLOYEES = 2_500;

/**
 * DynamoDB round trips of the business dashboard for a business with 2,500 employees: the read before issue 13
 * (the whole gsi1 collection, auto-paged by DynamoDB's 1 MB cap) against one page now, and what it takes to reach
 * the last employee page by page.
 */
async function measureDashboard(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const { db } = await import('../../functions/src/data/entities');
  const { newId } = await import('../../functions/src/lib/ids');
  const businessId = newId();
  await repo.createBusinessWithOwner({ businessId, ownerId: `bench-${newId()}`, name: 'Bench Co', billingEmail: `bench-${newId()}@example.com`, billingCity: 'Benchville', billingCountry: 'United States', billingPostalCode: '12345' });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < DASHBOARD_EMPLOYEES) {
        const i = next++;
        const employeeId = newId();
        const cardId = newId();
        for (let attempt = 0; ; attempt++) {
          try {
            await repo.createEmployeeWithCard(
              { employeeId, businessId, name: `Bench Person ${i}`, email: `bench-${i}@example.com`, jobTitle: 'Engineer', officePhone: '+1 555 0100', status: 'active' },
              { cardId, employeeId, businessId, isActive: true, profile: { name: `Bench Person ${i}`, jobTitle: 'Engineer', officePhone: '+1 555 0100' }, business: { name: 'Bench Co', isActive: true } },
            );
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== 'CONFLICT' || attempt > 20) throw error;
          }
        }
      }
    }),
  );

  const count = async (read: () => Promise<unknown>) => {
    const start = calls.length;
    await read();
    return calls.length - start;
  };
  record('dashboard, 2,500 employees: whole collection (before)', await count(() => db().service.collections.dashboard({ businessId }).go({ pages: 'all' })), 'calls', 0, 'info');
  let first: Awaited<ReturnType<typeof repo.getDashboardPage>> | undefined;
  // Each page also reads the business's closed scans (its latest day, beside the page) and then its open card-days
  // (issue 25 §2: totals are closed figures + open days).
  record('dashboard, 2,500 employees: first page', await count(async () => (first = await repo.getDashboardPage(businessId))), 'calls', 3);
  record('dashboard, 2,500 employees: a later page (one flight, then the open days)', await count(() => repo.getDashboardPage(businessId, first!.nextCursor!)), 'calls', 4);
  let pages = 0;
  const walk = await count(async () => {
    let cursor: string | undefined;
    do {
      const page = await repo.getDashboardPage(businessId, cursor);
      pages += 1;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  });
  record(`dashboard, 2,500 employees: every page (${pages} pages)`, walk, 'calls', 4 * pages);
}

/** An admin caller (the Cognito admin group) for the services the bench calls in-process. */
const admin = { userId: 'bench-admin', username: 'bench-admin', email: 'admin@bench.example', emailVerified: true, isAdmin: true, groups: ['admin'], signedInAt: null, memberships: [] } as unknown as Caller;

const ANALYTICS_CARDS = 200;

/**
 * Scan analytics of a business with 200 cards, each scanned on every one of the last 90 days (18,000 card-days, the
 * spec's top pricing tier at its busiest), and of one card (issue 11 §2): the DynamoDB calls per view and their time.
 * The counter items are written as the card page writes them (countScan), one scan per card-day.
 */
async function measureScanAnalytics(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const { newId } = await import('../../functions/src/lib/ids');
  const { countScan } = await import('../../functions/src/card-page/card-store');
  const { db } = await import('../../functions/src/data/entities');
  const { daysEnding, getScanAnalytics } = await import('../../functions/src/business/get-scan-analytics');
  const businessId = newId();
  await db().businessScanTotal.create({ businessId }).go();
  const cardIds = Array.from({ length: ANALYTICS_CARDS }, () => newId());
  await db().card.put(cardIds.map((cardId, i) => ({ cardId, employeeId: newId(), businessId, isActive: true, employeeOrder: `${i}`, profile: { name: `Scanned Person ${i}` }, business: { name: 'Analytics Co', isActive: true } }))).go();
  await db().cardScanTotal.put(cardIds.map((cardId, i) => ({ cardId, businessId, employeeOrder: `${i}` }))).go();
  const days = daysEnding(new Date(), 90);
  const work = cardIds.flatMap((cardId, i) => days.map((day) => () => countScan(cardId, businessId, day, { source: i % 3 ? 'qr' : 'link', device: i % 4 ? 'phone' : 'desktop' })));
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let job = work.pop(); job; job = work.pop()) await job();
    }),
  );
  // The daily close (issue 25 §2) of the 89 ended days, as the job would have run them: closed figures, business days.
  const { closeBusiness } = await import('../../functions/src/scan-totals/close');
  const closing = performance.now();
  await closeBusiness(businessId, days[89]!);
  record(`scan close: ${ANALYTICS_CARDS * 89} card-days of 89 days closed in one run (local)`, (performance.now() - closing) / 1000, 's', 0, 'info');

  for (const range of [7, 90] as const) {
    const start = calls.length;
    const started = performance.now();
    const view = await getScanAnalytics(admin, businessId, range);
    const ms = performance.now() - started;
    if (view.totalInRange !== ANALYTICS_CARDS * range || view.topCards.length !== 5) throw new Error(`analytics read ${view.totalInRange} scans, ${view.topCards.length} top cards`);
    const made = calls.slice(start);
    // One GetItem (the total: closed through yesterday), then two Queries (closed day items; card-days from the range's
    // start, paged by DynamoDB's 1 MB cap), one BatchGetItem of the top cards.
    // 18,000 card-days read as about 2,600 a page under DynamoDB's 1 MB cap: 7 pages at 90 days.
    record(`business analytics, ${ANALYTICS_CARDS} cards, ${range} days: calls`, made.length, 'calls', range === 7 ? 4 : 10);
    record(`business analytics, ${range} days: of which Query pages`, made.filter((c) => c === 'QueryCommand').length, 'calls', 0, 'info');
    record(`business analytics, ${range} days: time (local)`, ms, 'ms', 0, 'info');
  }
  const start = calls.length;
  const card = await db().cardScanDay.query.primary({ cardId: cardIds[0]! }).between({ day: days[0]! }, { day: days[89]! }).go({ pages: 'all' });
  if (card.data.length !== 90) throw new Error(`one card's 90 days read ${card.data.length} items`);
  record('one card, 90 days: Query calls (the portal view adds employee, card, total GetItems)', calls.length - start, 'calls', 1);
}

const IMPORT_ROWS = 1000;

/**
 * A 1,000-row employee import (issue 11 §1) as the dialog sends it (batches of 240 rows): its DynamoDB write requests
 * and time, beside one Add Employee (the same service the route runs, QR image included).
 */
async function measureImport(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const { importEmployees } = await import('../../functions/src/business/import-employees');
  const { createEmployee } = await import('../../functions/src/business/create-employee');
  const { IMPORT_BATCH_ROWS } = await import('../../shared/schemas/employee-import');
  const { employeeCreateSchema } = await import('../../shared/schemas/employee');
  const { newId } = await import('../../functions/src/lib/ids');
  const businessId = newId();
  await repo.createBusinessWithOwner({ businessId, ownerId: `bench-${newId()}`, name: 'Import Co', billingEmail: `import-${newId()}@example.com`, billingCity: 'Benchville', billingCountry: 'United States', billingPostalCode: '12345' });
  const writes = (from: number) => calls.slice(from).filter((c) => /^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(c)).length;

  let start = calls.length;
  let started = performance.now();
  await createEmployee(admin, businessId, employeeCreateSchema.parse({ name: 'Single Person', email: `single-${newId()}@example.com`, status: 'active' }));
  record('add one employee (route service, QR image included): time (local)', performance.now() - started, 'ms', 0, 'info');
  record('add one employee: DynamoDB write requests', writes(start), 'calls', 2);

  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({ line: i + 2, name: `Imported Person ${i}`, email: `imported-${i}-${newId()}@example.com`, jobTitle: 'Analyst', officePhone: '+1 555 0100', status: 'Active' }));
  start = calls.length;
  started = performance.now();
  let created = 0;
  for (let i = 0; i < rows.length; i += IMPORT_BATCH_ROWS) {
    const { results } = await importEmployees(admin, businessId, { rows: rows.slice(i, i + IMPORT_BATCH_ROWS), onExisting: 'update', dryRun: false });
    created += results.filter((r) => r.outcome === 'create').length;
  }
  const ms = performance.now() - started;
  if (created !== IMPORT_ROWS) throw new Error(`the import created ${created} of ${IMPORT_ROWS} employees`);
  record(`import ${IMPORT_ROWS.toLocaleString('en-US')} employees: DynamoDB write requests`, writes(start), 'calls', 50);
  record(`import ${IMPORT_ROWS.toLocaleString('en-US')} employees: all DynamoDB requests`, calls.length - start, 'calls', 0, 'info');
  record(`import ${IMPORT_ROWS.toLocaleString('en-US')} employees: time (local)`, ms, 'ms', 0, 'info');
}

/**
 * A SCIM create of a user through the directory Lambda in-process (docs/decisions.md "SCIM groups, errors and
 * attributes"): its DynamoDB calls. Measured on the second create (the token's last use is written at most once a
 * minute, by the first): the token GetItem, the rate-limit UpdateItem, the custom-domain lookup, the business GetItem,
 * ONE TransactWriteItems, the settings GetItem and the two reads of the answer (employee, directory user).
 */
async function measureScimCreate(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const { putScimToken } = await import('../../functions/src/directory/repository');
  const { hashScimSecret, newScimSecret } = await import('../../functions/src/directory/scim-tokens');
  const { handler } = await import('../../functions/src/directory/handler');
  const { newId } = await import('../../functions/src/lib/ids');
  const businessId = newId();
  await repo.createBusinessWithOwner({ businessId, ownerId: `bench-${newId()}`, name: 'Scim Co', billingEmail: `scim-${newId()}@example.com`, billingCity: 'Benchville', billingCountry: 'United States', billingPostalCode: '12345' });
  const secret = newScimSecret();
  await putScimToken({ tokenHash: hashScimSecret(secret), tokenId: newId(), businessId, name: 'Bench', createdBy: 'bench' });
  const create = async () => {
    const body = JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: `scim-${newId()}@example.com`, name: { formatted: 'Scim Person' }, active: true });
    const event = {
      version: '2.0',
      routeKey: 'POST /scim/v2/Users',
      rawPath: '/scim/v2/Users',
      rawQueryString: '',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json', host: 'localhost' },
      body,
      isBase64Encoded: false,
      requestContext: { requestId: `bench-${newId()}`, http: { method: 'POST', path: '/scim/v2/Users', sourceIp: '127.0.0.1' } },
    } as unknown as APIGatewayProxyEventV2;
    const result = (await handler(event, { awsRequestId: newId(), getRemainingTimeInMillis: () => 30_000 } as never)) as { statusCode: number; body: string };
    if (result.statusCode !== 201) throw new Error(`SCIM create answered ${result.statusCode}: ${result.body}`);
  };
  await create();
  const start = calls.length;
  await create();
  const made = calls.slice(start);
  record('SCIM create of a user: DynamoDB requests', made.length, 'calls', 8);
  record('SCIM create of a user: TransactWriteItems', made.filter((c) => /^TransactWrite/.test(c)).length, 'calls', 1);
  record('SCIM create of a user: other writes (rate-limit counter)', made.filter((c) => /^(Put|Update|Delete|BatchWrite)/.test(c)).length, 'calls', 1);
}

const AGENCY_CLIENTS = 500;
const AGENCY_EMPLOYEES = 20_000;

/**
 * The agency dashboard of an agency with 500 clients and 20,000 employees (issue 9 §6): its DynamoDB calls (one
 * GetItem, one Query of the client links, one BatchGetItem per 100 clients — never a query per client) and its time.
 * The employees are real (each with its card, through the same transaction as Add Employee); the dashboard reads
 * only each client's counters.
 */
async function measureAgencyDashboard(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const agencies = await import('../../functions/src/agency/repository');
  const { getAgencyDashboard } = await import('../../functions/src/agency/get-agency-dashboard');
  const { newId } = await import('../../functions/src/lib/ids');
  const ownerId = `bench-agency-${newId()}`;
  const agencyId = newId();
  const { agencySettingsSchema } = await import('../../shared/schemas/agency');
  await agencies.createAgency({ agencyId, ownerId, ...agencySettingsSchema.parse({ name: 'Bench Agency' }) });
  const clientIds = Array.from({ length: AGENCY_CLIENTS }, () => newId());
  let nextClient = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextClient < clientIds.length) {
        const businessId = clientIds[nextClient++]!;
        await agencies.createClientBusiness(agencyId, { businessId, ownerId, name: `Bench Client ${businessId.slice(0, 6)}` });
      }
    }),
  );
  let nextEmployee = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (nextEmployee < AGENCY_EMPLOYEES) {
        const i = nextEmployee++;
        const businessId = clientIds[i % AGENCY_CLIENTS]!;
        const employeeId = newId();
        for (let attempt = 0; ; attempt++) {
          try {
            await repo.createEmployeeWithCard(
              { employeeId, businessId, name: `Agency Person ${i}`, email: `agency-${i}@example.com`, status: 'active' },
              { cardId: newId(), employeeId, businessId, isActive: true, profile: { name: `Agency Person ${i}` }, business: { name: 'Bench Client', isActive: true } },
            );
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== 'CONFLICT' || attempt > 20) throw error;
          }
        }
      }
    }),
  );

  const caller = { userId: ownerId, username: ownerId, email: 'bench@example.com', emailVerified: true, isAdmin: false, groups: [], signedInAt: null, profile: null, memberships: [{ userId: ownerId, scopeType: 'agency' as const, scopeId: agencyId, role: 'owner' as const }] };
  const start = calls.length;
  const started = performance.now();
  const dashboard = await getAgencyDashboard(caller);
  const ms = performance.now() - started;
  if (dashboard.clients.length !== AGENCY_CLIENTS || dashboard.stats.totalUsers !== AGENCY_EMPLOYEES) {
    throw new Error(`agency dashboard read ${dashboard.clients.length} clients and ${dashboard.stats.totalUsers} users`);
  }
  const made = calls.slice(start);
  record('agency dashboard, 500 clients / 20,000 employees: calls', made.length, 'calls', 1 + 1 + Math.ceil(AGENCY_CLIENTS / 100));
  record('agency dashboard: of which a query per client', made.filter((c) => c === 'QueryCommand').length - 1, 'calls', 0);
  record('agency dashboard, 500 clients: service time (local)', ms, 'ms', 0, 'info');
}

/**
 * The client grid and the agency analytics at 500 clients (one person with a card each, scanned on each of the last 7
 * days; the first 100 clients closed through yesterday, as the daily close would have): the dashboard read the grid
 * searches, filters and sorts in the browser (its calls and its answer's size), and the analytics read behind the
 * Scans sort and the analytics section: one Query of the client links, then two Queries per client, never more.
 */
async function measureAgencyAnalytics(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const agencies = await import('../../functions/src/agency/repository');
  const { getAgencyDashboard } = await import('../../functions/src/agency/get-agency-dashboard');
  const { getAgencyAnalytics } = await import('../../functions/src/agency/get-agency-analytics');
  const { countScan } = await import('../../functions/src/card-page/card-store');
  const { daysEnding } = await import('../../functions/src/business/get-scan-analytics');
  const { closeBusiness, inParallel } = await import('../../functions/src/scan-totals/close');
  const { newId } = await import('../../functions/src/lib/ids');
  const { agencySettingsSchema } = await import('../../shared/schemas/agency');
  const ownerId = `bench-agency-${newId()}`;
  const agencyId = newId();
  await agencies.createAgency({ agencyId, ownerId, ...agencySettingsSchema.parse({ name: 'Bench Analytics Agency' }) });
  const clients = Array.from({ length: AGENCY_CLIENTS }, (_, i) => ({ businessId: newId(), cardId: newId(), i }));
  await inParallel(clients, 8, async ({ businessId, cardId, i }) => {
    await agencies.createClientBusiness(agencyId, { businessId, ownerId, name: `Bench Client ${String(i).padStart(3, '0')}` });
    const employeeId = newId();
    await repo.createEmployeeWithCard(
      { employeeId, businessId, name: `Scanned Person ${i}`, email: `scanned-${i}@example.com`, status: 'active' },
      { cardId, employeeId, businessId, isActive: true, profile: { name: `Scanned Person ${i}` }, business: { name: 'Bench Client', isActive: true } },
    );
  });
  const days = daysEnding(new Date(), 7);
  const scans = clients.flatMap(({ businessId, cardId, i }) => days.map((day) => ({ businessId, cardId, day, i })));
  await inParallel(scans, 32, ({ businessId, cardId, day, i }) => countScan(cardId, businessId, day, { source: i % 3 ? 'qr' : 'link', device: i % 4 ? 'phone' : 'desktop' }));
  await inParallel(clients.slice(0, 100), 8, async ({ businessId }) => void (await closeBusiness(businessId, days[6]!)));

  const caller = { userId: ownerId, username: ownerId, email: 'bench@example.com', emailVerified: true, isAdmin: false, groups: [], signedInAt: null, profile: null, memberships: [{ userId: ownerId, scopeType: 'agency' as const, scopeId: agencyId, role: 'owner' as const }] };
  let start = calls.length;
  let started = performance.now();
  const dashboard = await getAgencyDashboard(caller);
  let ms = performance.now() - started;
  if (dashboard.clients.length !== AGENCY_CLIENTS) throw new Error(`agency dashboard read ${dashboard.clients.length} clients`);
  const json = JSON.stringify(dashboard);
  // The grid adds no call to the dashboard read: the agency, its links, the plans (its tiers), last month's figures and a
  // BatchGetItem per 100 clients. (The agency section's budget of 1 + 1 + 5 predates the plans Query and the month.)
  record('client grid, 500 clients: dashboard read calls', calls.length - start, 'calls', 4 + Math.ceil(AGENCY_CLIENTS / 100));
  record('client grid, 500 clients: dashboard read time (local)', ms, 'ms', 0, 'info');
  record('client grid, 500 clients: dashboard answer (JSON)', Buffer.byteLength(json) / 1024, 'KB', 0, 'info');
  record('client grid, 500 clients: dashboard answer (gzip)', gzipSync(json).length / 1024, 'KB', 0, 'info');

  for (const range of [30, 90] as const) {
    start = calls.length;
    started = performance.now();
    const view = await getAgencyAnalytics(caller, range);
    ms = performance.now() - started;
    if (view.totalInRange !== scans.length || view.byClient.length !== AGENCY_CLIENTS) throw new Error(`agency analytics read ${view.totalInRange} of ${scans.length} scans, ${view.byClient.length} clients`);
    const made = calls.slice(start);
    const answer = JSON.stringify(view);
    record(`agency analytics, 500 clients, ${range} days: calls`, made.length, 'calls', 1 + 2 * AGENCY_CLIENTS);
    record(`agency analytics, ${range} days: other than Query`, made.filter((c) => c !== 'QueryCommand').length, 'calls', 0);
    record(`agency analytics, ${range} days: time (local)`, ms, 'ms', 0, 'info');
    record(`agency analytics, ${range} days: answer (JSON)`, Buffer.byteLength(answer) / 1024, 'KB', 0, 'info');
    record(`agency analytics, ${range} days: answer (gzip)`, gzipSync(answer).length / 1024, 'KB', 0, 'info');
  }
}

const DIRECTORY_BUSINESSES = 10_000;

/**
 * The admin businesses tab at 10,000 businesses (issue 10 §3): the DynamoDB calls of its first page, of a search that
 * matches almost nothing (it stops after looking at 1,000 businesses: at most four Query steps), and the dashboard
 * tab's read of every listing, with their local times.
 */
async function measureAdminDirectory(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const repo = await import('../../functions/src/business/repository');
  const { searchFieldsOf } = await import('../../functions/src/business/search-fields');
  const { listBusinesses } = await import('../../functions/src/admin/business-directory');
  const { platformDashboard } = await import('../../functions/src/admin/platform-dashboard');
  const { newId } = await import('../../functions/src/lib/ids');
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < DIRECTORY_BUSINESSES) {
        const i = next++;
        const ownerEmail = `owner-${i}-${newId()}@example.com`;
        const name = `Directory Co ${i}`;
        await repo.createBusinessWithOwner({ businessId: newId(), ownerId: `bench-${newId()}`, ownerEmail, name, billingEmail: ownerEmail, billingCountry: 'United States', ...searchFieldsOf({ name, ownerEmail }) });
      }
    }),
  );
  const measure = async (label: string, budget: number, read: () => Promise<unknown>) => {
    const start = calls.length;
    const started = performance.now();
    await read();
    record(`${label}: calls`, calls.length - start, 'calls', budget, budget === 0 ? 'info' : 'max');
    record(`${label}: time (local)`, performance.now() - started, 'ms', 0, 'info');
  };
  const query = { status: 'all' as const, q: null, country: null, industry: null };
  // One Query of the listing and one of the plans.
  await measure('admin businesses tab, 10,000: first page', 2, () => listBusinesses(query));
  // A search that matches nothing: four 250-item steps, then a cursor to go on; plus the plans.
  await measure('admin businesses tab, 10,000: search matching nothing', 5, () => listBusinesses({ ...query, q: 'no business is called this' }));
  await measure('admin dashboard tab, 10,000 businesses: every listing', 0, () => platformDashboard());
}

const DUNNING_INVOICES = 100_000;
/** 1 % of them overdue; 9 % pending and not yet due (this month's), the rest paid. */
const DUNNING_OVERDUE = 1_000;
const DUNNING_NOT_DUE = 9_000;
/** Invoices a seeding BatchWriteItem request carries at most. */
const BATCH_WRITE_ITEMS = 25;

/**
 * One dunning pass at 100,000 invoices, 1 % overdue: its DynamoDB calls and the items they read (ScannedCount), beside
 * the read it made before the sparse `unpaid` index — the whole gsi2 listing with a status filter, which the index's
 * backfill still makes once. Run on a day (in 2000, before any seeded invoice is due) when every overdue invoice has
 * had the reminder of its stage, so the pass is its reads alone. Seeded with BatchWriteItem (ElectroDB's batch put,
 * which writes the gsi3 keys of the unpaid ones as create does).
 */
async function measureDunning(env: Record<string, string>) {
  const calls = await dynamoCalls(env);
  const { dynamo } = await import('../../functions/src/data/client');
  readsRecorded ??= recordDynamoReads(dynamo());
  const reads = readsRecorded;
  const { db } = await import('../../functions/src/data/entities');
  const { runDunning } = await import('../../functions/src/jobs/dunning');
  const { backfillUnpaidInvoiceIndex } = await import('../../functions/src/jobs/backfill-unpaid-invoices');
  const { newId } = await import('../../functions/src/lib/ids');
  const today = '2000-06-15';
  const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const invoice = (i: number) => {
    const base = { invoiceId: newId(), businessId: newId(), businessName: `Dunning Co ${i}`, invoiceNumber: `INV-2000-${String(i + 1).padStart(6, '0')}`, amountCents: 4900 + i, currency: 'USD', billingPeriod: '2000-05', billableEmployees: 7, ratePerUserCents: 700, notes: 'Monthly subscription fee' };
    const searchText = `${base.invoiceNumber}\n${base.businessName}`.toLowerCase();
    // Three days overdue, the 1-day reminder sent: nothing left to do today.
    if (i < DUNNING_OVERDUE) return { ...base, searchText, status: 'overdue' as const, dueDate: day(-3 - (i % 3)), reminderDays: [1] };
    if (i < DUNNING_OVERDUE + DUNNING_NOT_DUE) return { ...base, searchText, status: 'pending' as const, dueDate: day(i % 30) };
    return { ...base, searchText, status: 'paid' as const, dueDate: day(-(i % 360) - 1), paidAt: `${day(-(i % 360) - 5)}T12:00:00.000Z`, paidAmountCents: 4900 + i, stripeSessionId: `cs_${newId()}` };
  };
  const seedStarted = performance.now();
  const CHUNK = 1_000;
  let nextChunk = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextChunk * CHUNK < DUNNING_INVOICES) {
        const from = nextChunk++ * CHUNK;
        const items = Array.from({ length: Math.min(CHUNK, DUNNING_INVOICES - from) }, (_, k) => invoice(from + k));
        const { unprocessed } = await db().invoice.put(items).go({ concurrency: 4 });
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} seeded invoices were not written`);
        if ((from + CHUNK) % 20_000 === 0) console.log(`  dunning: ${(from + CHUNK).toLocaleString('en-US')} invoices seeded (${Math.round((performance.now() - seedStarted) / 1000)} s)`);
      }
    }),
  );
  record(`dunning: seed ${DUNNING_INVOICES.toLocaleString('en-US')} invoices, BatchWriteItem of ${BATCH_WRITE_ITEMS} (local)`, (performance.now() - seedStarted) / 1000, 's', 0, 'info');

  const measure = async (run: () => Promise<unknown>) => {
    const [callsFrom, readsFrom] = [calls.length, reads.length];
    const started = performance.now();
    const value = await run();
    const made = reads.slice(readsFrom);
    return { value, calls: calls.length - callsFrom, itemsRead: made.reduce((sum, r) => sum + r.scanned, 0), ms: performance.now() - started };
  };
  const pass = await measure(() => runDunning(new Date(`${today}T06:00:00Z`)));
  const result = pass.value as Awaited<ReturnType<typeof runDunning>>;
  if (result.markedOverdue.length > 0 || result.reminders.length > 0) throw new Error(`the dunning pass acted on ${result.markedOverdue.length + result.reminders.length} invoices`);
  // One Query per unpaid status (pending, overdue), and one more page for each MB of overdue invoices it reads (an
  // invoice item is under 1 KB: a DynamoDB page carries at least 1,000 of them).
  const callBudget = 2 + Math.ceil(DUNNING_OVERDUE / 1_000);
  record(`dunning pass, ${DUNNING_INVOICES.toLocaleString('en-US')} invoices, 1 % overdue: DynamoDB calls`, pass.calls, 'calls', callBudget);
  // Every item read is an unpaid invoice past its due date: the overdue ones, nothing filtered away.
  record('dunning pass: items read', pass.itemsRead, 'items', DUNNING_OVERDUE);
  record('dunning pass: time (local)', pass.ms, 'ms', 0, 'info');

  // Before the index, the pass read the whole listing through a status filter; the backfill makes that read once now.
  const before = await measure(() => backfillUnpaidInvoiceIndex());
  const backfill = before.value as Awaited<ReturnType<typeof backfillUnpaidInvoiceIndex>>;
  if (backfill.indexed !== 0) throw new Error(`the backfill indexed ${backfill.indexed} invoices that were written with their keys`);
  record('dunning pass before the unpaid index (= backfill read): calls', before.calls, 'calls', 0, 'info');
  record('dunning pass before the unpaid index: items read', before.itemsRead, 'items', 0, 'info');
  record('dunning pass before the unpaid index: time (local)', before.ms, 'ms', 0, 'info');
}

/** A bounded loopback load test of the card page: fixed concurrency, stops after 8 s or 2,000 requests. */
async function measureLoad(origin: string) {
  const concurrency = 16;
  const deadline = Date.now() + 8_000;
  const latencies: number[] = [];
  let errors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline && latencies.length + errors < 2_000) {
        const t = performance.now();
        const res = await fetch(`${origin}/card/demo-card-marcus-lee?s=qr`, { headers: { 'user-agent': userAgents.phone } });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t);
        else errors += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  record('card page throughput (16 concurrent, local)', latencies.length / seconds, 'req/s', 20, 'min');
  record('card page p95 latency (16 concurrent, local)', latencies[Math.floor(latencies.length * 0.95)] ?? Number.NaN, 'ms', 1500);
  record('card page errors under load', errors, 'responses', 0);
}

const WEB_DIST = process.env.WEB_DIST ?? join('web', 'dist');
const LIGHTHOUSE_PAGES = ['/', '/pricing', '/auth'];

/**
 * The public pages (issue 7 §2): the JavaScript `/` loads before it is interactive (its entry and modulepreloads in
 * the built HTML; brotli as the origin sends it, gzip for comparison), and Lighthouse mobile (its default throttling)
 * for /, /pricing and /auth — the median of BENCH_LIGHTHOUSE_RUNS runs (default 3) of each figure.
 */
async function measurePublicPages(origin: string) {
  const landing = join(WEB_DIST, 'index.html');
  if (!existsSync(landing) || !readFileSync(landing, 'utf8').includes('data-prerendered')) throw new Error('web/dist has no prerendered pages: run npm run build:web first');
  const js = initialJs(WEB_DIST, 'index.html');
  // DESIGN §10's budget for /, with React Router in it (docs/decisions.md "Routing on React Router").
  record('initial JS of / (brotli, as sent)', js.brotliKB, 'KB', 110);
  record('initial JS of / (gzip)', js.gzipKB, 'KB', 0, 'info');
  record(`initial JS of / (raw, ${js.files.length} files)`, js.rawKB, 'KB', 0, 'info');
  for (const [path, file] of [['/pricing', 'pricing.html'], ['/auth', 'auth.html']] as const) record(`initial JS of ${path} (brotli)`, initialJs(WEB_DIST, file).brotliKB, 'KB', 0, 'info');

  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  for (const path of LIGHTHOUSE_PAGES) {
    const results: LighthouseFigures[] = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouse(origin, path));
    const median = (pick: (f: LighthouseFigures) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
    // The public pages keep Lighthouse 100 with LCP within a second (on React Router: docs/decisions.md).
    record(`lighthouse ${path}: performance`, median((f) => f.performance), 'score', 100, 'min');
    record(`lighthouse ${path}: LCP`, median((f) => f.lcpMs), 'ms', 1000);
    record(`lighthouse ${path}: accessibility`, median((f) => f.accessibility), 'score', 100, 'min');
    record(`lighthouse ${path}: best practices`, median((f) => f.bestPractices), 'score', 100, 'min');
    record(`lighthouse ${path}: requests / transfer`, median((f) => f.requests), `/ ${median((f) => f.transferKB)} KB`, 0, 'info');
  }
}


/** The billing section's figures: how many payers, and the SES rate the projection assumes for the deployed account. */
const BILLING_PAYERS = Number(process.env.BENCH_BILLING_PAYERS ?? 5000);
/** Agencies among them, each with BILLING_CLIENTS_PER_AGENCY clients billed to it (the rest are businesses paying themselves). */
const BILLING_AGENCIES = 50;
const BILLING_CLIENTS_PER_AGENCY = 4;
/**
 * The production account's SES MaxSendRate the 100,000-payer projection assumes. A new production SES account starts
 * at 14 mails/s; at that rate 100,000 invoice mails take 100,000 / (14 × 0.8) s ≈ 2.5 h whatever the fan-out does, so
 * the 15-minute budget needs a quota raised to ≥ 140 mails/s (docs/operations.md). Shown both ways below.
 */
const PRODUCTION_SEND_RATE = Number(process.env.BENCH_PRODUCTION_SEND_RATE ?? 200);
/**
 * Local worker invocations at once: this machine's two cores and DynamoDB Local saturate well below the deployed 20, and
 * more local pollers would only queue behind them and inflate each invocation's measured cost.
 */
const BENCH_BILLING_CONCURRENCY = Number(process.env.BENCH_BILLING_CONCURRENCY ?? 5);
/** The local SES quota during the bench (raised so local pacing does not hide the per-payer cost being measured). */
const BENCH_LOCAL_SEND_RATE = 500;

/**
 * The monthly billing fan-out (issue 20 §3) over BILLING_PAYERS payers seeded directly in DynamoDB Local: the real
 * planner, the local SQS and the real worker behind the local event source mapping (batch size and maximum concurrency
 * as deployed), run in this process on a queue of its own so every DynamoDB call and mail is counted here. Projects
 * the AWS wall time for 100,000 payers from the measured cost per payer at the deployed concurrency, and the SES rate.
 */
async function measureBilling(env: Record<string, string>, settings: { sesPort: number }) {
  const benchQueue = 'cardcrew-billing-bench';
  const sqsPort = Number(new URL(env.SQS_ENDPOINT!).port);
  // The recorder first: it sets the runtime's environment, which the bench queue's URL then overrides.
  const calls = await dynamoCalls(env);
  Object.assign(process.env, { BILLING_QUEUE_URL: `http://127.0.0.1:${sqsPort}/000000000000/${benchQueue}`, BILLING_RETRY_DELAY_SECONDS: '1' });
  const { db } = await import('../../functions/src/data/entities');
  const { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const { startSqsEventSource } = await import('../../functions/local/sqs-event-source');
  const { billingFanOut } = await import('../../functions/src/jobs/billing-fan-out');
  const { handler: worker } = await import('../../functions/src/jobs/bill-payer-handler');
  const { startScheduledRun } = await import('../../functions/src/jobs/plan-monthly-run');
  const { getBillingRun, toBillingRun } = await import('../../functions/src/jobs/billing-runs');
  const { ses } = await import('../../functions/src/adapters/mail');

  // Seed: businesses paying for themselves, and agencies with clients billed to them, in batch writes.
  const direct = BILLING_PAYERS - BILLING_AGENCIES;
  const stamp = Date.now().toString(36);
  const business = (id: string, i: number) => ({
    businessId: id,
    ownerId: `bench-owner-${id}`,
    name: `Bench Business ${i}`,
    billingEmail: `billing-${id}@bench.example`,
    isActive: true,
    subscriptionStatus: 'active' as const,
    employeeCount: 3 + (i % 40),
    billableEmployeeCount: 3 + (i % 40),
  });
  const businesses = Array.from({ length: direct }, (_, i) => business(`bb-${stamp}-${i}`, i));
  const clients = Array.from({ length: BILLING_AGENCIES * BILLING_CLIENTS_PER_AGENCY }, (_, i) => business(`bc-${stamp}-${i}`, i));
  const agencies = Array.from({ length: BILLING_AGENCIES }, (_, i) => ({ agencyId: `ba-${stamp}-${i}`, ownerId: `bench-agency-owner-${stamp}-${i}`, name: `Bench Agency ${i}`, email: `agency-${i}@bench.example` }));
  const links = clients.map((c, i) => ({ agencyId: agencies[Math.floor(i / BILLING_CLIENTS_PER_AGENCY)]!.agencyId, businessId: c.businessId, billedTo: 'agency' as const }));
  const seedStarted = performance.now();
  for (const [entity, items] of [
    [db().business, [...businesses, ...clients]],
    [db().agency, agencies],
    [db().agencyClient, links],
  ] as const) {
    const { unprocessed } = await (entity as { put: (items: unknown[]) => { go: (o: object) => Promise<{ unprocessed: unknown[] }> } }).put(items as unknown[]).go({ concurrency: 8 });
    if (unprocessed.length) throw new Error(`${unprocessed.length} seed items not written`);
  }
  console.log(`billing: seeded ${businesses.length + clients.length} businesses, ${agencies.length} agencies in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const client = new SQSClient({ region: 'us-east-1', endpoint: env.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: benchQueue, Attributes: { VisibilityTimeout: String(billingFanOut.visibilityTimeoutSeconds) } }));
  const arn = (await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  let mails = 0;
  (await ses()).middlewareStack.add((next, context) => async (args) => {
    if (context.commandName === 'SendEmailCommand') mails += 1;
    return next(args);
  }, { step: 'initialize', name: 'benchCountMails' });
  const callsBefore = calls.length;
  const mailboxBefore = ((await (await fetch(`http://127.0.0.1:${settings.sesPort}/store`)).json()) as { emails: unknown[] }).emails.length;

  // Each invocation's busy time: the cost per payer is their sum over the payers (what the deployed concurrency divides).
  let busyMs = 0;
  let invocations = 0;
  const source = startSqsEventSource({
    client,
    queueUrl: QueueUrl!,
    queueArn: arn,
    region: 'us-east-1',
    batchSize: billingFanOut.batchSize,
    maxConcurrency: BENCH_BILLING_CONCURRENCY,
    timeoutSeconds: billingFanOut.workerTimeoutSeconds,
    handler: async (event, context) => {
      const t = performance.now();
      try {
        return await worker(event, context);
      } finally {
        busyMs += performance.now() - t;
        invocations += 1;
      }
    },
    onError: (error) => console.error('bench worker:', (error as Error).message),
  });
  const started = performance.now();
  let run;
  let plannedMs: number;
  try {
    const planned = await startScheduledRun(new Date('2040-01-01T03:00:00Z'), 'bench');
    plannedMs = performance.now() - started;
    for (;;) {
      const polled = calls.length;
      run = toBillingRun((await getBillingRun(planned.id))!);
      // The bench's own look at the run is not the fan-out's cost.
      calls.splice(polled, 1);
      if (run.status === 'finished') break;
      if (performance.now() - started > 15 * 60_000) throw new Error(`billing bench run did not finish: ${JSON.stringify(run)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await source.stop();
  }
  const wallMs = performance.now() - started;
  const payers = run.expected ?? 0;
  const delivered = ((await (await fetch(`http://127.0.0.1:${settings.sesPort}/store`)).json()) as { emails: unknown[] }).emails.length - mailboxBefore;
  const byCommand = calls.slice(callsBefore).reduce<Record<string, number>>((m, c) => ((m[c] = (m[c] ?? 0) + 1), m), {});
  console.log('billing: DynamoDB calls by command', byCommand, `mails sent ${mails}, in the local mailbox ${delivered}`);
  if (run.billed + run.alreadyBilled + run.skipped + run.notBillable + run.failed !== payers || run.failed > 0) throw new Error(`billing bench run is wrong: ${JSON.stringify(run)}`);

  // The projection: the planner scales with the payers (it lists and queues them all before the last is billed); the
  // worker's cost per payer (invocation busy time) is divided over the deployed concurrency; SES caps the mails at 80 %
  // of its rate. Local invocations share this machine's two cores with DynamoDB Local, so their cost is pessimistic.
  const costMsPerPayer = busyMs / payers;
  const target = 100_000;
  const plannerBound = (plannedMs / payers) * target / 1000;
  const fanOutBound = (target * costMsPerPayer) / billingFanOut.maxConcurrency / 1000;
  const mailsPerPayer = mails / payers;
  const sesBound = (rate: number) => (target * mailsPerPayer) / (rate * billingFanOut.sendRateShare);
  const transactions = calls.slice(callsBefore).filter((c) => c === 'TransactWriteItemsCommand').length;
  record(`billing: ${payers} payers, wall time (planner + queue + ${BENCH_BILLING_CONCURRENCY} local workers)`, wallMs / 1000, 's', 300);
  record('billing: planner (list payers, queue them)', plannedMs / 1000, 's', 0, 'info');
  record(`billing: worker cost per payer (invocation busy time; ${invocations} invocations)`, costMsPerPayer, 'ms', 0, 'info');
  record('billing: DynamoDB calls per payer (planner + worker)', (calls.length - callsBefore) / payers, 'calls', 8);
  record('billing: transactions per batch of 10 (numbering + counting, retries incl.)', (transactions / payers) * billingFanOut.batchSize, 'calls', 0, 'info');
  record('billing: mails per payer (one per invoice created)', mailsPerPayer, 'mails', 1);
  record(`billing: projected 100,000 payers: planner`, plannerBound / 60, 'min', 0, 'info');
  record(`billing: projected 100,000 payers: workers (${billingFanOut.maxConcurrency} deployed)`, fanOutBound / 60, 'min', 0, 'info');
  record('billing: projected 100,000 payers: SES at 14 mails/s (new account)', sesBound(14) / 60, 'min', 0, 'info');
  record(`billing: projected 100,000 payers: SES at ${PRODUCTION_SEND_RATE} mails/s`, sesBound(PRODUCTION_SEND_RATE) / 60, 'min', 0, 'info');
  record(`billing: projected 100,000 payers on AWS (SES ${PRODUCTION_SEND_RATE}/s)`, (plannerBound + Math.max(fanOutBound, sesBound(PRODUCTION_SEND_RATE))) / 60, 'min', 15);
}

type Runtime = Awaited<ReturnType<typeof startLocalRuntime>>;
/** Every section, in the order a full run measures them; `runtime: false` sections need no local runtime. */
const sections: Record<string, { runtime: boolean; run: (r: Runtime) => Promise<void> }> = {
  'card-page': {
    runtime: true,
    run: async (r) => {
      await measureCardPage(r.origin);
      await measureCardWithImages(r.origin, r.env);
      await measureRoundTrips(r.env);
    },
  },
  dashboard: { runtime: true, run: (r) => measureDashboard(r.env) },
  'scan-close': { runtime: true, run: (r) => measureScanCloseFanOut(r.env) },
  analytics: { runtime: true, run: (r) => measureScanAnalytics(r.env) },
  import: { runtime: true, run: (r) => measureImport(r.env) },
  scim: { runtime: true, run: (r) => measureScimCreate(r.env) },
  agency: { runtime: true, run: (r) => measureAgencyDashboard(r.env) },
  'agency-analytics': { runtime: true, run: (r) => measureAgencyAnalytics(r.env) },
  admin: { runtime: true, run: (r) => measureAdminDirectory(r.env) },
  dunning: { runtime: true, run: (r) => measureDunning(r.env) },
  bundles: { runtime: false, run: () => measureBundles() },
  load: { runtime: true, run: (r) => measureLoad(r.origin) },
  web: { runtime: true, run: (r) => measurePublicPages(r.origin) },
  'signed-in': { runtime: true, run: (r) => measureSignedInPages(r.origin, record) },
  'signed-in-scale': { runtime: true, run: (r) => measureSignedInPagesAtScale(r, record) },
  billing: { runtime: true, run: (r) => measureBilling(r.env, r.settings) },
};

// `npm run bench -- bundles import` (or `--only=bundles,import`, or BENCH_ONLY=bundles,import) runs only those
// sections; `bundles` alone needs no local runtime and takes seconds.
const named = process.argv.slice(2).flatMap((arg) => (arg.startsWith('--only=') ? arg.slice('--only='.length) : arg).split(',')).filter(Boolean);
const chosen = named.length > 0 ? named : (process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? []);
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length) throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
const selected = Object.entries(sections).filter(([name]) => chosen.length === 0 || chosen.includes(name));
// The billing section paces mails to the local SES quota: raise it so the per-payer cost is what is measured.
if (selected.some(([name]) => name === 'billing')) process.env.LOCAL_SES_MAX_SEND_RATE ??= String(BENCH_LOCAL_SEND_RATE);
// BENCH_PORT_OFFSET moves the runtime when another checkout uses the default ports.
// BENCH_DATA_DIR moves its data folder (the runtime empties it first) when another bench runs in the same checkout.
const runtime = selected.some(([, section]) => section.runtime) ? await startLocalRuntime(Number(process.env.BENCH_PORT_OFFSET ?? 300), process.env.BENCH_DATA_DIR ?? '.data/bench') : undefined;
let failed = false;
try {
  for (const [, section] of selected) await section.run(runtime!);
} finally {
  await runtime?.stop();
}

console.log(`\n${'metric'.padEnd(58)}${'value'.padStart(10)}  ${'budget'.padStart(12)}  result`);
for (const r of rows) {
  const ok = r.kind === 'info' || (r.kind === 'max' ? r.value <= r.budget : r.value >= r.budget);
  failed ||= !ok;
  const budget = r.kind === 'info' ? '—' : `${r.kind === 'max' ? '≤' : '≥'} ${r.budget}`;
  console.log(`${r.metric.padEnd(58)}${`${r.value} ${r.unit}`.padStart(10)}  ${budget.padStart(12)}  ${r.kind === 'info' ? 'info' : ok ? 'ok' : 'OVER BUDGET'}`);
}
console.log(failed ? '\nSome budgets were exceeded.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
