// Invoices and payments over the API (issue 10 §4–8): Create Invoice numbered from the counter and mailed (sent, no
// address, mail failure forced), the status machine of spec 2 §4 refused by the server, Delete except paid, the
// monthly run from the admin portal, the public payment page, Stripe Checkout through the local stand-in, and the
// webhook: bad and stale signatures, replays, events out of order, verify and webhook racing — paid exactly once.
import { waitForRun } from '../support/billing-runs';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEYS } from '../../functions/local/settings';
import { stripeSignature } from '../../functions/local/stripe';
import { messages } from '../../shared/messages';
import { invoiceMessages } from '../../shared/messages/invoice';
import { addClient, agencyWithSettings } from '../support/agencies';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

const create = (body: Record<string, unknown>) => api('POST', '/api/admin/invoices', { user: admin, body });
const setStatus = (invoiceId: string, status: string) => api('PUT', `/api/admin/invoices/${invoiceId}/status`, { user: admin, body: { status } });
const stored = async (invoiceId: string) => (await (await tables()).invoice.get({ invoiceId }).go()).data;

async function pendingInvoice(amount = 25) {
  const { business } = await createOwnerWithBusiness();
  const res = await create({ businessId: business.id, amount, dueDate: '2031-06-30', notes: 'Cards for the new office' });
  expect(res.status).toBe(201);
  return res.body.invoice as { id: string; invoiceNumber: string; amountCents: number };
}

/** A signed webhook call, as Stripe (or the stand-in) sends it. */
function webhook(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return fetch(`${origin}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, options.secret ?? LOCAL_STRIPE_KEYS.webhookSecret, options.timestamp) },
    body: payload,
  });
}

function completedEvent(invoiceId: string, amountCents: number, type = 'checkout.session.completed') {
  const sessionId = `cs_test_${randomBytes(8).toString('hex')}`;
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: amountCents, currency: 'usd', metadata: { invoiceId }, payment_intent: `pi_test_${randomBytes(6).toString('hex')}` } },
  };
}

describe('Create Invoice', () => {
  it('numbers the invoice from the counter, stores cents with the currency, and mails the billing e-mail the payment link', async () => {
    const { business } = await createOwnerWithBusiness();
    const first = await create({ businessId: business.id, amount: '19.99', dueDate: '2031-06-30', notes: 'Setup fee' });
    const second = await create({ businessId: business.id, amount: 5, dueDate: '2031-07-31' });
    expect(first.status).toBe(201);
    expect(first.body.mail).toBe('sent');
    const a = first.body.invoice;
    expect(a).toMatchObject({ businessId: business.id, businessName: business.name, amountCents: 1999, currency: 'USD', dueDate: '2031-06-30', notes: 'Setup fee', status: 'pending', paidAt: null });
    const n = (s: string) => Number(s.split('-').pop());
    expect(a.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(n(second.body.invoice.invoiceNumber)).toBeGreaterThan(n(a.invoiceNumber));
    expect(await stored(a.id)).toMatchObject({ amountCents: 1999, currency: 'USD', status: 'pending', invoiceNumber: a.invoiceNumber });

    const mail = (await mailbox()).filter((m) => [m.to].flat().includes(business.billingEmail)).find((m) => m.subject.includes(a.invoiceNumber))!;
    expect(mail.subject).toBe(`Invoice ${a.invoiceNumber} from CardCrew: $19.99 due June 30, 2031`);
    expect(mail.body.text).toContain(`${origin}/invoice-payment/${a.id}`);
    expect(mail.body.text).toContain('Description: Setup fee');
    expect(mail.body.html).toContain('Pay Invoice');
  });

  it('mails the owner when there is no billing e-mail, never an agency for a client it created, and says when there is no address at all', async () => {
    const db = await tables();
    const { owner, business } = await createOwnerWithBusiness();
    await db.business.patch({ businessId: business.id }).remove(['billingEmail']).go();
    const toOwner = await create({ businessId: business.id, amount: 10, dueDate: '2031-06-30' });
    expect(toOwner.body.mail).toBe('sent');
    expect((await mailbox()).some((m) => [m.to].flat().includes(owner.email) && m.subject.includes(toOwner.body.invoice.invoiceNumber))).toBe(true);

    // A client the agency created has the agency's owner as its owner of record, and no billing e-mail: its invoice is
    // not the agency's to receive (the agency is billed on its own invoice), so it has no address.
    const { user: agency } = await agencyWithSettings();
    const client = await addClient(agency, 'No Billing Co');
    const toClient = await create({ businessId: client, amount: 10, dueDate: '2031-06-30' });
    expect(toClient.body.mail).toBe('noAddress');
    expect((await mailbox()).some((m) => [m.to].flat().includes(agency.email) && m.subject.includes(toClient.body.invoice.invoiceNumber))).toBe(false);
    expect(await stored(toClient.body.invoice.id)).toMatchObject({ status: 'pending' });

    const orphanId = `orphan-${randomBytes(6).toString('hex')}`;
    await db.business.create({ businessId: orphanId, ownerId: `nobody-${orphanId}`, name: 'Orphan Co' }).go();
    const none = await create({ businessId: orphanId, amount: 10, dueDate: '2031-06-30' });
    expect(none.status).toBe(201);
    expect(none.body.mail).toBe('noAddress');
    expect(await stored(none.body.invoice.id)).toMatchObject({ status: 'pending' });
  });

  it('keeps the invoice when the mail fails, and says so (the failure forced at SES)', async () => {
    const { business } = await createOwnerWithBusiness();
    const { createInvoice } = await import('../../functions/src/invoices/admin-invoices');
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(new Error('SES is down'));
    try {
      const result = await createInvoice({ businessId: business.id, amountCents: 700, currency: 'USD', dueDate: '2031-06-30', notes: null });
      expect(result.mail).toBe('failed');
      expect(await stored(result.invoice.id)).toMatchObject({ amountCents: 700, status: 'pending' });
    } finally {
      ses.restore();
    }
  });

  it('refuses an unknown business, a zero amount, a third decimal and a due date in the past, storing nothing', async () => {
    const before = (await api('GET', '/api/admin/invoices', { user: admin })).body.invoices[0]?.id;
    expect((await create({ businessId: 'no-such-business-x', amount: 5, dueDate: '2031-06-30' })).status).toBe(400);
    expect((await create({ businessId: 'no-such-business-x', amount: 0, dueDate: '2031-06-30' })).body.error.fieldErrors.amount).toBe('Enter an amount greater than 0');
    expect((await create({ businessId: 'no-such-business-x', amount: 1.234, dueDate: '2031-06-30' })).body.error.fieldErrors.amount).toBe('Amount can have at most 2 decimal places');
    expect((await create({ businessId: 'no-such-business-x', amount: 5, dueDate: '2020-01-01' })).body.error.fieldErrors.dueDate).toBe('The due date cannot be in the past');
    expect((await api('GET', '/api/admin/invoices', { user: admin })).body.invoices[0]?.id).toBe(before);
  });
});

describe('the status machine of spec 2 §4, enforced by the server', () => {
  it('allows pending → overdue → paid and refuses every change out of paid or void, changing nothing', async () => {
    const invoice = await pendingInvoice();
    expect((await setStatus(invoice.id, 'overdue')).body.status).toBe('overdue');
    const paid = await setStatus(invoice.id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.body.paidAt).toEqual(expect.any(String));
    for (const status of ['overdue', 'void', 'paid']) {
      const refused = await setStatus(invoice.id, status);
      expect(refused.status, status).toBe(409);
    }
    expect(await stored(invoice.id)).toMatchObject({ status: 'paid', paidAmountCents: invoice.amountCents });

    const voided = await pendingInvoice();
    expect((await setStatus(voided.id, 'void')).body.status).toBe('void');
    for (const status of ['paid', 'overdue', 'void']) expect((await setStatus(voided.id, status)).status, status).toBe(409);
    expect((await stored(voided.id))!.status).toBe('void');
  });

  it('marks paid once when two Mark Paid calls race', async () => {
    const invoice = await pendingInvoice();
    const results = await Promise.all([setStatus(invoice.id, 'paid'), setStatus(invoice.id, 'paid')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('deletes any invoice but a paid one (kept for the accounts)', async () => {
    const invoice = await pendingInvoice();
    expect((await api('DELETE', `/api/admin/invoices/${invoice.id}`, { user: admin })).status).toBe(204);
    expect(await stored(invoice.id)).toBeNull();
    const paid = await pendingInvoice();
    await setStatus(paid.id, 'paid');
    expect((await api('DELETE', `/api/admin/invoices/${paid.id}`, { user: admin })).status).toBe(409);
    expect((await stored(paid.id))!.status).toBe('paid');
  });

  it('lists newest first, filtered by status and searched by number', async () => {
    const a = await pendingInvoice();
    const b = await pendingInvoice();
    await setStatus(b.id, 'overdue');
    const all = await api('GET', '/api/admin/invoices', { user: admin });
    expect(all.body.invoices.slice(0, 2).map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const overdue = await api('GET', '/api/admin/invoices?status=overdue', { user: admin });
    expect(overdue.body.invoices.every((i: { status: string }) => i.status === 'overdue')).toBe(true);
    expect((await api('GET', `/api/admin/invoices?q=${a.invoiceNumber.toLowerCase()}`, { user: admin })).body.invoices.map((i: { id: string }) => i.id)).toEqual([a.id]);
  });
});

describe('Generate monthly invoices from the portal', () => {
  it('starts a billing run for this month (202), listed with its progress, and a second run bills nobody again', async () => {
    const first = await api('POST', '/api/admin/invoices/monthly', { user: admin });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ period: new Date().toISOString().slice(0, 7), status: 'queued', startedBy: admin.sub, expected: null, billed: 0 });
    const listed = await api('GET', '/api/admin/billing-runs', { user: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.runs[0].id).toBe(first.body.id);
    const done = await waitForRun(first.body.id);
    expect(done.billed + done.alreadyBilled + done.skipped + done.notBillable + done.failed).toBe(done.expected);
    const again = await api('POST', '/api/admin/invoices/monthly', { user: admin });
    expect(again.status).toBe(202);
    const second = await waitForRun(again.body.id);
    expect(second).toMatchObject({ billed: 0, alreadyBilled: done.billed + done.alreadyBilled, expected: done.expected });
    expect(invoiceMessages.generated(second.billed)).toBe('Generated 0 monthly invoices');
  });
});

describe('the public payment page and Stripe Checkout', () => {
  it('shows the invoice to whoever holds the link, and nothing for an unknown id', async () => {
    const invoice = await pendingInvoice(42);
    const view = await api('GET', `/api/public/invoices/${invoice.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'pending', dueDate: '2031-06-30', amountCents: 4200, currency: 'USD', notes: 'Cards for the new office' });
    expect(view.body.billingContact).toMatch(/@example\.com$/);
    const unknown = await api('GET', `/api/public/invoices/${randomBytes(16).toString('base64url')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.invoicePayment.notFoundTitle);
  });

  it('pays through the stand-in: the stored amount is charged, the signed webhook marks it paid, verify confirms it', async () => {
    const invoice = await pendingInvoice(42);
    expect((await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice', amount: 1 } })).status).toBe(400);
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.url).split('/').pop()!;

    const pay = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${origin}/invoice-payment/${invoice.id}?payment=success&session_id=${sessionId}`);
    const paid = (await stored(invoice.id))!;
    expect(paid).toMatchObject({ status: 'paid', paidAmountCents: 4200, stripeSessionId: sessionId });
    expect(paid.stripePaymentIntentId).toMatch(/^pi_test_/);

    const verified = await api('POST', '/api/public/payments/verify', { body: { sessionId } });
    expect(verified.body).toEqual({ invoiceId: invoice.id, status: 'paid', amountCents: 4200, currency: 'USD', unapplied: false });
    expect((await stored(invoice.id))!.paidAt).toBe(paid.paidAt);
    const again = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.invoicePayment.paid);
  });

  it('sends a cancelled payer back with payment=cancelled and leaves the invoice unpaid', async () => {
    const invoice = await pendingInvoice();
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'admin' } });
    const cancel = await fetch(`${checkout.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(`${origin}/admin?tab=billing&payment=cancelled`);
    const sessionId = String(checkout.body.url).split('/').pop()!;
    expect((await api('POST', '/api/public/payments/verify', { body: { sessionId } })).body.status).toBe('pending');
    expect((await stored(invoice.id))!.status).toBe('pending');
  });
});

describe('the Stripe webhook', () => {
  it('refuses a bad signature and a stale timestamp (400) and changes nothing', async () => {
    const invoice = await pendingInvoice();
    const event = completedEvent(invoice.id, invoice.amountCents);
    expect((await webhook(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const unsigned = await fetch(`${origin}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect((await stored(invoice.id))!.status).toBe('pending');
    const db = await tables();
    expect((await db.paymentEvent.get({ eventId: event.id }).go()).data).toBeNull();
  });

  it('handles a replayed event once: three deliveries, one payment', async () => {
    const invoice = await pendingInvoice();
    const event = completedEvent(invoice.id, invoice.amountCents);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await webhook(event)).json());
    expect(answers).toEqual([{ received: true }, { received: true, duplicate: true }, { received: true, duplicate: true }]);
    const paid = (await stored(invoice.id))!;
    expect(paid).toMatchObject({ status: 'paid', stripeSessionId: (event.data.object as { id: string }).id });
    const db = await tables();
    expect((await db.paymentEvent.get({ eventId: event.id }).go()).data).toMatchObject({ type: 'checkout.session.completed', invoiceId: invoice.id });
  });

  it('is order-independent: an expiry after the payment, or a second payment session, changes nothing; a void invoice stays void', async () => {
    const invoice = await pendingInvoice();
    const completed = completedEvent(invoice.id, invoice.amountCents);
    expect((await webhook(completed)).status).toBe(200);
    const paidAt = (await stored(invoice.id))!.paidAt;
    expect((await webhook(completedEvent(invoice.id, invoice.amountCents, 'checkout.session.expired'))).status).toBe(200);
    expect((await webhook(completedEvent(invoice.id, invoice.amountCents))).status).toBe(200);
    expect(await stored(invoice.id)).toMatchObject({ status: 'paid', paidAt, stripeSessionId: (completed.data.object as { id: string }).id });

    const voided = await pendingInvoice();
    await setStatus(voided.id, 'void');
    expect((await webhook(completedEvent(voided.id, voided.amountCents))).status).toBe(200);
    expect((await stored(voided.id))!.status).toBe('void');
  });

  it('does not apply a payment whose amount differs from the invoice (it is kept as unapplied: unapplied-payments.test.ts)', async () => {
    const invoice = await pendingInvoice();
    expect((await webhook(completedEvent(invoice.id, invoice.amountCents - 1))).status).toBe(200);
    expect((await stored(invoice.id))!.status).toBe('pending');
  });

  it('marks paid exactly once when verify and the webhook race', async () => {
    const invoice = await pendingInvoice();
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    const sessionId = String(checkout.body.url).split('/').pop()!;
    // Pay at the stand-in (it delivers its own webhook), then race a verify against a second delivery of the event.
    await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    const first = (await stored(invoice.id))!;
    const event = completedEvent(invoice.id, invoice.amountCents);
    (event.data.object as { id: string }).id = sessionId;
    const [verify, hook] = await Promise.all([api('POST', '/api/public/payments/verify', { body: { sessionId } }), webhook(event)]);
    expect(verify.body.status).toBe('paid');
    expect(hook.status).toBe(200);
    expect(await stored(invoice.id)).toMatchObject({ status: 'paid', paidAt: first.paidAt, stripeSessionId: sessionId });
  });
});
