// The payment receipt (issue 27 §1): exactly one per paid invoice, whichever of the webhook, its repeats and the
// return-URL verify records the payment; number, amount and currency, date paid, the card and the invoice link; a mail
// failure leaves the payment stored and the receipt is sent on the next delivery.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEYS } from '../../functions/local/settings';
import { stripeSignature } from '../../functions/local/stripe';
import { formatLongDate } from '../../shared/format';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

async function pendingInvoice(amount: number) {
  const { business } = await createOwnerWithBusiness();
  const res = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount, dueDate: '2031-06-30' } });
  expect(res.status).toBe(201);
  return { business, invoice: res.body.invoice as { id: string; invoiceNumber: string; amountCents: number } };
}

const receiptsOf = async (invoiceNumber: string) => (await mailbox()).filter((m) => m.subject.startsWith(`Receipt for invoice ${invoiceNumber}`));
const storedInvoice = async (invoiceId: string) => (await (await tables()).invoice.get({ invoiceId }).go({ consistent: true })).data!;

function paidSession(invoiceId: string, amountCents: number, sessionId = `cs_test_${randomBytes(8).toString('hex')}`) {
  return { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: amountCents, currency: 'usd', metadata: { invoiceId }, payment_intent: `pi_test_${randomBytes(6).toString('hex')}` };
}

function deliver(type: string, session: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, data: { object: session } });
  return fetch(`${origin}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret) }, body: payload });
}

describe('the payment receipt', () => {
  it('mails the billing e-mail one receipt with the number, amount, date, card and invoice link after paying through Checkout', async () => {
    const { business, invoice } = await pendingInvoice(49.5);
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    const sessionId = String(checkout.body.url).split('/').pop()!;
    await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    // The payer comes back: verify reaches the same code and finds the receipt sent.
    expect((await api('POST', '/api/public/payments/verify', { body: { sessionId } })).body.status).toBe('paid');

    const paid = await storedInvoice(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', stripeSessionId: sessionId, receiptSentAt: expect.any(String) });
    expect(paid.receiptClaimedAt).toBeUndefined();
    const receipts = await receiptsOf(invoice.invoiceNumber);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect([receipt!.to].flat()).toEqual([business.billingEmail]);
    expect(receipt!.subject).toBe(`Receipt for invoice ${invoice.invoiceNumber}: $49.50 paid`);
    expect(receipt!.body.text).toContain('Amount paid: $49.50 (USD)');
    expect(receipt!.body.text).toContain(`Date paid: ${formatLongDate(paid.paidAt!.slice(0, 10))}`);
    expect(receipt!.body.text).toContain('Paid with: Visa ending in 4242');
    expect(receipt!.body.text).toContain(`${origin}/invoice-payment/${invoice.id}`);
    expect(receipt!.body.html).toContain('Visa ending in 4242');
  });

  it('sends exactly one receipt when three webhook deliveries and a verify race', async () => {
    const { invoice } = await pendingInvoice(12);
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    const sessionId = String(checkout.body.url).split('/').pop()!;
    // The same paid session reported three times (completed, a retry, async succeeded) while the payer's verify runs.
    const session = paidSession(invoice.id, invoice.amountCents, sessionId);
    const answers = await Promise.all([
      deliver('checkout.session.completed', session),
      deliver('checkout.session.completed', session),
      deliver('checkout.session.async_payment_succeeded', session),
      api('POST', '/api/public/payments/verify', { body: { sessionId } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await storedInvoice(invoice.id)).toMatchObject({ status: 'paid', stripeSessionId: sessionId, receiptSentAt: expect.any(String) });
    expect(await receiptsOf(invoice.invoiceNumber)).toHaveLength(1);
  });

  it('keeps the payment when the receipt mail fails (forced at SES), answers the webhook 500 so Stripe retries, and sends it on the retry', async () => {
    const { invoice } = await pendingInvoice(7);
    const session = paidSession(invoice.id, invoice.amountCents);
    const { recordCheckoutPayment } = await import('../../functions/src/invoices/payment');
    const { handleStripeWebhook } = await import('../../functions/src/invoices/stripe-webhook');
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(new Error('SES is down'));
    const payload = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type: 'checkout.session.completed', data: { object: session } });
    try {
      await expect(handleStripeWebhook(payload, stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret))).rejects.toThrow('the receipt was not sent');
      const paid = await storedInvoice(invoice.id);
      expect(paid).toMatchObject({ status: 'paid', paidAmountCents: 700, stripeSessionId: session.id });
      expect(paid.receiptSentAt).toBeUndefined();
      expect(paid.receiptClaimedAt).toBeUndefined();
      // The verify path reports it but does not fail the payer.
      expect((await recordCheckoutPayment(session as never)).receipt).toBe('failed');
    } finally {
      ses.restore();
    }
    expect(await receiptsOf(invoice.invoiceNumber)).toHaveLength(0);
    // Stripe delivers the event again (it was released): now the receipt goes out, once.
    expect(await handleStripeWebhook(payload, stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret))).toEqual({ received: true });
    expect(await handleStripeWebhook(payload, stripeSignature(payload, LOCAL_STRIPE_KEYS.webhookSecret))).toEqual({ received: true, duplicate: true });
    expect(await receiptsOf(invoice.invoiceNumber)).toHaveLength(1);
    expect((await storedInvoice(invoice.id)).receiptSentAt).toEqual(expect.any(String));
  });

  it('sends no receipt for a payment kept as unapplied, nor for an admin Mark Paid', async () => {
    const { invoice } = await pendingInvoice(3);
    expect((await api('PUT', `/api/admin/invoices/${invoice.id}/status`, { user: admin, body: { status: 'void' } })).status).toBe(200);
    expect((await deliver('checkout.session.completed', paidSession(invoice.id, invoice.amountCents))).status).toBe(200);
    const marked = await pendingInvoice(4);
    expect((await api('PUT', `/api/admin/invoices/${marked.invoice.id}/status`, { user: admin, body: { status: 'paid' } })).status).toBe(200);
    expect(await receiptsOf(invoice.invoiceNumber)).toHaveLength(0);
    expect(await receiptsOf(marked.invoice.invoiceNumber)).toHaveLength(0);
    expect((await storedInvoice(marked.invoice.id)).receiptSentAt).toBeUndefined();
  });
});
