// The payments Lambda's plain-client reads and writes are ElectroDB's: each command this store sends is compared with
// the one ElectroDB builds for the same call (keys, stamps, createdAt/updatedAt, the conditions), and what a read
// returns with what ElectroDB's get returns. The document client is stubbed: no DynamoDB is needed.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

process.env.TABLE_NAME ??= 'keys-test';
const { db } = await import('../data/entities');
const { dynamo } = await import('../data/client');
const store = await import('./payment-store');

type Input = Record<string, unknown> & {
  Key?: Record<string, string>;
  Item?: Record<string, unknown>;
  ConsistentRead?: boolean;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

const NOW = new Date('2026-11-23T12:34:56.789Z');
/** The commands the store sent, with the answer the stub gives to each (by command name). */
let sent: { command: string; input: Input }[] = [];
let answer: (command: string, input: Input) => unknown = () => ({});

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(dynamo(), 'send').mockImplementation((async (command: { constructor: { name: string }; input: Input }) => {
    sent.push({ command: command.constructor.name, input: command.input });
    return answer(command.constructor.name, command.input);
  }) as never);
});
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
beforeEach(() => {
  sent = [];
  answer = () => ({});
});

/** `{ attribute: value }` of an UpdateItem's SET clause, however its placeholders are named. */
function setAttributes(input: Input): Record<string, unknown> {
  const clause = /^SET (.*?)(?: REMOVE .*)?$/.exec(input.UpdateExpression ?? '')![1]!;
  return Object.fromEntries(
    clause.split(', ').map((assignment) => {
      const [name, value] = assignment.split(' = ') as [string, string];
      return [input.ExpressionAttributeNames![name], input.ExpressionAttributeValues![value]];
    }),
  );
}

/** The attributes an UpdateItem's REMOVE clause removes, sorted; none without one. */
function removedAttributes(input: Input): string[] {
  const clause = / REMOVE (.*)$/.exec(input.UpdateExpression ?? '')?.[1];
  return clause ? clause.split(', ').map((name) => input.ExpressionAttributeNames![name]!).sort() : [];
}

/** The values ElectroDB's `where` puts in its condition for `status` (`:status0`, `:status1`…). */
function electroStatusCondition(input: Input): unknown[] {
  return Object.entries(input.ExpressionAttributeValues ?? {})
    .filter(([placeholder]) => /^:status\d+$/.test(placeholder))
    .map(([, value]) => value);
}

/** What the store's condition accepts as the stored status: the values of `#status IN (…)`. */
function storeStatusCondition(input: Input): unknown[] {
  const list = /#status IN \(([^)]*)\)/.exec(input.ConditionExpression ?? '')![1]!;
  return list.split(', ').map((placeholder) => input.ExpressionAttributeValues![placeholder]);
}

const conditionalFailure = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
const invoiceId = 'InV-AbC_123xyz';

/** A stored invoice as ElectroDB writes it, every optional attribute included, with its keys and stamps. */
function storedInvoice(): Record<string, unknown> {
  return db()
    .invoice.put({
      invoiceId,
      businessId: 'BiZ-1',
      businessName: 'Acme',
      invoiceNumber: 'INV-2026-000001',
      amountCents: 4900,
      currency: 'USD',
      dueDate: '2026-12-22',
      notes: 'Monthly subscription fee',
      status: 'paid',
      billingPeriod: '2026-11',
      billableEmployees: 7,
      ratePerUserCents: 700,
      paidAt: NOW.toISOString(),
      stripeSessionId: 'cs_1',
      stripePaymentIntentId: 'pi_1',
      paidAmountCents: 4900,
      searchText: 'inv-2026-000001\nacme',
    })
    .params<{ Item: Record<string, unknown> }>().Item;
}

describe('getInvoice', () => {
  it('reads with a consistent GetItem on ElectroDB key', async () => {
    await store.getInvoice(invoiceId);
    const electro = db().invoice.get({ invoiceId }).params<Input>({ consistent: true });
    expect(sent).toEqual([{ command: 'GetCommand', input: expect.objectContaining({ Key: electro.Key, ConsistentRead: true }) }]);
  });

  it("returns what ElectroDB's get returns: the entity's attributes, without keys or stamps", async () => {
    const item = storedInvoice();
    expect(item).toHaveProperty('gsi2sk');
    answer = () => ({ Item: item });
    const read = await store.getInvoice(invoiceId);
    expect(read).toEqual(db().invoice.parse({ Item: item }, { ignoreOwnership: false })!.data);
    expect(read).toMatchObject({ invoiceId, status: 'paid', stripePaymentIntentId: 'pi_1', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(read).not.toHaveProperty('pk');
    expect(read).not.toHaveProperty('__edb_e__');
  });

  it('answers null, as ElectroDB does, for no item and for an item of another entity or version', async () => {
    answer = () => ({});
    expect(await store.getInvoice(invoiceId)).toBeNull();
    for (const stamp of [{ __edb_e__: 'paymentEvent' }, { __edb_v__: '2' }]) {
      const item = { ...storedInvoice(), ...stamp };
      answer = () => ({ Item: item });
      expect(await store.getInvoice(invoiceId)).toBeNull();
      expect(db().invoice.parse({ Item: item }, { ignoreOwnership: false })!.data).toBeNull();
    }
  });
});

describe('markInvoicePaid and transitionInvoice', () => {
  const payment = { paidAt: '2026-11-23T12:00:00.000Z', paidAmountCents: 4900, stripeSessionId: 'cs_1', stripePaymentIntentId: 'pi_1' };
  const dueDate = '2026-12-22';
  // ElectroDB refuses a status change without the due date: both are composites of the sparse `unpaid` index (gsi3).
  const electroPatch = (set: Record<string, unknown>, from: readonly string[]) =>
    db()
      .invoice.patch({ invoiceId })
      .composite({ dueDate })
      .set(set)
      .where((attr, { eq }) => from.map((status) => eq(attr.status, status)).join(' OR '))
      .params<Input>();

  it('pays only from pending or overdue (spec 2 §4)', () => {
    expect(store.statusesLeadingTo('paid')).toEqual(['pending', 'overdue']);
  });

  it("SETs what ElectroDB's patch SETs: the payment, the status, updatedAt = now, the id and stamps, on the same key", async () => {
    expect(await store.markInvoicePaid(invoiceId, payment)).toBe(true);
    const electro = electroPatch({ ...payment, status: 'paid' }, store.statusesLeadingTo('paid'));
    const [{ command, input }] = sent as [(typeof sent)[0]];
    expect(command).toBe('UpdateCommand');
    expect(input.Key).toEqual(electro.Key);
    expect(setAttributes(input)).toEqual(setAttributes(electro));
    expect(setAttributes(input)).toEqual({ ...payment, status: 'paid', updatedAt: NOW.toISOString(), invoiceId, __edb_e__: 'invoice', __edb_v__: '1' });
  });

  it('leaves undefined payment fields out (an admin Mark Paid has no Stripe ids), as ElectroDB does', async () => {
    const adminPayment = { paidAt: payment.paidAt, paidAmountCents: 4900, stripeSessionId: undefined };
    await store.markInvoicePaid(invoiceId, adminPayment);
    const electro = electroPatch({ ...adminPayment, status: 'paid' }, store.statusesLeadingTo('paid'));
    expect(setAttributes(sent[0]!.input)).toEqual(setAttributes(electro));
    expect(setAttributes(sent[0]!.input)).not.toHaveProperty('stripeSessionId');
  });

  it("writes only over an existing invoice whose status may lead to the new one: ElectroDB's condition", async () => {
    await store.markInvoicePaid(invoiceId, payment);
    await store.transitionInvoice({ invoiceId, dueDate }, 'void');
    const [paid, voided] = sent.map(({ input }) => input) as [Input, Input];
    expect(paid.ConditionExpression).toBe('attribute_exists(pk) AND #status IN (:from0, :from1)');
    expect(paid.ExpressionAttributeNames!['#status']).toBe('status');
    expect(storeStatusCondition(paid)).toEqual(electroStatusCondition(electroPatch({ status: 'paid' }, store.statusesLeadingTo('paid'))));
    expect(storeStatusCondition(paid)).toEqual(['pending', 'overdue']);
    expect(voided.ConditionExpression).toMatch(/^attribute_exists\(pk\) AND #status IN \(/);
    expect(storeStatusCondition(voided)).toEqual(electroStatusCondition(electroPatch({ status: 'void' }, store.statusesLeadingTo('void'))));
    expect(setAttributes(voided)).toEqual(setAttributes(electroPatch({ status: 'void' }, store.statusesLeadingTo('void'))));
  });

  it("takes a paid or void invoice out of the unpaid index in the same write: ElectroDB's REMOVE of the gsi3 keys", async () => {
    await store.markInvoicePaid(invoiceId, payment);
    await store.transitionInvoice({ invoiceId, dueDate }, 'void');
    const [paid, voided] = sent.map(({ input }) => input) as [Input, Input];
    expect(removedAttributes(paid)).toEqual(['gsi3pk', 'gsi3sk']);
    expect(removedAttributes(paid)).toEqual(removedAttributes(electroPatch({ ...payment, status: 'paid' }, store.statusesLeadingTo('paid'))));
    expect(removedAttributes(voided)).toEqual(removedAttributes(electroPatch({ status: 'void' }, store.statusesLeadingTo('void'))));
    expect(setAttributes(paid)).not.toHaveProperty('gsi3pk');
  });

  it("moves an overdue invoice to the overdue partition of the unpaid index as ElectroDB does, only if its due date is the stored one", async () => {
    await store.transitionInvoice({ invoiceId, dueDate }, 'overdue');
    const [{ input }] = sent as [(typeof sent)[0]];
    const electro = electroPatch({ status: 'overdue' }, store.statusesLeadingTo('overdue'));
    expect(setAttributes(input)).toEqual(setAttributes(electro));
    expect(setAttributes(input)).toMatchObject({ status: 'overdue', gsi3pk: '$cardcrew#status_overdue', gsi3sk: `$invoice_1#duedate_${dueDate}#invoiceid_${invoiceId.toLowerCase()}` });
    expect(removedAttributes(input)).toEqual([]);
    expect(input.ConditionExpression).toBe('attribute_exists(pk) AND #status IN (:from0) AND #dueDate = :dueDate');
    expect(input.ExpressionAttributeValues![':dueDate']).toBe(dueDate);
    expect(electro.ConditionExpression).toContain('#dueDate = :dueDate0');
    expect(electro.ExpressionAttributeValues![':dueDate0']).toBe(dueDate);
  });

  it('answers false when the condition fails (paid already, void, or no such invoice) and throws any other error', async () => {
    answer = () => Promise.reject(conditionalFailure());
    expect(await store.markInvoicePaid(invoiceId, payment)).toBe(false);
    expect(await store.transitionInvoice({ invoiceId, dueDate }, 'overdue')).toBe(false);
    answer = () => Promise.reject(new Error('ProvisionedThroughputExceededException'));
    await expect(store.markInvoicePaid(invoiceId, payment)).rejects.toThrow('ProvisionedThroughputExceededException');
  });
});

describe('claimPaymentEvent and releasePaymentEvent', () => {
  const eventId = 'evt_1AbCdEfGh';
  const electroCreate = (invoice: string | undefined) =>
    db().paymentEvent.create({ eventId, type: 'checkout.session.completed', invoiceId: invoice, expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 86400 }).params<Input>();

  it("puts ElectroDB's item (keys, stamps, createdAt = now, a 30-day expiresAt) only if the event is not there yet", async () => {
    for (const invoice of ['InV-1', undefined]) {
      sent = [];
      expect(await store.claimPaymentEvent(eventId, 'checkout.session.completed', invoice)).toBe(true);
      const electro = electroCreate(invoice);
      const [{ command, input }] = sent as [(typeof sent)[0]];
      expect(command).toBe('PutCommand');
      expect(input.Item).toEqual(electro.Item);
      expect(input.Item).toMatchObject({ createdAt: NOW.toISOString(), expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 86400 });
      expect(input.ConditionExpression).toBe('attribute_not_exists(pk)');
      expect(electro.ConditionExpression).toBe('attribute_not_exists(#pk) AND attribute_not_exists(#sk)');
    }
  });

  it('answers false for an event handled before (the put refused)', async () => {
    answer = () => Promise.reject(conditionalFailure());
    expect(await store.claimPaymentEvent(eventId, 'checkout.session.completed', 'InV-1')).toBe(false);
  });

  it("deletes the event by ElectroDB's key, unconditionally as ElectroDB does", async () => {
    await store.releasePaymentEvent(eventId);
    const electro = db().paymentEvent.delete({ eventId }).params<Input>();
    expect(sent).toEqual([{ command: 'DeleteCommand', input: { TableName: electro.TableName, Key: electro.Key } }]);
    expect(electro.ConditionExpression).toBeUndefined();
  });
});

describe('billingContactOf', () => {
  const businessId = 'BiZ-1234567';
  const business = (fields: Record<string, unknown>) => ({ ...db().business.get({ businessId }).params<Input>().Key, __edb_e__: 'business', __edb_v__: '1', businessId, ownerId: 'Owner-1', ...fields });
  const profile = { ...db().profile.get({ userId: 'Owner-1' }).params<Input>().Key, __edb_e__: 'profile', __edb_v__: '1', userId: 'Owner-1', email: 'owner@example.com' };
  const answerWith = (items: Record<string, unknown>[]) => {
    answer = (_command, input) => ({ Item: items.find((item) => item.pk === input.Key!.pk && item.sk === input.Key!.sk) });
  };

  it('is the billing e-mail, read with the consistent GetItem getBusiness makes', async () => {
    answerWith([business({ billingEmail: 'billing@example.com', ownerEmail: 'owner@example.com' })]);
    expect(await store.billingContactOf({ businessId })).toBe('billing@example.com');
    const electro = db().business.get({ businessId }).params<Input>({ consistent: true });
    expect(sent.map(({ input }) => input)).toEqual([expect.objectContaining({ Key: electro.Key, ConsistentRead: true })]);
  });

  it("else the owner's e-mail on the business, else on the owner's profile (read as ElectroDB's profile.get)", async () => {
    answerWith([business({ ownerEmail: 'owner-on-business@example.com' })]);
    expect(await store.billingContactOf({ businessId })).toBe('owner-on-business@example.com');
    sent = [];
    answerWith([business({}), profile]);
    expect(await store.billingContactOf({ businessId })).toBe('owner@example.com');
    const electro = db().profile.get({ userId: 'Owner-1' }).params<Input>();
    expect(sent[1]!.input).toMatchObject({ Key: electro.Key, ConsistentRead: false });
    expect(electro.ConsistentRead).toBeUndefined();
  });

  it("is never the managing agency's owner: a client the agency created has no address until it has a billing e-mail (issue 40)", async () => {
    const agency = (ownerId: string) => ({ ...db().agency.get({ agencyId: 'Agency-1' }).params<Input>().Key, __edb_e__: 'agency', __edb_v__: '1', agencyId: 'Agency-1', ownerId });
    answerWith([business({ managingAgencyId: 'Agency-1', ownerEmail: 'agency-owner@example.com' }), agency('Owner-1'), profile]);
    expect(await store.billingContactOf({ businessId })).toBeNull();
    // A client that joined by itself keeps its own owner's address; its billing e-mail comes first either way.
    answerWith([business({ managingAgencyId: 'Agency-1', ownerEmail: 'own-owner@example.com' }), agency('Agency-Owner-9')]);
    expect(await store.billingContactOf({ businessId })).toBe('own-owner@example.com');
    answerWith([business({ managingAgencyId: 'Agency-1', billingEmail: 'client@example.com', ownerEmail: 'agency-owner@example.com' }), agency('Owner-1')]);
    expect(await store.billingContactOf({ businessId })).toBe('client@example.com');
  });

  it('is null without a business, or without any address', async () => {
    answerWith([]);
    expect(await store.billingContactOf({ businessId })).toBeNull();
    answerWith([business({})]);
    expect(await store.billingContactOf({ businessId })).toBeNull();
  });
});
