// Dunning (issue 20 §4): the daily job marks unpaid invoices past their due date overdue and mails the payer a
// reminder with the payment link at 1, 7 and 14 days overdue, each once however often (or concurrently) it runs; a
// failed mail is retried the next run; void, cancelled and paid invoices get nothing; paying through the reminder's
// link ends the reminders. Each test dates its invoices in a year of its own, so runs of later tests (which see earlier
// tests' invoices as long overdue) cannot change what an earlier test asserted.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordDynamoReads } from '../support/dynamo-commands';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

const { dynamo, tableName } = await import('../../functions/src/data/client');
const reads = recordDynamoReads(dynamo());

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
});

/** A pending invoice (created by an admin, mailed to the billing e-mail) whose due date is then set to `dueDate`. */
async function invoiceDue(dueDate: string, amount = 25) {
  const { business } = await createOwnerWithBusiness();
  const res = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: business.id, amount, dueDate: '2031-06-30' } });
  expect(res.status).toBe(201);
  const invoice = res.body.invoice as { id: string; invoiceNumber: string; amountCents: number };
  // The status goes with the due date: both key the sparse `unpaid` index (ElectroDB refuses one without the other).
  await (await tables()).invoice.patch({ invoiceId: invoice.id }).composite({ status: 'pending' }).set({ dueDate }).go();
  return { business, invoice };
}

const stored = async (invoiceId: string) => (await (await tables()).invoice.get({ invoiceId }).go({ consistent: true })).data!;
const remindersOf = async (invoiceNumber: string) => (await mailbox()).filter((m) => m.subject.startsWith(`Reminder: invoice ${invoiceNumber} `));
const run = async (date: string) => (await import('../../functions/src/jobs/dunning')).runDunning(new Date(`${date}T06:00:00Z`));
/** The invoice item as stored, keys included. */
const rawInvoice = async (invoiceId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `$cardcrew#invoiceid_${invoiceId.toLowerCase()}`, sk: '$invoice_1' }, ConsistentRead: true }))).Item!;
/** The invoice's keys in the sparse `unpaid` index (gsi3) while it is pending or overdue. */
const unpaidKeys = (status: 'pending' | 'overdue', dueDate: string, invoiceId: string) => ({
  gsi3pk: `$cardcrew#status_${status}`,
  gsi3sk: `$invoice_1#duedate_${dueDate}#invoiceid_${invoiceId.toLowerCase()}`,
});
const adminSetsStatus = async (invoiceId: string, status: 'paid' | 'void' | 'overdue') =>
  expect((await api('PUT', `/api/admin/invoices/${invoiceId}/status`, { user: admin, body: { status } })).status).toBe(200);
/** Pays the invoice on the public payment page through the Stripe stand-in (its webhook marks it paid). */
async function payByCheckout(invoiceId: string) {
  const checkout = await api('POST', `/api/public/invoices/${invoiceId}/checkout`, { body: { returnTo: 'invoice' } });
  expect(checkout.status).toBe(200);
  expect((await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
}

describe('dunning', () => {
  it('marks a pending invoice past due overdue and mails the 1, 7 and 14 day reminders once each over repeated and concurrent runs', async () => {
    const { business, invoice } = await invoiceDue('2001-03-01');
    const { invoice: notDue } = await invoiceDue('2001-03-02');

    const onDueDate = await run('2001-03-01');
    expect(onDueDate.markedOverdue).not.toContain(invoice.id);
    expect((await stored(invoice.id)).status).toBe('pending');

    const [a, b] = await Promise.all([run('2001-03-02'), run('2001-03-02')]);
    expect([...a.markedOverdue, ...b.markedOverdue].filter((id) => id === invoice.id)).toHaveLength(1);
    expect([...a.reminders, ...b.reminders].filter((r) => r.invoiceId === invoice.id)).toEqual([{ invoiceId: invoice.id, stage: 1, outcome: 'sent' }]);
    expect(await stored(invoice.id)).toMatchObject({ status: 'overdue', reminderDays: [1] });
    // Due that day: not yet overdue, untouched.
    expect(await stored(notDue.id)).toMatchObject({ status: 'pending' });
    expect((await stored(notDue.id)).reminderDays).toBeUndefined();

    const first = (await remindersOf(invoice.invoiceNumber))[0]!;
    expect(first.to).toEqual([business.billingEmail]);
    expect(first.subject).toBe(`Reminder: invoice ${invoice.invoiceNumber} ($25.00) is overdue`);
    expect(first.body.text).toContain('is now 1 day overdue');
    expect(first.body.text).toContain(`${origin}/invoice-payment/${invoice.id}`);

    for (const date of ['2001-03-03', '2001-03-07', '2001-03-08', '2001-03-08', '2001-03-09', '2001-03-15', '2001-03-15', '2001-03-20', '2001-04-30']) await run(date);
    const all = await remindersOf(invoice.invoiceNumber);
    expect(all.map((m) => /is now (\d+) days? overdue/.exec(m.body.text!)![1])).toEqual(['1', '7', '14']);
    expect((await stored(invoice.id)).reminderDays?.sort((x, y) => x - y)).toEqual([1, 7, 14]);
    // Due a day later, it reached its own stages a day later: 1 (03-03), 7 (03-09), 14 (03-20).
    expect(await remindersOf(notDue.invoiceNumber)).toHaveLength(3);
  });

  it('first seeing an invoice 10 days overdue sends the 7 day reminder only, once', async () => {
    const { invoice } = await invoiceDue('2002-03-01');
    await Promise.all([run('2002-03-11'), run('2002-03-11')]);
    await run('2002-03-12');
    expect(await stored(invoice.id)).toMatchObject({ status: 'overdue', reminderDays: [7] });
    const mails = await remindersOf(invoice.invoiceNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('is now 7 days overdue');
  });

  it('leaves void, cancelled and paid invoices alone', async () => {
    const { invoice: voided } = await invoiceDue('2003-03-01');
    const { invoice: cancelled } = await invoiceDue('2003-03-01');
    const { invoice: paid } = await invoiceDue('2003-03-01');
    expect((await api('PUT', `/api/admin/invoices/${voided.id}/status`, { user: admin, body: { status: 'void' } })).status).toBe(200);
    expect((await api('PUT', `/api/admin/invoices/${paid.id}/status`, { user: admin, body: { status: 'paid' } })).status).toBe(200);
    await (await tables()).invoice.patch({ invoiceId: cancelled.id }).composite({ dueDate: '2003-03-01' }).set({ status: 'cancelled' }).go();

    for (const date of ['2003-03-02', '2003-03-08', '2003-03-15']) await run(date);
    for (const [invoice, status] of [[voided, 'void'], [cancelled, 'cancelled'], [paid, 'paid']] as const) {
      const item = await stored(invoice.id);
      expect(item.status).toBe(status);
      expect(item.reminderDays).toBeUndefined();
      expect(await remindersOf(invoice.invoiceNumber)).toEqual([]);
    }
  });

  it('gives a reminder whose mail failed back, so the next run sends it', async () => {
    const { invoice } = await invoiceDue('2004-03-01');
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(new Error('SES is down'));
    try {
      const failed = await run('2004-03-02');
      expect(failed.reminders.filter((r) => r.invoiceId === invoice.id)).toEqual([{ invoiceId: invoice.id, stage: 1, outcome: 'failed' }]);
    } finally {
      ses.restore();
    }
    const afterFailure = await stored(invoice.id);
    expect(afterFailure.status).toBe('overdue');
    expect(afterFailure.reminderDays ?? []).toEqual([]);
    expect(await remindersOf(invoice.invoiceNumber)).toEqual([]);

    const retried = await run('2004-03-03');
    expect(retried.reminders.filter((r) => r.invoiceId === invoice.id)).toEqual([{ invoiceId: invoice.id, stage: 1, outcome: 'sent' }]);
    expect(await remindersOf(invoice.invoiceNumber)).toHaveLength(1);
    expect((await stored(invoice.id)).reminderDays).toEqual([1]);
  });

  it('is paid through the reminder link and then sends no further reminders; the dashboard overdue figure moves with the run', async () => {
    const dashboard = async () => (await api('GET', '/api/admin/dashboard', { user: admin })).body;
    const before = await dashboard();
    const { invoice } = await invoiceDue('2005-03-01', 40);
    await run('2005-03-02');
    const after = await dashboard();
    expect(after.overdueCents - before.overdueCents).toBe(4000);

    const reminder = (await remindersOf(invoice.invoiceNumber))[0]!;
    expect(reminder.body.text).toContain(`${origin}/invoice-payment/${invoice.id}`);
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(checkout.status).toBe(200);
    const pay = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(await stored(invoice.id)).toMatchObject({ status: 'paid', paidAmountCents: 4000, reminderDays: [1] });
    expect((await dashboard()).overdueCents).toBe(before.overdueCents);

    for (const date of ['2005-03-08', '2005-03-15']) await run(date);
    expect(await remindersOf(invoice.invoiceNumber)).toHaveLength(1);
    expect((await stored(invoice.id)).status).toBe('paid');
  });

  it('keeps an invoice in the unpaid index only while it is unpaid: the write that pays or voids it takes it out', async () => {
    const { invoice: paidByCard } = await invoiceDue('2006-03-01');
    const { invoice: voided } = await invoiceDue('2006-03-01');
    const { invoice: overdueThenPaid } = await invoiceDue('2006-03-01');
    const { invoice: cancelled } = await invoiceDue('2006-03-01');
    for (const invoice of [paidByCard, voided, overdueThenPaid, cancelled]) {
      expect(await rawInvoice(invoice.id)).toMatchObject({ status: 'pending', ...unpaidKeys('pending', '2006-03-01', invoice.id) });
    }

    await payByCheckout(paidByCard.id);
    await adminSetsStatus(voided.id, 'void');
    await (await tables()).invoice.patch({ invoiceId: cancelled.id }).composite({ dueDate: '2006-03-01' }).set({ status: 'cancelled' }).go();
    expect((await run('2006-03-02')).markedOverdue).toContain(overdueThenPaid.id);
    expect(await rawInvoice(overdueThenPaid.id)).toMatchObject({ status: 'overdue', ...unpaidKeys('overdue', '2006-03-01', overdueThenPaid.id) });
    await adminSetsStatus(overdueThenPaid.id, 'paid');

    for (const [invoice, status] of [[paidByCard, 'paid'], [voided, 'void'], [overdueThenPaid, 'paid'], [cancelled, 'cancelled']] as const) {
      const item = await rawInvoice(invoice.id);
      expect(item.status, invoice.id).toBe(status);
      expect(item, status).not.toHaveProperty('gsi3pk');
      expect(item, status).not.toHaveProperty('gsi3sk');
      // Still in the billing tab's listing.
      expect(item.gsi2pk).toBe('$cardcrew#listing_invoices');
    }
    const later = await run('2006-03-20');
    for (const invoice of [paidByCard, voided, overdueThenPaid, cancelled]) expect(later.reminders.map((r) => r.invoiceId)).not.toContain(invoice.id);
  });

  it('reads only unpaid invoices due before the day it runs: one Query per unpaid status on the unpaid index, nothing filtered away', async () => {
    const { invoice: due } = await invoiceDue('2007-03-01');
    const { invoice: voided } = await invoiceDue('2007-03-01');
    const { invoice: paid } = await invoiceDue('2007-03-01');
    const { invoice: notYetDue } = await invoiceDue('2007-03-02');
    await adminSetsStatus(voided.id, 'void');
    await adminSetsStatus(paid.id, 'paid');

    const from = reads.length;
    const result = await run('2007-03-02');
    const queries = reads.slice(from).filter((r) => r.command === 'QueryCommand');
    expect(queries.map((q) => q.index)).toEqual(['gsi3', 'gsi3']);
    const read = queries.flatMap((q) => q.items) as { invoiceId: string; status: string; dueDate: string }[];
    // Every item read is an unpaid invoice due before the day, and DynamoDB evaluated no other (no filter rejects).
    expect(queries.reduce((sum, q) => sum + q.scanned, 0)).toBe(read.length);
    for (const item of read) {
      expect(['pending', 'overdue']).toContain(item.status);
      expect(item.dueDate < '2007-03-02').toBe(true);
    }
    expect(read.map((item) => item.invoiceId)).toContain(due.id);
    for (const invoice of [voided, paid, notYetDue]) expect(read.map((item) => item.invoiceId)).not.toContain(invoice.id);
    expect(result.markedOverdue).toContain(due.id);
    expect(result.markedOverdue).not.toContain(notYetDue.id);
  });

  it('finds an unpaid invoice written before the unpaid index once the backfill gave it its keys; the backfill is idempotent', async () => {
    const { backfillUnpaidInvoiceIndex } = await import('../../functions/src/jobs/backfill-unpaid-invoices');
    const { indexUnpaidInvoice } = await import('../../functions/src/invoices/billing-repository');
    const { invoice: old } = await invoiceDue('2008-03-01');
    const { invoice: oldPaid } = await invoiceDue('2008-03-01');
    await adminSetsStatus(oldPaid.id, 'paid');
    // As stored before gsi3 existed: the same item without its keys.
    await dynamo().send(
      new UpdateCommand({ TableName: tableName(), Key: { pk: `$cardcrew#invoiceid_${old.id.toLowerCase()}`, sk: '$invoice_1' }, UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }),
    );
    expect((await run('2008-03-02')).markedOverdue).not.toContain(old.id);
    expect(await stored(old.id)).toMatchObject({ status: 'pending' });

    const first = await backfillUnpaidInvoiceIndex();
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect(first.unpaid).toBe(first.indexed + first.alreadyIndexed + first.changedMeanwhile);
    expect(await rawInvoice(old.id)).toMatchObject({ status: 'pending', ...unpaidKeys('pending', '2008-03-01', old.id) });
    expect(await rawInvoice(oldPaid.id)).not.toHaveProperty('gsi3pk');
    const second = await backfillUnpaidInvoiceIndex();
    expect(second.indexed).toBe(0);

    // A payment that came between the backfill's read and its write wins: the paid invoice gets no keys back.
    expect(await indexUnpaidInvoice({ invoiceId: oldPaid.id, status: 'pending', dueDate: '2008-03-01' })).toBe(false);
    expect(await rawInvoice(oldPaid.id)).not.toHaveProperty('gsi3pk');

    const result = await run('2008-03-02');
    expect(result.markedOverdue).toContain(old.id);
    expect(result.reminders.filter((r) => r.invoiceId === old.id)).toEqual([{ invoiceId: old.id, stage: 1, outcome: 'sent' }]);
    expect(await rawInvoice(old.id)).toMatchObject({ status: 'overdue', reminderDays: new Set([1]), ...unpaidKeys('overdue', '2008-03-01', old.id) });
  });
});
