// One write per scan (issue 25 §2): a card view reads the card once and adds to its day counter once; the scan-totals
// worker folds the counters' stream records into the card's and business's totals and the business's day, exactly once.
// Checked end to end (the runtime's worker over DynamoDB Local's stream) and, for replays and split batches that only
// a failing Lambda produces, by running the fold in-process on chosen records against the same table.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { recordDynamoCommands } from '../support/dynamo-commands';
import { tables, uniqueEmail } from '../support/runtime';
import { cardDayRecords, scansFolded } from '../support/scan-totals';
import { userAgents } from '../support/user-agents';
import type { Caller } from '../../functions/src/identity/caller';

const { dynamo } = await import('../../functions/src/data/client');
const businessRepo = await import('../../functions/src/business/repository');
const { countScan } = await import('../../functions/src/card-page/card-store');
const { foldScanRecords } = await import('../../functions/src/scan-totals/fold');
const { getScanAnalytics } = await import('../../functions/src/business/get-scan-analytics');
const { handler } = await import('../../functions/src/card-page/handler');
const { newId } = await import('../../functions/src/lib/ids');

const sent = recordDynamoCommands(dynamo());
const admin = { userId: 'scan-admin', username: 'scan-admin', email: 'admin@scan.example', emailVerified: true, isAdmin: true, groups: ['admin'], signedInAt: null, memberships: [] } as unknown as Caller;
const today = () => new Date().toISOString().slice(0, 10);

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

const totalsOf = async (cardId: string) => (await (await tables()).cardScanTotal.get({ cardId }).go({ consistent: true })).data;
const businessTotalOf = async (businessId: string) => (await (await tables()).businessScanTotal.get({ businessId }).go({ consistent: true })).data;
const businessDayOf = async (businessId: string, day: string) => (await (await tables()).businessScanDay.get({ businessId, day }).go({ consistent: true })).data;

describe('one write per scan', () => {
  it('counts a card view with one GetItem and one UpdateItem; a HEAD or a prefetch reads only', async () => {
    const { cardIds } = await businessWithCards(1);
    const cardId = cardIds[0]!;
    const view = await commandsOf(async () => expect(await handler(cardRequest(cardId, 'GET', { 'user-agent': userAgents.phone }))).toMatchObject({ statusCode: 200 }));
    expect(view).toEqual(['GetItemCommand', 'UpdateItemCommand']);
    const head = await commandsOf(async () => expect(await handler(cardRequest(cardId, 'HEAD', { 'user-agent': userAgents.phone }))).toMatchObject({ statusCode: 200 }));
    expect(head).toEqual(['GetItemCommand']);
    const prefetch = await commandsOf(async () =>
      expect(await handler(cardRequest(cardId, 'GET', { 'user-agent': userAgents.phone, 'sec-purpose': 'prefetch' }))).toMatchObject({ statusCode: 200 }),
    );
    expect(prefetch).toEqual(['GetItemCommand']);

    // The one view is in every figure once the worker has folded it.
    await scansFolded([cardId]);
    expect(await totalsOf(cardId)).toMatchObject({ scanCount: 1, qrScans: 1 });
    const day = (await (await tables()).cardScanDay.get({ cardId, day: today() }).go({ consistent: true })).data;
    expect(day).toMatchObject({ count: 1, foldScans: 1, qrScans: 1, phoneScans: 1 });
  });

  it('counts 1,000 parallel scans across five cards of two businesses exactly: card and business totals, days, splits and analytics', async () => {
    const a = await businessWithCards(3);
    const b = await businessWithCards(2);
    const cards = [...a.cardIds.map((cardId) => ({ cardId, businessId: a.businessId })), ...b.cardIds.map((cardId) => ({ cardId, businessId: b.businessId }))];
    const sources = ['qr', 'link', 'nfc', 'appleWallet', 'googleWallet', 'signature', 'background'] as const;
    const devices = ['phone', 'tablet', 'desktop'] as const;
    // Scan i: card i mod 5 (cards 0 and 1 twice as often), source i mod 7, device i mod 3.
    const scans = Array.from({ length: 1000 }, (_, i) => ({ card: cards[[0, 0, 1, 1, 2, 3, 4][i % 7]!]!, source: sources[i % 7]!, device: devices[i % 3]! }));
    const day = today();
    await Promise.all(scans.map((s) => countScan(s.card.cardId, s.card.businessId, day, { source: s.source, device: s.device })));
    await scansFolded(cards.map((c) => c.cardId), 60_000);

    const expected = (of: (s: (typeof scans)[number]) => boolean) => {
      const mine = scans.filter(of);
      // A counter no scan added to is absent from its item.
      const bySource = Object.fromEntries(sources.map((source) => [`${source}Scans`, mine.filter((s) => s.source === source).length]).filter(([, n]) => n));
      const byDevice = Object.fromEntries(devices.map((device) => [`${device}Scans`, mine.filter((s) => s.device === device).length]));
      return { count: mine.length, bySource, byDevice };
    };
    for (const { cardId } of cards) {
      const want = expected((s) => s.card.cardId === cardId);
      expect(await totalsOf(cardId)).toMatchObject({ scanCount: want.count, ...want.bySource });
    }
    for (const business of [a, b]) {
      const want = expected((s) => s.card.businessId === business.businessId);
      expect(await businessTotalOf(business.businessId)).toMatchObject({ scanCount: want.count, ...want.bySource });
      expect(await businessDayOf(business.businessId, day)).toMatchObject({ count: want.count, ...want.bySource, ...want.byDevice });
      const view = await getScanAnalytics(admin, business.businessId, 7);
      expect(view).toMatchObject({ totalInRange: want.count, allTime: want.count, bySource: { notRecorded: 0 }, byDevice: { phone: want.byDevice.phoneScans, tablet: want.byDevice.tabletScans, desktop: want.byDevice.desktopScans, notRecorded: 0 } });
      expect(view.series.at(-1)).toEqual({ day, scans: want.count });
      expect(view.topCards.map((t) => t.scans).reduce((x, y) => x + y, 0)).toBe(want.count);
    }
    // Most scanned first, ties by card id (get-scan-analytics.ts).
    const top = a.cardIds.map((cardId) => [cardId, expected((s) => s.card.cardId === cardId).count] as const).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    expect((await getScanAnalytics(admin, a.businessId, 7)).topCards.map((t) => [t.cardId, t.scans])).toEqual(top);
  }, 120_000);
});

describe('the scan fold, on batches Lambda may deliver again', () => {
  // A past day the card page never writes in these tests: the runtime's worker sees none of these records.
  const day = '2026-01-10';

  it('adds a batch once, however it is delivered again: whole, split in two, or overlapping newer records', async () => {
    const { businessId, cardIds } = await businessWithCards(2);
    const [sam, tom] = cardIds as [string, string];
    const samScans = cardDayRecords(sam, businessId, day, [{ source: 'qr' }, { source: 'nfc' }, { source: 'nfc', device: 'desktop' }, { source: 'link' }, { source: 'qr', device: 'tablet' }, { source: 'qr' }]);
    const tomScans = cardDayRecords(tom, businessId, day, [{ source: 'signature', device: 'desktop' }, { source: 'link' }]);
    const batch = [samScans[0]!, tomScans[0]!, samScans[1]!, samScans[2]!, tomScans[1]!, samScans[3]!];

    await foldScanRecords(batch);
    const once = { sam: await totalsOf(sam), tom: await totalsOf(tom), business: await businessTotalOf(businessId), day: await businessDayOf(businessId, day) };
    expect(once.sam).toMatchObject({ scanCount: 4, qrScans: 1, nfcScans: 2, linkScans: 1 });
    expect(once.tom).toMatchObject({ scanCount: 2, signatureScans: 1, linkScans: 1 });
    expect(once.business).toMatchObject({ scanCount: 6, qrScans: 1, nfcScans: 2, linkScans: 2, signatureScans: 1 });
    expect(once.day).toMatchObject({ count: 6, phoneScans: 4, desktopScans: 2 });

    // The same batch again, then its two halves (Lambda's bisection): nothing changes.
    await foldScanRecords(batch);
    await foldScanRecords(batch.slice(0, 3));
    await foldScanRecords(batch.slice(3));
    expect(await totalsOf(sam)).toEqual(once.sam);
    expect(await totalsOf(tom)).toEqual(once.tom);
    expect(await businessTotalOf(businessId)).toEqual(once.business);
    expect(await businessDayOf(businessId, day)).toEqual(once.day);

    // A retried batch that runs on into records not folded yet: only those are added.
    await foldScanRecords([samScans[2]!, samScans[3]!, samScans[4]!, samScans[5]!]);
    expect(await totalsOf(sam)).toMatchObject({ scanCount: 6, qrScans: 3, nfcScans: 2, linkScans: 1 });
    expect(await businessTotalOf(businessId)).toMatchObject({ scanCount: 8, qrScans: 3 });
    expect(await businessDayOf(businessId, day)).toMatchObject({ count: 8, phoneScans: 5, tabletScans: 1, desktopScans: 2 });
  });

  it('folds two days of one card in one batch (midnight), and two workers folding one business side by side, exactly', async () => {
    const { businessId, cardIds } = await businessWithCards(3);
    const [one, two, three] = cardIds as [string, string, string];
    const next = '2026-01-11';
    const late = cardDayRecords(one, businessId, day, [{}, {}, {}]);
    const early = cardDayRecords(one, businessId, next, [{ source: 'link' }, { source: 'link' }]);
    // The scan of the 11th lands before the last one of the 10th, as two requests around midnight can.
    await foldScanRecords([late[0]!, late[1]!, early[0]!, late[2]!, early[1]!]);
    expect(await totalsOf(one)).toMatchObject({ scanCount: 5, qrScans: 3, linkScans: 2 });
    expect(await businessDayOf(businessId, day)).toMatchObject({ count: 3 });
    expect(await businessDayOf(businessId, next)).toMatchObject({ count: 2 });

    // Two invocations (two shards: a card's records are all in one, in order) folding cards of the same business at once,
    // batch after batch: their transactions on the business's items may conflict, and are retried.
    const many = (cardId: string) => cardDayRecords(cardId, businessId, next, Array.from({ length: 40 }, (_, i) => ({ source: i % 2 ? 'qr' : 'nfc' })));
    const [twos, threes] = [many(two), many(three)];
    const shard = async (records: typeof twos) => {
      for (let i = 0; i < records.length; i += 5) await foldScanRecords(records.slice(i, i + 5));
    };
    await Promise.all([shard(twos), shard(threes)]);
    // Each shard's batches delivered again, side by side, and a batch holding records of both.
    await Promise.all([foldScanRecords(twos), foldScanRecords(threes.slice(20))]);
    await foldScanRecords([...twos.slice(10, 30), ...threes.slice(0, 20)]);
    expect(await totalsOf(two)).toMatchObject({ scanCount: 40, qrScans: 20, nfcScans: 20 });
    expect(await totalsOf(three)).toMatchObject({ scanCount: 40, qrScans: 20, nfcScans: 20 });
    expect(await businessTotalOf(businessId)).toMatchObject({ scanCount: 85 });
    expect(await businessDayOf(businessId, next)).toMatchObject({ count: 82, linkScans: 2, qrScans: 40, nfcScans: 40 });
  });

  it('moves past scans the four-write card page counted (already in the totals) without adding them again', async () => {
    const { businessId, cardIds } = await businessWithCards(1);
    const cardId = cardIds[0]!;
    // Three scans before the new card page was deployed, then two after, in one batch; then one more.
    const records = cardDayRecords(cardId, businessId, day, [{ folds: false }, { folds: false }, { folds: false }, {}, { source: 'nfc' }, {}]);
    await foldScanRecords(records.slice(0, 5));
    expect(await totalsOf(cardId)).toMatchObject({ scanCount: 2, qrScans: 1, nfcScans: 1 });
    await foldScanRecords(records);
    expect(await totalsOf(cardId)).toMatchObject({ scanCount: 3, qrScans: 2, nfcScans: 1 });
    expect(await businessTotalOf(businessId)).toMatchObject({ scanCount: 3 });
    expect(await businessDayOf(businessId, day)).toMatchObject({ count: 3 });
  });
});
