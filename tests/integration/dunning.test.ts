// Dunning (issue 20 §4): the daily job marks unpaid invoices past their due date overdue and mails the payer a
// reminder with the payment link at 1, 7 and 14 days overdue, each once however often (or concurrently) it runs; a
// failed mail is retried the next run; void, cancelled and paid invoices get nothing; paying through the reminder's
// link ends the reminders. Each test dates its invoices in a year of its own, so runs of later tests (which see earlier
// tests' invoices as long overdue) cannot change what an earlier test asserted.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

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
  await (await tables()).invoice.patch({ invoiceId: invoice.id }).set({ dueDate }).go();
  return { business, invoice };
}

const stored = async (invoiceId: string) => (await (await tables()).invoice.get({ invoiceId }).go({ consistent: true })).data!;
const remindersOf = async (invoiceNumber: string) => (await mailbox()).filter((m) => m.subject.startsWith(`Reminder: invoice ${invoiceNumber} `));
const run = async (date: string) => (await import('../../functions/src/jobs/dunning')).runDunning(new Date(`${date}T06:00:00Z`));

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
    await (await tables()).invoice.patch({ invoiceId: cancelled.id }).set({ status: 'cancelled' }).go();

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
});
