// No payment lost (issue 26 §1–2): a payment Stripe reports on a void invoice, a second payment of a paid one, or one of
// another amount is kept as an unapplied payment (listed to admins with its Stripe ids, refundable once through Stripe);
// voiding an invoice expires its open Checkout Sessions; a signed but malformed event is acknowledged, never a 5xx.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEYS } from '../../functions/local/settings';
import { stripeSignature } from '../../functions/local/stripe';
import { api, createOwnerWithBusiness, createUser, origin, runtime, tables, type TestUser } from '../support/runtime';
import { tableFingerprint } from '../support/table-fingerprint';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

async function pendingInvoice(amount = 25) {
  const { business } = await createOwnerWithBusiness();
  const res = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount, dueDate: '2031-06-30' } });
  expect(res.status).toBe(201);
  return res.body.invoice as { id: string; invoiceNumber: string; amountCents: number; businessName: string };
}

const setStatus = (invoiceId: string, status: string) => api('PUT', `/api/admin/invoices/${invoiceId}/status`, { user: admin, body: { status } });
const storedInvoice = async (invoiceId: string) => (await (await tables()).invoice.get({ invoiceId }).go({ consistent: true })).data;
const storedUnapplied = async (stripeSessionId: string) => (await (await tables()).unappliedPayment.get({ stripeSessionId }).go({ consistent: true })).data;

/** Opens Checkout for the invoice as the payment page does: the session's hosted page URL and id. */
async function openCheckout(invoiceId: string) {
  const res = await api('POST', `/api/public/invoices/${invoiceId}/checkout`, { body: { returnTo: 'invoice' } });
  expect(res.status).toBe(200);
  const url = String(res.body.url);
  return { url, sessionId: url.split('/').pop()! };
}

/** Presses Pay on the stand-in's hosted page: it delivers the signed webhook before it answers. */
const pay = (url: string) => fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });

/** Stripe's own record, through its API (the local stand-in). */
async function fromStripe(path: string) {
  const res = await fetch(`${runtime.env.STRIPE_API_BASE}${path}`, { headers: { authorization: `Bearer ${LOCAL_STRIPE_KEYS.secretKey}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function webhook(payload: string) {
  return fetch(`${origin}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret) }, body: payload });
}

function completedEvent(invoiceId: unknown, amountCents: number, sessionId = `cs_test_${randomBytes(8).toString('hex')}`) {
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: amountCents, currency: 'usd', metadata: { invoiceId }, payment_intent: `pi_test_${randomBytes(6).toString('hex')}` } },
  };
}

describe('voiding an invoice while its payer has Checkout open', () => {
  it('expires the open session, so it can no longer be paid, and a new checkout is refused', async () => {
    const invoice = await pendingInvoice();
    const { url, sessionId } = await openCheckout(invoice.id);
    expect((await storedInvoice(invoice.id))!.checkoutSessionIds).toEqual([sessionId]);

    expect((await setStatus(invoice.id, 'void')).status).toBe(200);
    expect((await fromStripe(`/v1/checkout/sessions/${sessionId}`)).body).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    expect((await pay(url)).status).toBe(410);
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'void' });
    expect(await storedUnapplied(sessionId)).toBeNull();

    const again = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(again.status).toBe(409);
    expect((await storedInvoice(invoice.id))!.checkoutSessionIds).toEqual([sessionId]);
  });

  it('keeps a payment that completed before the session expired as unapplied: recorded once, listed with its Stripe ids', async () => {
    const invoice = await pendingInvoice(31);
    expect((await setStatus(invoice.id, 'void')).status).toBe(200);
    // Paid at Stripe in the moment before the void expired the session: the signed event arrives afterwards, twice.
    const event = completedEvent(invoice.id, invoice.amountCents);
    const session = event.data.object;
    const payload = JSON.stringify(event);
    expect(await (await webhook(payload)).json()).toEqual({ received: true });
    expect(await (await webhook(payload)).json()).toEqual({ received: true, duplicate: true });

    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'void' });
    expect(await storedUnapplied(session.id)).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      businessName: invoice.businessName,
      amountCents: 3100,
      currency: 'USD',
      reason: 'invoiceVoid',
      status: 'unapplied',
      stripePaymentIntentId: session.payment_intent,
    });
    const list = await api('GET', '/api/admin/unapplied-payments', { user: admin });
    expect(list.status).toBe(200);
    expect(list.body.payments.find((p: { stripeSessionId: string }) => p.stripeSessionId === session.id)).toEqual({
      stripeSessionId: session.id,
      stripePaymentIntentId: session.payment_intent,
      stripeRefundId: null,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      businessName: invoice.businessName,
      amountCents: 3100,
      currency: 'USD',
      reason: 'invoiceVoid',
      status: 'unapplied',
      receivedAt: expect.any(String),
      refundedAt: null,
    });
  });
});

describe('an invoice paid twice through two Checkout Sessions', () => {
  it('applies the first payment and keeps the second as unapplied; verify tells the second payer so', async () => {
    const invoice = await pendingInvoice(12);
    const first = await openCheckout(invoice.id);
    const second = await openCheckout(invoice.id);
    expect([...(await storedInvoice(invoice.id))!.checkoutSessionIds!].sort()).toEqual([first.sessionId, second.sessionId].sort());
    await Promise.all([pay(first.url), pay(second.url)]);

    const paid = (await storedInvoice(invoice.id))!;
    expect(paid.status).toBe('paid');
    const [applied, extra] = paid.stripeSessionId === first.sessionId ? [first, second] : [second, first];
    expect(await storedUnapplied(applied.sessionId)).toBeNull();
    expect(await storedUnapplied(extra.sessionId)).toMatchObject({ reason: 'invoicePaidAlready', amountCents: 1200, status: 'unapplied', invoiceId: invoice.id });

    const verified = await api('POST', '/api/public/payments/verify', { body: { sessionId: extra.sessionId } });
    expect(verified.body).toMatchObject({ invoiceId: invoice.id, status: 'paid', unapplied: true });
    const verifiedApplied = await api('POST', '/api/public/payments/verify', { body: { sessionId: applied.sessionId } });
    expect(verifiedApplied.body).toMatchObject({ status: 'paid', unapplied: false });
  });

  it('keeps a payment of another amount as unapplied and leaves the invoice unpaid', async () => {
    const invoice = await pendingInvoice();
    const event = completedEvent(invoice.id, invoice.amountCents - 1);
    expect((await webhook(JSON.stringify(event))).status).toBe(200);
    expect((await storedInvoice(invoice.id))!.status).toBe('pending');
    expect(await storedUnapplied(event.data.object.id)).toMatchObject({ reason: 'amountMismatch', amountCents: invoice.amountCents - 1 });
  });
});

describe('refunding an unapplied payment', () => {
  it('refunds it through Stripe once: the refund is at Stripe and stored; a second refund is refused', async () => {
    const invoice = await pendingInvoice(19.99);
    const first = await openCheckout(invoice.id);
    const second = await openCheckout(invoice.id);
    await pay(first.url);
    await pay(second.url);
    const unapplied = (await storedUnapplied(second.sessionId))!;
    expect(unapplied.status).toBe('unapplied');

    // Two admins (or a double click) at once: one refund at Stripe, recorded once.
    const [a, b] = await Promise.all([1, 2].map(() => api('POST', `/api/admin/unapplied-payments/${second.sessionId}/refund`, { user: admin })));
    const answers = [a!, b!].map((r) => r.status).sort();
    expect(answers[0]).toBe(200);
    expect([200, 409]).toContain(answers[1]);
    const refunded = (await storedUnapplied(second.sessionId))!;
    expect(refunded).toMatchObject({ status: 'refunded', refundedBy: admin.sub, stripeRefundId: expect.stringMatching(/^re_/) });
    const ok = [a!, b!].find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ status: 'refunded', stripeRefundId: refunded.stripeRefundId, refundedAt: refunded.refundedAt });

    const atStripe = await fromStripe(`/v1/refunds/${refunded.stripeRefundId}`);
    expect(atStripe.body).toMatchObject({ amount: 1999, currency: 'usd', payment_intent: unapplied.stripePaymentIntentId, status: 'succeeded' });

    const again = await api('POST', `/api/admin/unapplied-payments/${second.sessionId}/refund`, { user: admin });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This payment has been refunded already.');
    expect((await storedInvoice(invoice.id))!.status).toBe('paid');
  });

  it('answers 404 for a session that names no unapplied payment, and refuses non-admins', async () => {
    expect((await api('POST', `/api/admin/unapplied-payments/cs_test_${randomBytes(8).toString('hex')}/refund`, { user: admin })).status).toBe(404);
    const { owner } = await createOwnerWithBusiness();
    expect((await api('GET', '/api/admin/unapplied-payments', { user: owner })).status).toBe(403);
  });
});

describe('signed but malformed webhook events (issue 26 §2)', () => {
  it('acknowledges each with 2xx, handles none and stores nothing', async () => {
    const invoice = await pendingInvoice();
    const good = completedEvent(invoice.id, invoice.amountCents);
    const malformed: Record<string, unknown>[] = [
      { id: 'evt_y1', type: 'checkout.session.completed' },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: null },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: { object: null } },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: { object: { ...good.data.object, metadata: { invoiceId: { toLowerCase: 1 } } } } },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: { object: { ...good.data.object, metadata: 'x' } } },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: { object: { ...good.data.object, amount_total: '2500' } } },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, data: { object: { ...good.data.object, id: 42 } } },
      { ...good, id: 17 },
      { ...good, id: `evt_${randomBytes(6).toString('hex')}`, type: ['checkout.session.completed'] },
      { ...good, id: '' },
    ];
    const before = await tableFingerprint();
    for (const event of malformed) {
      const res = await webhook(JSON.stringify(event));
      expect(res.status, JSON.stringify(event).slice(0, 120)).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: true });
    }
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const res = await webhook(payload);
      expect(res.status, payload).toBe(200);
    }
    expect(await tableFingerprint(), 'a malformed event changed the table').toEqual(before);
    expect((await storedInvoice(invoice.id))!.status).toBe('pending');
  });

  it('acknowledges, without recording anything, a paid session whose invoice id is not one of ours', async () => {
    const foreign = completedEvent('not an id!', 500);
    const res = await webhook(JSON.stringify(foreign));
    expect(res.status).toBe(200);
    expect(await storedUnapplied(foreign.data.object.id)).toBeNull();
    // Only the event's dedupe record is written.
    const db = await tables();
    expect((await db.paymentEvent.get({ eventId: foreign.id }).go()).data).toMatchObject({ type: 'checkout.session.completed' });
  });
});
