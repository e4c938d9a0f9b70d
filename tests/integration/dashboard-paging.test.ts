// Dashboard paging over real data: 600 employees (12 pages of 50, 17 of 37: enough pages for every boundary case),
// walked page by page through the HTTP API and through the service, with the DynamoDB calls of each page counted. The
// bench walks the same paging at 2,500 employees with its call budgets; here 2,500 cost 6 minutes of the suite, most of
// it the card-sharing worker rendering 1,667 link previews the test never looks at. Every employee exactly once, with
// its own card, in dashboard order (employee createdAt, then id), one Query of the dashboard collection per page.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../functions/routes';
import { cardSharingCaughtUp, CATCH_UP_MS } from '../support/link-previews';
import { api, createOwnerWithBusiness, type TestUser } from '../support/runtime';

const { dynamo } = await import('../../functions/src/data/client');
const businessRepo = await import('../../functions/src/business/repository');
const { getDashboard } = await import('../../functions/src/business/get-dashboard');
const { resolveCaller } = await import('../../functions/src/identity/caller');
const { newId } = await import('../../functions/src/lib/ids');

const EMPLOYEES = 600;

interface SentCommand {
  name: string;
  index?: string;
}

/** Every command the in-process client sends, with the index a Query reads. */
function recordCommands(client: DynamoDBDocumentClient): SentCommand[] {
  const sent: SentCommand[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ name: String(context.commandName), index: (args.input as { IndexName?: string }).IndexName });
      return next(args);
    },
    { step: 'initialize', name: 'recordDashboardCommands' },
  );
  return sent;
}

/** Runs `work` with at most `width` at a time; retries a creation that lost a race on the business counters. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        for (let attempt = 0; ; attempt++) {
          try {
            await work(item);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== 'CONFLICT' || attempt > 20) throw error;
          }
        }
      }
    }),
  );
}

let owner: TestUser;
let businessId: string;
/** Employee id → card id, as written. */
const cardOf = new Map<string, string>();
let expectedOrder: string[] = [];
let sent: SentCommand[] = [];

beforeAll(async () => {
  sent = recordCommands(dynamo());
  ({ owner, business: { id: businessId } } = await createOwnerWithBusiness({ name: 'Paging Co' }));
  const staff = Array.from({ length: EMPLOYEES }, (_, i) => ({ employeeId: newId(), cardId: newId(), i }));
  const orderKeys: { id: string; key: string }[] = [];
  // Written directly through the repository's transaction (600 HTTP calls would test the HTTP layer, not paging).
  await inParallel(staff, 8, async ({ employeeId, cardId, i }) => {
    const createdAt = new Date().toISOString();
    await businessRepo.createEmployeeWithCard(
      { employeeId, businessId, name: `Person ${i}`, email: `person-${i}@paging.example`, status: i % 3 === 0 ? 'inactive' : 'active', createdAt },
      { cardId, employeeId, businessId, isActive: i % 3 !== 0, profile: { name: `Person ${i}` }, business: { name: 'Paging Co', isActive: true } },
    );
    cardOf.set(employeeId, cardId);
    orderKeys.push({ id: employeeId, key: `${createdAt}#${employeeId}`.toLowerCase() });
  });
  // DynamoDB orders the sort key by its bytes; these keys are ASCII, so code-unit order is the same.
  expectedOrder = orderKeys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.id);
  // The card-sharing worker renders the 400 active cards' previews; waiting for it here keeps that work in this file
  // (its time is this file's, which the shards are balanced by) instead of in the next file that waits for the worker.
  await cardSharingCaughtUp();
}, 300_000 + CATCH_UP_MS); // the card-sharing worker renders 400 previews at the same time

describe('dashboard paging with 600 employees', () => {
  it('walks every page through the HTTP API: every employee exactly once, with its own card, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await api('GET', `/api/businesses/${businessId}/dashboard${query}`, { user: owner });
      expect(res.status).toBe(200);
      pages += 1;
      // The business and the stat tiles are on every page, from the business counters.
      expect(res.body.business).toMatchObject({ id: businessId, employeeCount: EMPLOYEES, cardCount: EMPLOYEES });
      expect(res.body.stats).toMatchObject({ totalEmployees: EMPLOYEES, cardsCreated: EMPLOYEES, activeCards: Math.floor((EMPLOYEES * 2) / 3) });
      expect(res.body.employees.length).toBeLessThanOrEqual(businessRepo.DASHBOARD_PAGE_SIZE);
      for (const employee of res.body.employees) {
        expect(employee.card).toMatchObject({ id: cardOf.get(employee.id), employeeId: employee.id, scanCount: 0 });
        seen.push(employee.id);
      }
      cursor = res.body.nextCursor;
    } while (cursor);

    expect(pages).toBe(Math.ceil(EMPLOYEES / businessRepo.DASHBOARD_PAGE_SIZE));
    expect(new Set(seen).size).toBe(EMPLOYEES);
    expect(seen).toEqual(expectedOrder);
  }, 120_000);

  it('reads each page with exactly one Query of the dashboard collection, at a page size that splits groups unevenly', async () => {
    const caller = await resolveCaller({ sub: owner.sub, email: owner.email, email_verified: 'true', token_use: 'id' });
    const pageSize = 37;
    const seen: string[] = [];
    const commandNames = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const start = sent.length;
      const page = await getDashboard(caller, businessId, cursor, pageSize);
      const calls = sent.slice(start);
      for (const call of calls) commandNames.add(call.name);
      pages += 1;
      // One Query of gsi1 for the employees (the plans listing is gsi2); a later page adds one BatchGetItem
      // for the business, sent in the same flight. The scan totals (issue 25 §2): the business's
      // latest day item (table) beside them, then its open card-days (gsi2). Who pays (issue 20): the business's agency
      // links (gsi2) beside them too; this business has no agency, so no agency is read.
      expect(calls.filter((c) => c.name === 'QueryCommand' && c.index === 'gsi1')).toHaveLength(1);
      expect(calls.filter((c) => c.name === 'QueryCommand' && c.index === undefined)).toHaveLength(1);
      expect(calls.filter((c) => c.name === 'QueryCommand' && c.index === 'gsi2')).toHaveLength(3);
      expect(calls.map((c) => c.name).sort()).toEqual(
        pages === 1 ? ['QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'] : ['BatchGetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'],
      );
      expect(page.business.id).toBe(businessId);
      seen.push(...page.employees.map((e) => e.id));
      for (const e of page.employees) expect(e.card?.id).toBe(cardOf.get(e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toBe(Math.ceil(EMPLOYEES / pageSize));
    expect(seen).toEqual(expectedOrder);
    // Locally nothing enforces IAM: every call paging made must be one the business area is granted in AWS.
    const granted = areas.business.capabilities.table!.actions.map((action) => `${action}Command`);
    expect([...commandNames].filter((name) => !granted.includes(name))).toEqual([]);
  }, 120_000);

  it.each([
    ['not base64url', 'abc$%^'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['another partition', Buffer.from(JSON.stringify({ after: '$invoice_1#createdat_2026' })).toString('base64url')],
    ['an unknown field', Buffer.from(JSON.stringify({ after: '$dashboard#employeeorder_x', pk: 'x' })).toString('base64url')],
    ['oversized', 'A'.repeat(5_000)],
  ])('answers a tampered cursor (%s) with 400 VALIDATION_FAILED', async (_name, cursor) => {
    const res = await api('GET', `/api/businesses/${businessId}/dashboard?cursor=${encodeURIComponent(cursor)}`, { user: owner });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('dashboard paging when DynamoDB’s 1 MB page cap cuts a group', () => {
  it('trims the cut group and starts the next page with it, one Query per page', async () => {
    const { business } = await createOwnerWithBusiness({ name: 'Big Items Co' });
    // ~240 KB per group (employee + its card's copy of the profile): a 1 MB Query page ends inside a group.
    const big = 'x'.repeat(120_000);
    const created: { employeeId: string; cardId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const employeeId = newId();
      const cardId = newId();
      await businessRepo.createEmployeeWithCard(
        { employeeId, businessId: business.id, name: `Big ${i}`, email: `big-${i}@paging.example`, department: big, status: 'active' },
        { cardId, employeeId, businessId: business.id, isActive: true, profile: { name: `Big ${i}`, department: big }, business: { name: 'Big Items Co', isActive: true } },
      );
      created.push({ employeeId, cardId });
    }
    const expected = (
      await Promise.all(created.map(async (c) => ({ ...c, key: `${(await businessRepo.getEmployee(c.employeeId))!.createdAt}#${c.employeeId}`.toLowerCase() })))
    )
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((c) => c.employeeId);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const start = sent.length;
      const page = await businessRepo.getDashboardPage(business.id, cursor);
      // One Query of the dashboard collection (gsi1); the scan totals add their two (issue 25 §2).
      expect(sent.slice(start).filter((c) => c.name === 'QueryCommand' && c.index === 'gsi1')).toHaveLength(1);
      pages += 1;
      for (const entry of page.entries) {
        expect(entry.card?.employeeId).toBe(entry.employee.employeeId);
        seen.push(entry.employee.employeeId);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(expected);
  }, 60_000);
});
