// Repositories against DynamoDB Local: the keys, the one-call access patterns, the guards and the counters of
// docs/access-patterns.md. The test runtime's table is used directly (no HTTP), so what is under test is the
// data layer itself: what each call writes, how many round trips a read takes, and what a lost race leaves.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordDynamoCommands } from '../support/dynamo-commands';
import { tables, uniqueEmail } from '../support/runtime';

// The runtime's environment is set by ../support/runtime, so these resolve to the test table.
const { dynamo, tableName } = await import('../../functions/src/data/client');
const businessRepo = await import('../../functions/src/business/repository');
const { countScan } = await import('../../functions/src/card-page/card-store');
const { closeBusiness } = await import('../../functions/src/scan-totals/close');
const meRepo = await import('../../functions/src/identity/repository');
const jobsRepo = await import('../../functions/src/invoices/billing-repository');
const paymentStore = await import('../../functions/src/invoices/payment-store');
const { db } = await import('../../functions/src/data/entities');
const { isConditionalFailure } = await import('../../functions/src/data/conditional');
const { newId } = await import('../../functions/src/lib/ids');

/** Every DynamoDB command the repositories send, by name. */
let sent: string[] = [];
/** The same commands' inputs, to see which items a call writes. */
const inputs: Record<string, unknown>[] = [];
beforeAll(() => {
  sent = recordDynamoCommands(dynamo());
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      inputs.push(args.input as Record<string, unknown>);
      return next(args);
    },
    { step: 'initialize', name: 'recordDynamoInputs' },
  );
});

/** `pk|sk` of every item the commands sent during `run` write (UpdateItem, PutItem, TransactWriteItems). */
async function keysWrittenBy(run: () => Promise<unknown>): Promise<Set<string>> {
  const start = inputs.length;
  await run();
  const keys = new Set<string>();
  const add = (key?: Record<string, unknown>, item?: Record<string, unknown>) => {
    const k = key ?? item;
    if (k) keys.add(`${String(k.pk)}|${String(k.sk)}`);
  };
  for (const input of inputs.slice(start)) {
    const transact = input.TransactItems as Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }>[] | undefined;
    if (transact) for (const op of transact) for (const write of Object.values(op)) add(write.Key, write.Item);
    else add(input.Key as Record<string, unknown> | undefined, input.Item as Record<string, unknown> | undefined);
  }
  return keys;
}
async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
  const start = sent.length;
  await run();
  return sent.slice(start);
}

const rawItem = async (pk: string, sk: string) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }))).Item;

function makeBusiness(overrides: Partial<Parameters<typeof businessRepo.createBusinessWithOwner>[0]> = {}) {
  return {
    businessId: newId(),
    ownerId: `owner-${newId()}`,
    name: 'Repo Test Co',
    billingEmail: uniqueEmail('billing'),
    billingCity: 'Testville',
    billingCountry: 'United States',
    billingPostalCode: '12345',
    ...overrides,
  };
}

/** `staff` in dashboard order: employee createdAt, then id, compared as the lower-cased key bytes (as DynamoDB does). */
async function inDashboardOrder<T extends { employee: { employeeId: string } }>(staff: T[]): Promise<T[]> {
  const keyed = await Promise.all(
    staff.map(async (e) => ({ e, key: `${(await businessRepo.getEmployee(e.employee.employeeId))!.createdAt}#${e.employee.employeeId}`.toLowerCase() })),
  );
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ e }) => e);
}

function makeEmployeeAndCard(businessId: string, overrides: { status?: 'draft' | 'active' | 'inactive'; isActive?: boolean } = {}) {
  const employeeId = newId();
  const cardId = newId();
  return {
    employee: { employeeId, businessId, name: 'Repo Person', email: uniqueEmail('person'), status: overrides.status ?? 'draft' },
    card: {
      cardId,
      employeeId,
      businessId,
      isActive: overrides.isActive ?? true,
      profile: { name: 'Repo Person' },
      business: { name: 'Repo Test Co', isActive: true },
    },
  };
}

describe('business, guard and owner membership (pattern 4)', () => {
  it('writes the business, its billing-email guard and the owner membership under the documented keys', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);

    // ElectroDB lower-cases key values (ids are compared case-insensitively in keys; attributes keep their case).
    const id = business.businessId.toLowerCase();
    const stored = await rawItem(`$cardcrew#businessid_${id}`, '$business_1');
    expect(stored).toMatchObject({ businessId: business.businessId, name: 'Repo Test Co', ownerId: business.ownerId, employeeCount: 0, billableEmployeeCount: 0 });
    expect(stored).not.toHaveProperty('scanCount');
    expect(stored).toMatchObject({ gsi1pk: `$cardcrew#businessid_${id}`, gsi1sk: '$dashboard#business_1', gsi2pk: '$cardcrew#listing_businesses' });
    // The scan total is an item of its own, next to the business on gsi1 (before every employee group).
    const scanTotal = await rawItem(`$cardcrew#businessid_${id}`, '$businessscantotal_1');
    expect(scanTotal).toMatchObject({ scanCount: 0, gsi1pk: `$cardcrew#businessid_${id}`, gsi1sk: '$dashboard#businessscantotal_1' });
    const guard = await rawItem(`$cardcrew#billingemail_${business.billingEmail}`, '$billingemailguard_1');
    expect(guard?.businessId).toBe(business.businessId);
    const ownerGuard = await rawItem(`$cardcrew#ownerid_${business.ownerId.toLowerCase()}`, '$businessownerguard_1');
    expect(ownerGuard?.businessId).toBe(business.businessId);
    const membership = await rawItem(`$cardcrew#userid_${business.ownerId.toLowerCase()}`, `$user#membership_1#scopetype_business#scopeid_${id}`);
    expect(membership).toMatchObject({ role: 'owner', scopeType: 'business', gsi2pk: `$cardcrew#scopetype_business#scopeid_${id}` });
  });

  it('refuses a billing email another business holds and writes nothing of the second business', async () => {
    const first = makeBusiness();
    await businessRepo.createBusinessWithOwner(first);
    const second = makeBusiness({ billingEmail: first.billingEmail });

    await expect(businessRepo.createBusinessWithOwner(second)).rejects.toMatchObject({ code: 'BILLING_EMAIL_TAKEN' });
    expect(await businessRepo.getBusiness(second.businessId)).toBeNull();
    const { memberships } = await meRepo.loadUserRecords(second.ownerId);
    expect(memberships).toEqual([]);
  });

  it('lets only one of two owners racing for the same billing email win', async () => {
    const billingEmail = uniqueEmail('race');
    const contenders = [makeBusiness({ billingEmail }), makeBusiness({ billingEmail })];
    const results = await Promise.allSettled(contenders.map((b) => businessRepo.createBusinessWithOwner(b)));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = await Promise.all(contenders.map((b) => businessRepo.getBusiness(b.businessId)));
    expect(stored.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a second business for the same owner through the owner guard, even when two requests race', async () => {
    const first = makeBusiness();
    await businessRepo.createBusinessWithOwner(first);
    const second = makeBusiness({ ownerId: first.ownerId });
    await expect(businessRepo.createBusinessWithOwner(second)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await businessRepo.getBusiness(second.businessId)).toBeNull();

    const ownerId = `owner-${newId()}`;
    const racing = [makeBusiness({ ownerId }), makeBusiness({ ownerId })];
    const results = await Promise.allSettled(racing.map((b) => businessRepo.createBusinessWithOwner(b)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { memberships } = await meRepo.loadUserRecords(ownerId);
    expect(memberships).toHaveLength(1);
  });
});

describe('employees, cards and counters (patterns 5, 6, 6a)', () => {
  it('moves the business counters in the same transaction: drafts are not billable, every card counts', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const draft = makeEmployeeAndCard(business.businessId, { status: 'draft' });
    const active = makeEmployeeAndCard(business.businessId, { status: 'active' });
    const inactiveCard = makeEmployeeAndCard(business.businessId, { status: 'inactive', isActive: false });
    for (const e of [draft, active, inactiveCard]) await businessRepo.createEmployeeWithCard(e.employee, e.card);

    expect(await businessRepo.getBusiness(business.businessId)).toMatchObject({
      employeeCount: 3,
      billableEmployeeCount: 2,
      cardCount: 3,
      activeCardCount: 2,
    });
  });

  it('writes no employee, card or counter when the business does not exist', async () => {
    const orphan = makeEmployeeAndCard(newId());
    await expect(businessRepo.createEmployeeWithCard(orphan.employee, orphan.card)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await businessRepo.getEmployee(orphan.employee.employeeId)).toBeNull();
    expect(await businessRepo.getCard(orphan.card.cardId)).toBeNull();
    expect(await businessRepo.getBusiness(orphan.employee.businessId)).toBeNull();
  });

  it('keys an employee, its card and its scan total next to each other on gsi1, in employee order', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const created = [makeEmployeeAndCard(business.businessId), makeEmployeeAndCard(business.businessId), makeEmployeeAndCard(business.businessId)];
    for (const e of created) await businessRepo.createEmployeeWithCard(e.employee, e.card);
    const staff = await inDashboardOrder(created);

    const raw = await dynamo().send(
      new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `$cardcrew#businessid_${business.businessId.toLowerCase()}` } }),
    );
    const items = raw.Items ?? [];
    // The business and its scan total first, then one group of three per employee, groups in creation order.
    expect(items.slice(0, 2).map((i) => i.__edb_e__)).toEqual(['business', 'businessScanTotal']);
    const employees = items.filter((i) => i.__edb_e__ === 'employee');
    expect(employees.map((i) => i.employeeId)).toEqual(staff.map((e) => e.employee.employeeId));
    for (const [index, e] of staff.entries()) {
      const employee = employees[index]!;
      const order = `${employee.createdAt}#${e.employee.employeeId}`;
      expect(employee.employeeOrder).toBe(order);
      const group = items.slice(2 + index * 3, 5 + index * 3);
      expect(group.map((i) => i.__edb_e__).sort()).toEqual(['card', 'cardScanTotal', 'employee']);
      for (const item of group) expect(item.gsi1sk).toBe(`$dashboard#employeeorder_${order.toLowerCase()}#${String(item.__edb_e__).toLowerCase()}_1`);
      expect(group.find((i) => i.__edb_e__ === 'card')?.cardId).toBe(e.card.cardId);
    }
    expect(items).toHaveLength(2 + 3 * staff.length);
  });

  it('reads a dashboard page with one Query (the business and complete employee groups), one of the closed scans and one of the open card-days', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const created = Array.from({ length: 5 }, () => makeEmployeeAndCard(business.businessId));
    for (const e of created) await businessRepo.createEmployeeWithCard(e.employee, e.card);
    const staff = await inDashboardOrder(created);

    let page: Awaited<ReturnType<typeof businessRepo.getDashboardPage>> | undefined;
    const commands = await commandsOf(async () => {
      page = await businessRepo.getDashboardPage(business.businessId, undefined, 2);
    });
    // Beside it the business's latest day (its closed scans), then its open card-days (issue 25 §2: totals are closed
    // figures plus the days still open).
    expect(commands).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand']);
    expect(page?.business?.businessId).toBe(business.businessId);
    expect(page?.entries.map((e) => [e.employee.employeeId, e.card?.cardId])).toEqual(staff.slice(0, 2).map((e) => [e.employee.employeeId, e.card.cardId]));
    expect(page?.nextCursor).toEqual(expect.any(String));

    // A later page: one Query for the employees and one BatchGetItem for the business, in the same flight; then the open days.
    let second: typeof page;
    const secondCommands = await commandsOf(async () => {
      second = await businessRepo.getDashboardPage(business.businessId, page!.nextCursor!, 2);
    });
    expect(secondCommands.sort()).toEqual(['BatchGetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);
    expect(second?.business?.businessId).toBe(business.businessId);
    expect(second?.entries.map((e) => e.employee.employeeId)).toEqual(staff.slice(2, 4).map((e) => e.employee.employeeId));
    const last = await businessRepo.getDashboardPage(business.businessId, second!.nextCursor!, 2);
    expect(last.entries.map((e) => e.employee.employeeId)).toEqual([staff[4]!.employee.employeeId]);
    expect(last.nextCursor).toBeNull();
  });

  it.each(['not-base64!', Buffer.from('{"after":1}').toString('base64url'), Buffer.from('{"after":"$invoice_1"}').toString('base64url'), 'e30'])(
    'refuses the tampered cursor %j as a validation error',
    async (cursor) => {
      await expect(businessRepo.getDashboardPage(newId(), cursor)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('refuses a second employee with the same email (any case) in one business, and writes nothing of it', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const email = uniqueEmail('twin');
    const twins = [makeEmployeeAndCard(business.businessId), makeEmployeeAndCard(business.businessId)];
    twins[0]!.employee.email = email;
    twins[1]!.employee.email = email.toUpperCase();

    const results = await Promise.allSettled(twins.map((e) => businessRepo.createEmployeeWithCard(e.employee, e.card)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', fieldErrors: { email: 'An employee with this email already exists in this business.' } });
    const stored = await Promise.all(twins.map((e) => businessRepo.getEmployee(e.employee.employeeId)));
    const cards = await Promise.all(twins.map((e) => businessRepo.getCard(e.card.cardId)));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(cards.filter(Boolean)).toHaveLength(1);
    expect(await businessRepo.getBusiness(business.businessId)).toMatchObject({ employeeCount: 1, cardCount: 1 });
    const guard = await rawItem(`$cardcrew#businessid_${business.businessId.toLowerCase()}`, `$employeeemailguard_1#email_${email}`);
    expect(guard?.email).toBe(email);

    // The same email in another business is fine.
    const other = makeBusiness();
    await businessRepo.createBusinessWithOwner(other);
    const elsewhere = makeEmployeeAndCard(other.businessId);
    elsewhere.employee.email = email;
    await expect(businessRepo.createEmployeeWithCard(elsewhere.employee, elsewhere.card)).resolves.toBeUndefined();
  });

  it('serves everything the public card shows from one GetItem (pattern 7)', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const e = makeEmployeeAndCard(business.businessId);
    await businessRepo.createEmployeeWithCard(e.employee, e.card);

    let card: Awaited<ReturnType<typeof businessRepo.getCard>> = null;
    const commands = await commandsOf(async () => {
      card = await businessRepo.getCard(e.card.cardId);
    });
    expect(commands).toEqual(['GetItemCommand']);
    expect(card).toMatchObject({ profile: { name: 'Repo Person' }, business: { name: 'Repo Test Co', isActive: true } });
  });
});

describe('scan counters (pattern 8)', () => {
  it('counts 50 parallel scans exactly on the card, the business and both per-day items with their split, with writes only', async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const e = makeEmployeeAndCard(business.businessId);
    await businessRepo.createEmployeeWithCard(e.employee, e.card);
    const day = '2026-11-22';

    const sourceOf = (i: number) => (i < 20 ? 'qr' : i < 30 ? 'nfc' : i < 35 ? 'googleWallet' : 'link');
    const scans = Array.from({ length: 50 }, (_, i) => ({ source: sourceOf(i), device: i % 5 === 0 ? 'desktop' : i % 5 === 1 ? 'tablet' : 'phone' }) as const);
    const commands = await commandsOf(() => Promise.all(scans.map((scan) => countScan(e.card.cardId, business.businessId, day, scan))));
    // One UpdateItem a scan, whatever its source (issue 25 §2): the card's day counter. The totals read it as an open day
    // until the daily close adds it into the totals and writes the business's day.
    expect(commands).toEqual(Array.from({ length: 50 }, () => 'UpdateItemCommand'));

    const db = await tables();
    expect(await businessRepo.getCardScanTotal(e.card.cardId)).toBe(50);
    expect(await businessRepo.getBusinessScanTotal(business.businessId)).toBe(50);
    const sources = { qrScans: 20, nfcScans: 10, googleWalletScans: 5, linkScans: 15 };
    const split = { count: 50, ...sources, phoneScans: 30, tabletScans: 10, desktopScans: 10 };
    expect((await db.cardScanDay.get({ cardId: e.card.cardId, day }).go({ consistent: true })).data).toMatchObject({ ...split, businessId: business.businessId });

    await closeBusiness(business.businessId, '2026-11-23');
    expect(await businessRepo.getCardScanTotal(e.card.cardId)).toBe(50);
    expect(await businessRepo.getBusinessScanTotal(business.businessId)).toBe(50);
    const closed = { closedScans: 50, closedQrScans: 20, closedNfcScans: 10, closedGoogleWalletScans: 5, closedLinkScans: 15 };
    expect((await db.cardScanTotal.get({ cardId: e.card.cardId }).go({ consistent: true })).data).toMatchObject({ ...closed, closedThrough: day });
    // The business's day, with its running total through the day (its closed total).
    expect((await db.businessScanDay.get({ businessId: business.businessId, day }).go({ consistent: true })).data).toMatchObject({ ...split, ...closed });
    // The card-day is listed under its business (gsi2), the top cards' Query.
    const listed = await db.cardScanDay.query.byBusiness({ businessId: business.businessId }).go();
    expect(listed.data.map((d) => [d.cardId, d.day, d.count])).toEqual([[e.card.cardId, day, 50]]);
  });

  it('writes no item a scan writes in the transaction that adds an employee (no TransactionConflict possible)', async () => {
    // DynamoDB Local does not cancel a transaction for a concurrent plain write, as AWS does; so the proof is
    // that the two write sets are disjoint. Before issue 13 both wrote the business item.
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    const scanned = makeEmployeeAndCard(business.businessId);
    await businessRepo.createEmployeeWithCard(scanned.employee, scanned.card);

    const scanKeys = await keysWrittenBy(() => countScan(scanned.card.cardId, business.businessId, '2026-11-22', { source: 'qr', device: 'phone' }));
    // The daily close of that day (issue 25 §2): the card's total and the business's day.
    const foldKeys = await keysWrittenBy(() => closeBusiness(business.businessId, '2026-11-23'));
    const added = makeEmployeeAndCard(business.businessId);
    const addKeys = await keysWrittenBy(() => businessRepo.createEmployeeWithCard(added.employee, added.card));
    expect(scanKeys.size).toBe(1);
    expect(foldKeys.size).toBe(2);
    expect(addKeys.size).toBe(6); // employee, card, scan total, e-mail guard, business counters, audit entry (issue 23 §3)
    expect([...scanKeys, ...foldKeys].filter((key) => addKeys.has(key))).toEqual([]);
  });

  it('does not create a card, business or scan-total item for a scan of an unknown card', async () => {
    const cardId = newId();
    const businessId = newId();
    // The scan writes its day counter only (the card page serves an unknown card Not Found and counts nothing before);
    // a card-day alone never creates a card total.
    await countScan(cardId, businessId, '2026-11-22', { source: 'link', device: 'desktop' });
    const { closeCardDays } = await import('../../functions/src/scan-totals/close');
    expect(await closeCardDays('2026-11-22', [{ cardId, businessId, day: '2026-11-22', count: 1 }])).toBe(0);
    expect(await businessRepo.getCard(cardId)).toBeNull();
    expect(await businessRepo.getBusiness(businessId)).toBeNull();
    expect(await rawItem(`$cardcrew#cardid_${cardId.toLowerCase()}`, '$cardscantotal_1')).toBeUndefined();
    expect(await rawItem(`$cardcrew#businessid_${businessId.toLowerCase()}`, '$businessscantotal_1')).toBeUndefined();
    expect(await rawItem(`$cardcrew#businessid_${businessId.toLowerCase()}`, '$businessscanday_1#day_2026-11-22')).toBeUndefined();
  });
});

describe('the user partition (patterns 1, 2)', () => {
  it('reads the profile and every membership with one Query, and creates a profile only once', async () => {
    const userId = `user-${newId()}`;
    const first = await meRepo.createProfileIfMissing({ userId, email: 'first@example.com', displayName: 'First', accountType: 'agency' });
    const second = await meRepo.createProfileIfMissing({ userId, email: 'second@example.com', displayName: 'Second', accountType: 'business' });
    expect(first.accountType).toBe('agency');
    expect(second).toMatchObject({ email: 'first@example.com', accountType: 'agency' });
    await meRepo.putOwnerMembership(userId, 'agency', `agency-${newId()}`);

    let records: Awaited<ReturnType<typeof meRepo.loadUserRecords>> | undefined;
    const commands = await commandsOf(async () => {
      records = await meRepo.loadUserRecords(userId);
    });
    expect(commands).toEqual(['QueryCommand']);
    expect(records?.profile?.displayName).toBe('First');
    expect(records?.memberships.map((m) => m.role)).toEqual(['owner']);
  });
});

describe('invoices (patterns 14, 15)', () => {
  const unnumbered = (businessId = newId(), invoiceId = newId()) => ({ invoiceId, businessId, businessName: 'Repo Test Co', amountCents: 398, currency: 'USD', dueDate: '2026-12-22' });
  const storedInvoice = async (invoiceId: string) => (await db().invoice.get({ invoiceId }).go({ consistent: true })).data;
  const sequenceOf = (invoiceNumber: string) => Number(invoiceNumber.slice('INV-2026-'.length));

  it('numbers an invoice in the write that creates it: a consistent read of the sequence, then one transaction', async () => {
    const before = await jobsRepo.lastInvoiceSequenceValue();
    const invoice = unnumbered();
    let outcome: Awaited<ReturnType<typeof jobsRepo.createNumberedInvoice>> | undefined;
    expect(await commandsOf(async () => (outcome = await jobsRepo.createNumberedInvoice(invoice, { year: 2026 })))).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    const invoiceNumber = `INV-2026-${String(before + 1).padStart(6, '0')}`;
    expect(outcome).toEqual({ outcome: 'created', invoiceNumber, attempts: 1 });
    expect(await storedInvoice(invoice.invoiceId)).toMatchObject({ invoiceNumber, searchText: `${invoiceNumber.toLowerCase()}\nrepo test co`, status: 'pending' });
    expect(await jobsRepo.lastInvoiceSequenceValue()).toBe(before + 1);
  });

  it('hands 20 parallel callers consecutive numbers, each on its invoice, retrying when another took the number first', async () => {
    const before = await jobsRepo.lastInvoiceSequenceValue();
    const invoices = Array.from({ length: 20 }, () => unnumbered());
    const outcomes = await Promise.all(invoices.map((invoice) => jobsRepo.createNumberedInvoice(invoice, { year: 2026 })));
    const numbers = outcomes.map((o) => (o.outcome === 'created' ? o.invoiceNumber : 'none'));
    expect(numbers.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(Math.max(...outcomes.map((o) => o.attempts))).toBeGreaterThan(1);
    expect(await jobsRepo.lastInvoiceSequenceValue()).toBe(before + 20);
    for (const [i, invoice] of invoices.entries()) expect((await storedInvoice(invoice.invoiceId))?.invoiceNumber).toBe(numbers[i]);
  });

  it('writes one invoice per business and period: the guard refuses the second, which leaves no invoice and takes no number', async () => {
    const businessId = newId();
    const before = await jobsRepo.lastInvoiceSequenceValue();
    const [a, b] = [unnumbered(businessId), unnumbered(businessId)];

    const outcomes = await Promise.all([a, b].map((invoice) => jobsRepo.createNumberedInvoice(invoice, { year: 2026, guard: { period: '2026-11' } })));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['alreadyBilled', 'created']);
    const stored = await jobsRepo.listInvoicesOfBusiness(businessId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.invoiceNumber).toBe(`INV-2026-${String(before + 1).padStart(6, '0')}`);
    expect((await db().invoiceGuard.get({ businessId, period: '2026-11' }).go({ consistent: true })).data?.invoiceId).toBe(stored[0]!.invoiceId);
    expect(await jobsRepo.lastInvoiceSequenceValue()).toBe(before + 1);
    expect(await jobsRepo.hasInvoiceForPeriod(businessId, '2026-11')).toBe(true);
    expect(await jobsRepo.hasInvoiceForPeriod(businessId, '2026-12')).toBe(false);

    // Billed already: refused at once, still no number taken.
    expect(await jobsRepo.createNumberedInvoice(unnumbered(businessId), { year: 2026, guard: { period: '2026-11' } })).toEqual({ outcome: 'alreadyBilled', attempts: 1 });
    expect(await jobsRepo.lastInvoiceSequenceValue()).toBe(before + 1);
  });

  it('throws when the transaction fails for another reason (an invoice id taken), and takes no number', async () => {
    const existing = unnumbered();
    await jobsRepo.createNumberedInvoice(existing, { year: 2026 });
    const before = await jobsRepo.lastInvoiceSequenceValue();
    await expect(jobsRepo.createNumberedInvoice({ ...existing, amountCents: 1 }, { year: 2026 })).rejects.toThrow(/cancelled.*"None","ConditionalCheckFailed"/);
    expect(await jobsRepo.lastInvoiceSequenceValue()).toBe(before);
    expect((await storedInvoice(existing.invoiceId))?.amountCents).toBe(398);
  });
});

// The payments Lambda writes with the plain document client (payment-store.ts) what every other Lambda reads through
// ElectroDB, and the other way round: the stored items must be the ones ElectroDB writes and reads.
describe('invoice payments with the plain document client (patterns 34, 36)', () => {
  async function electroInvoice(status: 'pending' | 'void' = 'pending') {
    const invoiceId = newId();
    await db()
      .invoice.create({ invoiceId, businessId: newId(), businessName: 'Repo Test Co', invoiceNumber: `INV-T-${invoiceId}`, amountCents: 4900, currency: 'USD', dueDate: '2026-12-22', status })
      .go();
    return (await db().invoice.get({ invoiceId }).go({ consistent: true })).data!;
  }
  const payment = (sessionId: string) => ({ paidAt: new Date().toISOString(), paidAmountCents: 4900, stripeSessionId: sessionId, stripePaymentIntentId: `pi_${sessionId}` });

  it('reads an invoice exactly as ElectroDB reads it, and nothing for an unknown id', async () => {
    const created = await electroInvoice();
    expect(await paymentStore.getInvoice(created.invoiceId)).toEqual(created);
    expect(await paymentStore.getInvoice(newId())).toBeNull();
  });

  it('marks an invoice paid once: ElectroDB reads the payment back, and a second payment changes nothing', async () => {
    const created = await electroInvoice();
    const first = payment('cs_first');
    await new Promise((resolve) => setTimeout(resolve, 5)); // so the payment's updatedAt is a later millisecond
    expect(await paymentStore.markInvoicePaid(created.invoiceId, first)).toBe(true);
    expect(await paymentStore.markInvoicePaid(created.invoiceId, payment('cs_second'))).toBe(false);

    const stored = (await db().invoice.get({ invoiceId: created.invoiceId }).go({ consistent: true })).data!;
    expect(stored).toEqual({ ...created, ...first, status: 'paid', updatedAt: stored.updatedAt });
    expect(stored.updatedAt! > created.updatedAt!).toBe(true);
    expect(stored.createdAt).toBe(created.createdAt);
    // The gsi keys are untouched: the paid invoice is still in the billing tab's listing, where it was.
    const item = await rawItem(`$cardcrew#invoiceid_${created.invoiceId.toLowerCase()}`, '$invoice_1');
    expect(item).toMatchObject({ __edb_e__: 'invoice', __edb_v__: '1', gsi2pk: '$cardcrew#listing_invoices' });
  });

  it('pays neither a void invoice nor one that does not exist (and creates no item for it)', async () => {
    const voided = await electroInvoice('void');
    expect(await paymentStore.markInvoicePaid(voided.invoiceId, payment('cs_void'))).toBe(false);
    expect((await db().invoice.get({ invoiceId: voided.invoiceId }).go({ consistent: true })).data).toEqual(voided);

    const unknown = newId();
    expect(await paymentStore.markInvoicePaid(unknown, payment('cs_unknown'))).toBe(false);
    expect(await rawItem(`$cardcrew#invoiceid_${unknown.toLowerCase()}`, '$invoice_1')).toBeUndefined();
  });

  it('moves a status only from one that may lead to it (Mark Overdue, then Void), as ElectroDB reads it', async () => {
    const created = await electroInvoice();
    expect(await paymentStore.transitionInvoice(created, 'overdue')).toBe(true);
    expect(await paymentStore.transitionInvoice(created, 'void')).toBe(true);
    expect(await paymentStore.transitionInvoice(created, 'overdue')).toBe(false);
    expect((await db().invoice.get({ invoiceId: created.invoiceId }).go({ consistent: true })).data).toMatchObject({ status: 'void', createdAt: created.createdAt });
  });

  it('claims a webhook event once: ElectroDB sees it as existing, and it can be claimed again after its release', async () => {
    const eventId = `evt_${newId()}`;
    const invoiceId = newId();
    const before = Math.floor(Date.now() / 1000);
    expect(await paymentStore.claimPaymentEvent(eventId, 'checkout.session.completed', invoiceId)).toBe(true);
    expect(await paymentStore.claimPaymentEvent(eventId, 'checkout.session.completed', invoiceId)).toBe(false);

    const stored = (await db().paymentEvent.get({ eventId }).go({ consistent: true })).data!;
    expect(stored).toEqual({ eventId, type: 'checkout.session.completed', invoiceId, expiresAt: expect.any(Number), createdAt: expect.any(String) });
    expect(stored.expiresAt - before).toBeGreaterThanOrEqual(30 * 86400);
    expect(stored.expiresAt - before).toBeLessThanOrEqual(30 * 86400 + 60);
    const electroCreate = db().paymentEvent.create({ eventId, type: 'checkout.session.completed', expiresAt: stored.expiresAt }).go();
    await expect(electroCreate.then(() => 'created', (error: unknown) => (isConditionalFailure(error) ? 'refused' : error))).resolves.toBe('refused');

    await paymentStore.releasePaymentEvent(eventId);
    expect((await db().paymentEvent.get({ eventId }).go({ consistent: true })).data).toBeNull();
    expect(await paymentStore.claimPaymentEvent(eventId, 'checkout.session.completed', undefined)).toBe(true);
    expect((await db().paymentEvent.get({ eventId }).go({ consistent: true })).data).not.toHaveProperty('invoiceId');
  });

  it("finds the billing contact of a business ElectroDB wrote: its billing e-mail, else the owner's", async () => {
    const business = makeBusiness();
    await businessRepo.createBusinessWithOwner(business);
    expect(await paymentStore.billingContactOf({ businessId: business.businessId })).toBe(business.billingEmail);

    const ownerId = `owner-${newId()}`;
    const bare = { businessId: newId(), ownerId, name: 'No Billing Co' };
    await db().business.create(bare).go();
    expect(await paymentStore.billingContactOf({ businessId: bare.businessId })).toBeNull();
    await meRepo.createProfileIfMissing({ userId: ownerId, email: 'bare-owner@example.com', displayName: 'Owner', accountType: 'business' });
    expect(await paymentStore.billingContactOf({ businessId: bare.businessId })).toBe('bare-owner@example.com');
    expect(await paymentStore.billingContactOf({ businessId: newId() })).toBeNull();
  });

  it("finds the billing contact of an agency ElectroDB wrote: its e-mail, else its owner's", async () => {
    const ownerId = `agency-owner-${newId()}`;
    const agency = { agencyId: newId(), ownerId, name: 'Contact Agency', email: 'agency-billing@example.com' };
    await db().agency.create(agency).go();
    expect(await paymentStore.billingContactOf({ businessId: agency.agencyId, payerType: 'agency' })).toBe('agency-billing@example.com');
    // The same id read as a business is no payer: the payer type decides which item is read.
    expect(await paymentStore.billingContactOf({ businessId: agency.agencyId })).toBeNull();

    const bare = { agencyId: newId(), ownerId, name: 'No E-mail Agency' };
    await db().agency.create(bare).go();
    expect(await paymentStore.billingContactOf({ businessId: bare.agencyId, payerType: 'agency' })).toBeNull();
    await meRepo.createProfileIfMissing({ userId: ownerId, email: 'agency-owner@example.com', displayName: 'Owner', accountType: 'agency' });
    expect(await paymentStore.billingContactOf({ businessId: bare.agencyId, payerType: 'agency' })).toBe('agency-owner@example.com');
  });
});
