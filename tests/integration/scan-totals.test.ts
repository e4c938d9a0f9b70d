// One write per scan, exact totals (issue 25 §2): a card view reads the card once and adds to its day counter once;
// every reader adds the days still open to the closed totals, and the daily close adds an ended day into the card
// totals and writes the business's day (with its running total) exactly once. The close fans out: the planner queues
// every business, the runtime's worker closes them from the local SQS and counts each once on the run. Checked on the running local table: every reader
// before and after a close, a close run twice, a close that stopped between the cards and the business, midnight, a
// business left unclosed for three days, and totals written by the versions before.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { recordDynamoCommands } from '../support/dynamo-commands';
import { tables, uniqueEmail } from '../support/runtime';
import { userAgents } from '../support/user-agents';
import { scanSources } from '../../shared/scan-sources';
import type { Caller } from '../../functions/src/identity/caller';

const { dynamo, tableName } = await import('../../functions/src/data/client');
const { cardKeys } = await import('../../functions/src/data/card-keys');
const businessRepo = await import('../../functions/src/business/repository');
const { countScan } = await import('../../functions/src/card-page/card-store');
const { closeBusiness, closeCardDays } = await import('../../functions/src/scan-totals/close');
const { planScanClose } = await import('../../functions/src/scan-totals/plan-scan-close');
const { closeBusinessMessages } = await import('../../functions/src/scan-totals/close-worker');
const { createScanCloseRun, getScanCloseRun } = await import('../../functions/src/scan-totals/close-runs');
const { businessCardDays } = await import('../../functions/src/scan-totals/open-days');
const { getScanAnalytics } = await import('../../functions/src/business/get-scan-analytics');
const { exportEmployees } = await import('../../functions/src/business/export-employees');
const { handler } = await import('../../functions/src/card-page/handler');
const { newId } = await import('../../functions/src/lib/ids');

const sent = recordDynamoCommands(dynamo());
const admin = { userId: 'scan-admin', username: 'scan-admin', email: 'admin@scan.example', emailVerified: true, isAdmin: true, groups: ['admin'], signedInAt: null, memberships: [] } as unknown as Caller;
const today = () => new Date().toISOString().slice(0, 10);
const sources = scanSources;
const devices = ['phone', 'tablet', 'desktop'] as const;

async function businessWithCards(cards: number): Promise<{ businessId: string; cardIds: string[] }> {
  const businessId = newId();
  await businessRepo.createBusinessWithOwner({ businessId, ownerId: `owner-${newId()}`, name: 'Scan Totals Co', billingEmail: uniqueEmail('billing'), billingCity: 'Testville', billingCountry: 'United States', billingPostalCode: '12345' });
  const cardIds: string[] = [];
  for (let i = 0; i < cards; i++) {
    const employeeId = newId();
    const cardId = newId();
    await businessRepo.createEmployeeWithCard(
      { employeeId, businessId, name: `Scanned ${i}`, email: uniqueEmail('scanned'), status: 'active' },
      { cardId, employeeId, businessId, isActive: true, profile: { name: `Scanned ${i}` }, business: { name: 'Scan Totals Co', isActive: true } },
    );
    cardIds.push(cardId);
  }
  return { businessId, cardIds };
}

function cardRequest(cardId: string, method: 'GET' | 'HEAD', headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: `/card/${cardId}`,
    rawQueryString: 's=qr',
    headers,
    queryStringParameters: { s: 'qr' },
    requestContext: { requestId: 'scan-totals-test', http: { method, path: `/card/${cardId}` } },
  } as unknown as APIGatewayProxyEventV2;
}

async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
  const start = sent.length;
  await run();
  return sent.slice(start);
}

const cardTotalOf = async (cardId: string) => (await (await tables()).cardScanTotal.get({ cardId }).go({ consistent: true })).data;
const businessDayOf = async (businessId: string, day: string) => (await (await tables()).businessScanDay.get({ businessId, day }).go({ consistent: true })).data;

/** Scans: card, day, source, device. */
type Scan = { cardId: string; businessId: string; day: string; source: (typeof sources)[number]; device: (typeof devices)[number] };
const scan = (s: Scan) => countScan(s.cardId, s.businessId, s.day, { source: s.source, device: s.device });

/**
 * What every reader shows for a business, compared with the scans made: the card and business totals (single reads),
 * the dashboard (business and each card), the export's Scans column, and the owner's analytics on `now` (all time,
 * the range's total, each day, by source and device, the top cards).
 */
async function expectEveryReader(business: { businessId: string; cardIds: string[] }, scans: Scan[], now: string): Promise<void> {
  const mine = scans.filter((s) => s.businessId === business.businessId);
  const ofCard = (cardId: string) => mine.filter((s) => s.cardId === cardId).length;
  expect(await businessRepo.getBusinessScanTotal(business.businessId)).toBe(mine.length);
  for (const cardId of business.cardIds) expect(await businessRepo.getCardScanTotal(cardId)).toBe(ofCard(cardId));

  const page = await businessRepo.getDashboardPage(business.businessId);
  expect(page.businessScanCount).toBe(mine.length);
  expect(Object.fromEntries(page.entries.map((e) => [e.card!.cardId, e.cardScanCount]))).toEqual(Object.fromEntries(business.cardIds.map((c) => [c, ofCard(c)])));

  const csv = await exportEmployees(admin, business.businessId);
  const scansColumn = csv.trim().split(/\r?\n/).slice(1).map((row) => Number(row.split(',').at(-1)));
  expect(scansColumn.sort((x, y) => x - y)).toEqual(business.cardIds.map(ofCard).sort((x, y) => x - y));

  const view = await getScanAnalytics(admin, business.businessId, 7, new Date(`${now}T12:00:00Z`));
  const inRange = mine.filter((s) => view.series.some((d) => d.day === s.day));
  expect(view.allTime).toBe(mine.length);
  expect(view.totalInRange).toBe(inRange.length);
  expect(view.series.filter((d) => d.scans > 0)).toEqual(
    [...new Set(inRange.map((s) => s.day))].sort().map((day) => ({ day, scans: inRange.filter((s) => s.day === day).length })),
  );
  expect(view.bySource).toEqual({ ...Object.fromEntries(sources.map((source) => [source, inRange.filter((s) => s.source === source).length])), notRecorded: 0 });
  expect(view.byDevice).toEqual({ ...Object.fromEntries(devices.map((device) => [device, inRange.filter((s) => s.device === device).length])), notRecorded: 0 });
  const top = business.cardIds
    .map((cardId) => [cardId, inRange.filter((s) => s.cardId === cardId).length] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, 5);
  expect(view.topCards.map((t) => [t.cardId, t.scans])).toEqual(top);
}

describe('one write per scan', () => {
  it('counts a card view with one GetItem and one UpdateItem; a HEAD or a prefetch reads only', async () => {
    const { businessId, cardIds } = await businessWithCards(1);
    const cardId = cardIds[0]!;
    const view = await commandsOf(async () => expect(await handler(cardRequest(cardId, 'GET', { 'user-agent': userAgents.phone }))).toMatchObject({ statusCode: 200 }));
    expect(view).toEqual(['GetItemCommand', 'UpdateItemCommand']);
    const head = await commandsOf(async () => expect(await handler(cardRequest(cardId, 'HEAD', { 'user-agent': userAgents.phone }))).toMatchObject({ statusCode: 200 }));
    expect(head).toEqual(['GetItemCommand']);
    const prefetch = await commandsOf(async () =>
      expect(await handler(cardRequest(cardId, 'GET', { 'user-agent': userAgents.phone, 'sec-purpose': 'prefetch' }))).toMatchObject({ statusCode: 200 }),
    );
    expect(prefetch).toEqual(['GetItemCommand']);

    // The one view is in the totals at once (an open day), and only the card-day was written.
    expect(await businessRepo.getCardScanTotal(cardId)).toBe(1);
    expect(await businessRepo.getBusinessScanTotal(businessId)).toBe(1);
    const day = (await (await tables()).cardScanDay.get({ cardId, day: today() }).go({ consistent: true })).data;
    expect(day).toMatchObject({ count: 1, qrScans: 1, phoneScans: 1 });
    expect(await cardTotalOf(cardId)).not.toHaveProperty('closedThrough');
    expect(await businessDayOf(businessId, today())).toBeNull();
  });

  it('keeps 1,000 parallel scans over five cards of two businesses exact in every reader before the close, and unchanged after it', async () => {
    const a = await businessWithCards(3);
    const b = await businessWithCards(2);
    const cards = [...a.cardIds.map((cardId) => ({ cardId, businessId: a.businessId })), ...b.cardIds.map((cardId) => ({ cardId, businessId: b.businessId }))];
    const day = '2025-06-10';
    // Scan i: card i mod 7 over [0, 0, 1, 1, 2, 3, 4] (cards 0 and 1 twice as often), source i mod 7, device i mod 3.
    const scans: Scan[] = Array.from({ length: 1000 }, (_, i) => ({ ...cards[[0, 0, 1, 1, 2, 3, 4][i % 7]!]!, day, source: sources[i % 7]!, device: devices[i % 3]! }));
    await Promise.all(scans.map(scan));

    await expectEveryReader(a, scans, day);
    await expectEveryReader(b, scans, day);

    // The close of that day (the job's run on the next day): the closed figures hold it, and every reader shows the same.
    await closeBusiness(a.businessId, '2025-06-11');
    await closeBusiness(b.businessId, '2025-06-11');
    for (const business of [a, b]) {
      const mine = scans.filter((s) => s.businessId === business.businessId);
      // A counter no scan added to is absent from its item.
      const bySource = Object.fromEntries(sources.map((s) => [`closed${s[0]!.toUpperCase()}${s.slice(1)}Scans`, mine.filter((x) => x.source === s).length]).filter(([, n]) => n));
      expect(await businessDayOf(business.businessId, day)).toMatchObject({
        closedScans: mine.length,
        ...bySource,
        count: mine.length,
        ...Object.fromEntries(sources.map((s) => [`${s}Scans`, mine.filter((x) => x.source === s).length]).filter(([, n]) => n)),
        ...Object.fromEntries(devices.map((d) => [`${d}Scans`, mine.filter((x) => x.device === d).length])),
      });
      for (const cardId of business.cardIds) expect(await cardTotalOf(cardId)).toMatchObject({ closedThrough: day, closedScans: mine.filter((s) => s.cardId === cardId).length });
      await expectEveryReader(business, scans, day);
      await expectEveryReader(business, scans, '2025-06-12');
    }
  }, 120_000);
});

/** The run once its workers have counted every business (the runtime's worker polls the local queue). */
async function finishedRun(runId: string) {
  for (let i = 0; i < 240; i++) {
    const run = await getScanCloseRun(runId);
    if (run?.status === 'finished') return run;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`scan close run ${runId} did not finish within a minute`);
}

/** An SQS event of the worker's queue carrying `bodies`, each received `receiveCount` times. */
function closeEvent(bodies: unknown[], receiveCount = 1) {
  return {
    Records: bodies.map((body, i) => ({
      messageId: `m-${i}`,
      receiptHandle: `r-${i}`,
      body: JSON.stringify(body),
      attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '', SenderId: '', ApproximateFirstReceiveTimestamp: '' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:test',
      awsRegion: 'us-east-1',
    })),
  } as unknown as import('aws-lambda').SQSEvent;
}

describe('the daily close', () => {
  it('adds nothing twice: closed again, or stopped after the cards and run again', async () => {
    const business = await businessWithCards(2);
    const [sam, tom] = business.cardIds as [string, string];
    const day = '2025-07-01';
    const scans: Scan[] = [
      { cardId: sam, businessId: business.businessId, day, source: 'qr', device: 'phone' },
      { cardId: sam, businessId: business.businessId, day, source: 'nfc', device: 'desktop' },
      { cardId: tom, businessId: business.businessId, day, source: 'signature', device: 'tablet' },
    ];
    for (const s of scans) await scan(s);

    // A run that stopped after the cards: the card totals are closed, the business is not; every reader is exact.
    const open = await businessCardDays(business.businessId, day, '2025-07-02');
    expect(await closeCardDays(day, open)).toBe(2);
    expect(await cardTotalOf(sam)).toMatchObject({ closedThrough: day, closedScans: 2 });
    expect(await businessDayOf(business.businessId, day)).toBeNull();
    await expectEveryReader(business, scans, day);
    // The cards again (a retried run): their condition fails, nothing is added.
    expect(await closeCardDays(day, open)).toBe(0);

    // The next run finishes the business; a run after it finds nothing open.
    expect(await closeBusiness(business.businessId, '2025-07-02')).toMatchObject({ days: [day], cardDays: 2 });
    expect(await closeBusiness(business.businessId, '2025-07-02')).toMatchObject({ days: [] });
    expect(await cardTotalOf(sam)).toMatchObject({ closedThrough: day, closedScans: 2, closedQrScans: 1, closedNfcScans: 1 });
    expect(await cardTotalOf(tom)).toMatchObject({ closedThrough: day, closedScans: 1, closedSignatureScans: 1 });
    expect(await businessDayOf(business.businessId, day)).toMatchObject({ count: 3, closedScans: 3, qrScans: 1, nfcScans: 1, signatureScans: 1, phoneScans: 1, desktopScans: 1, tabletScans: 1 });
    await expectEveryReader(business, scans, day);
  });

  it('closes only the days that have ended (midnight) and catches up a business left open for three days', async () => {
    const business = await businessWithCards(2);
    const [ann, bob] = business.cardIds as [string, string];
    const days = ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'];
    const scans: Scan[] = [];
    days.forEach((day, i) => {
      for (let n = 0; n <= i; n++) scans.push({ cardId: n % 2 ? bob : ann, businessId: business.businessId, day, source: sources[n % 7]!, device: devices[n % 3]! });
    });
    await Promise.all(scans.map(scan));

    // Midnight: on 28 February the run closes the 27th and leaves the 28th (today) open.
    expect(await closeBusiness(business.businessId, '2024-02-28')).toMatchObject({ days: ['2024-02-27'] });
    expect(await businessDayOf(business.businessId, '2024-02-27')).toMatchObject({ count: 1, closedScans: 1 });
    expect(await businessDayOf(business.businessId, '2024-02-28')).toBeNull();
    await expectEveryReader(business, scans, '2024-02-28');

    // No run for three days: the job (every business, from the listing, queued for the worker) on 2 March closes the
    // 28th, 29th and 1st.
    const planned = await planScanClose(new Date('2024-03-02T00:10:00Z'));
    expect(planned).toMatchObject({ today: '2024-03-02', status: expect.stringMatching(/running|finished/) });
    const run = await finishedRun(planned.runId);
    expect(run).toMatchObject({ status: 'finished', failed: 0, closed: planned.expected, failures: [] });
    expect(run.businessDaysClosed).toBeGreaterThanOrEqual(3);
    // Each day item: the day's scans, and the running total through it (1, 1+2, 1+2+3, 1+2+3+4).
    for (const [i, day] of days.entries()) expect(await businessDayOf(business.businessId, day)).toMatchObject({ count: i + 1, closedScans: ((i + 1) * (i + 2)) / 2 });
    expect(await cardTotalOf(ann)).toMatchObject({ closedThrough: '2024-03-01', closedScans: scans.filter((s) => s.cardId === ann).length });
    expect(await cardTotalOf(bob)).toMatchObject({ closedThrough: '2024-03-01', closedScans: scans.filter((s) => s.cardId === bob).length });
    await expectEveryReader(business, scans, '2024-03-01');
    await expectEveryReader(business, scans, '2024-03-02');
  }, 60_000);

  it('ignores the running totals of the versions before (no closedThrough): the card-days count, once', async () => {
    const business = await businessWithCards(1);
    const [cardId] = business.cardIds as [string];
    const day = '2025-08-01';
    const scans: Scan[] = [
      { cardId, businessId: business.businessId, day, source: 'qr', device: 'phone' },
      { cardId, businessId: business.businessId, day, source: 'link', device: 'phone' },
    ];
    for (const s of scans) await scan(s);
    // As the four-write card page or the stream fold left them: running totals, a fold marker and a business day item
    // without a running total; nothing closed.
    const legacy = { ':n': 2, ':marker': `${day}#2` };
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: cardKeys.cardScanTotal(cardId), UpdateExpression: 'SET scanCount = :n, qrScans = :n, scanFold0 = :marker', ExpressionAttributeValues: legacy }));
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: cardKeys.businessScanTotal(business.businessId), UpdateExpression: 'SET scanCount = :n', ExpressionAttributeValues: { ':n': 2 } }));
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: cardKeys.businessScanDay(business.businessId, day), UpdateExpression: 'SET #count = :n', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':n': 2 } }));
    await expectEveryReader(business, scans, day);
    await closeBusiness(business.businessId, '2025-08-02');
    expect(await cardTotalOf(cardId)).toMatchObject({ closedThrough: day, closedScans: 2 });
    expect(await businessDayOf(business.businessId, day)).toMatchObject({ count: 2, closedScans: 2 });
    await expectEveryReader(business, scans, day);
  });
});

describe('the scan close fan-out', () => {
  it('counts a business once on its run when SQS delivers its message twice, and finishes the run with the last one', async () => {
    const [a, b] = [await businessWithCards(1), await businessWithCards(1)];
    const day = '2025-09-01';
    for (const business of [a, b]) await scan({ cardId: business.cardIds[0]!, businessId: business.businessId, day, source: 'qr', device: 'phone' });
    const run = await createScanCloseRun({ runId: newId(), today: '2025-09-02', expected: 2 });
    const message = (businessId: string) => ({ runId: run.runId, today: '2025-09-02', businessId });

    expect(await closeBusinessMessages(closeEvent([message(a.businessId)]))).toEqual({ batchItemFailures: [] });
    // Delivered again (a lost delete): closed already, counted already.
    expect(await closeBusinessMessages(closeEvent([message(a.businessId)], 2))).toEqual({ batchItemFailures: [] });
    expect(await getScanCloseRun(run.runId)).toMatchObject({ status: 'running', closed: 1, businessDaysClosed: 1, cardDaysClosed: 1 });
    expect(await businessDayOf(a.businessId, day)).toMatchObject({ count: 1, closedScans: 1 });

    expect(await closeBusinessMessages(closeEvent([message(b.businessId), message(a.businessId)]))).toEqual({ batchItemFailures: [] });
    expect(await getScanCloseRun(run.runId)).toMatchObject({ status: 'finished', closed: 2, failed: 0, businessDaysClosed: 2, cardDaysClosed: 2, finishedAt: expect.any(String) });
    expect(await cardTotalOf(b.cardIds[0]!)).toMatchObject({ closedThrough: day, closedScans: 1 });
  });

  it('returns a message it cannot read to the queue, and counts nothing for it', async () => {
    const run = await createScanCloseRun({ runId: newId(), today: '2025-09-02', expected: 1 });
    const result = await closeBusinessMessages(closeEvent([{ runId: run.runId, today: 'yesterday', businessId: 'x' }]));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-0' }] });
    expect(await getScanCloseRun(run.runId)).toMatchObject({ status: 'running', closed: 0, failed: 0 });
  });
});
