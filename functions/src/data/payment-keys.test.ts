// The payments Lambda's hand-written keys are ElectroDB's keys, and its invoice attributes are the entity's.
// What the writes SET besides the keys is compared with ElectroDB's in invoices/payment-store.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceStatuses } from '../../../shared/schemas/invoice';
import { invoiceAttributes, isUnpaidInvoiceStatus, paymentKeys, paymentStamps, unappliedPaymentListingKeys, unpaidInvoiceKeys } from './payment-keys';

type Params = { Key: Record<string, string> };
let db: typeof import('./entities').db;

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'keys-test';
  ({ db } = await import('./entities'));
});

describe('payments keys', () => {
  // Mixed case: ElectroDB lower-cases key values (attributes keep their case).
  const invoiceId = 'InV-AbC_123xyz';
  const eventId = 'evt_1AbCdEfGh';
  const businessId = 'BiZ-1234567';
  const userId = 'Us-3c1f-AB';
  const sessionId = 'cs_test_AbC123';

  it('builds the invoice, paymentEvent, business, agency and profile keys as ElectroDB does', () => {
    const e = db();
    expect(paymentKeys.invoice(invoiceId)).toEqual(e.invoice.get({ invoiceId }).params<Params>().Key);
    expect(paymentKeys.paymentEvent(eventId)).toEqual(e.paymentEvent.get({ eventId }).params<Params>().Key);
    expect(paymentKeys.business(businessId)).toEqual(e.business.get({ businessId }).params<Params>().Key);
    expect(paymentKeys.agency(businessId)).toEqual(e.agency.get({ agencyId: businessId }).params<Params>().Key);
    expect(paymentKeys.profile(userId)).toEqual(e.profile.get({ userId }).params<Params>().Key);
    expect(paymentKeys.unappliedPayment(sessionId)).toEqual(e.unappliedPayment.get({ stripeSessionId: sessionId }).params<Params>().Key);
  });

  it("writes an unapplied payment's listing keys and stamp as ElectroDB does", () => {
    const createdAt = '2026-11-25T10:00:00.000Z';
    const { Item } = db()
      .unappliedPayment.create({ stripeSessionId: sessionId, invoiceId, amountCents: 1990, currency: 'USD', reason: 'invoiceVoid', createdAt } as never)
      .params<{ Item: Record<string, unknown> }>();
    expect({ ...unappliedPaymentListingKeys(sessionId, createdAt), ...paymentStamps.unappliedPayment() }).toEqual({
      listing: Item.listing,
      gsi2pk: Item.gsi2pk,
      gsi2sk: Item.gsi2sk,
      __edb_e__: Item.__edb_e__,
      __edb_v__: Item.__edb_v__,
    });
  });

  it("writes an unpaid invoice's keys in the sparse unpaid index (gsi3) as ElectroDB does, and none for any other status", () => {
    expect(invoiceStatuses.filter(isUnpaidInvoiceStatus)).toEqual(['pending', 'overdue']);
    const dueDate = '2031-02-28';
    for (const status of invoiceStatuses) {
      const { Item } = db()
        .invoice.create({ invoiceId, businessId, businessName: 'Acme', invoiceNumber: 'INV-2031-000001', amountCents: 4900, dueDate, status })
        .params<{ Item: Record<string, unknown> }>();
      if (isUnpaidInvoiceStatus(status)) expect({ gsi3pk: Item.gsi3pk, gsi3sk: Item.gsi3sk }).toEqual(unpaidInvoiceKeys({ status, dueDate, invoiceId }));
      else expect(Item, status).not.toHaveProperty('gsi3pk');
      expect(Item, status).toHaveProperty('gsi2pk');
    }
  });

  it('names every attribute of the invoice entity, and nothing else', () => {
    expect([...invoiceAttributes].sort()).toEqual(Object.keys(db().invoice.schema.attributes).sort());
  });
});
