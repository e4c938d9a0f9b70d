// Dunning in a real browser (issue 20 §4): an invoice a week past its due date is marked overdue by the daily job and
// its payer mailed a reminder; the owner's Billing section says Overdue with Pay; the reminder's link opens the payment
// page, which takes the payment through the Stripe stand-in; the next runs send nothing more. axe on each page; the
// payment page on a 375 px phone. The invoice is dated in a year of its own (see tests/integration/dunning.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { invoiceMessages } from '../../shared/messages/invoice';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { api, createOwnerWithBusiness, createUser, mailbox, origin, tables } from '../support/runtime';

let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let invoice: { id: string; invoiceNumber: string };
let session: BrowserSession | undefined;

const run = async (date: string) => (await import('../../functions/src/jobs/dunning')).runDunning(new Date(`${date}T06:00:00Z`));
const reminders = async () => (await mailbox()).filter((m) => m.subject.startsWith(`Reminder: invoice ${invoice.invoiceNumber} `));
const stored = async () => (await (await tables()).invoice.get({ invoiceId: invoice.id }).go({ consistent: true })).data!;

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Overdue Orchard' });
  const admin = await createUser({ groups: ['admin'] });
  const res = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: owned.business.id, amount: 31.5, dueDate: '2031-06-30', notes: 'Printed cards' } });
  expect(res.status).toBe(201);
  invoice = res.body.invoice;
  // Time passes: the invoice fell due on 2003-05-01.
  await (await tables()).invoice.patch({ invoiceId: invoice.id }).composite({ status: 'pending' }).set({ dueDate: '2003-05-01' }).go();
});
afterAll(async () => {
  await session?.browser.close();
});

describe('dunning (1280 px, then 375 px)', () => {
  it('marks the invoice overdue a week after its due date and mails one reminder with its payment link', async () => {
    const result = await run('2003-05-08');
    expect(result.markedOverdue).toContain(invoice.id);
    expect(result.reminders.filter((r) => r.invoiceId === invoice.id)).toEqual([{ invoiceId: invoice.id, stage: 7, outcome: 'sent' }]);
    expect(await stored()).toMatchObject({ status: 'overdue', reminderDays: [7] });
    const [mail] = await reminders();
    expect(mail!.to).toEqual([owned.business.billingEmail]);
    expect(mail!.body.text).toContain('is now 7 days overdue');
    expect(mail!.body.text).toContain(`${origin}/invoice-payment/${invoice.id}`);
  });

  it("shows the owner the invoice as Overdue with Pay in the dashboard's Billing section", async () => {
    session = await signedIn(owned.owner, '/business', desktop);
    const { page } = session;
    const row = page.getByRole('region', { name: 'Invoices' }).getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
    await expectOnPage(row).toContainText('Overdue');
    await expectOnPage(row).toContainText('May 1, 2003');
    await expectOnPage(row.getByRole('button', { name: `Pay $31.50 for ${invoice.invoiceNumber}` })).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dunning-01-overdue');
  });

  it("pays through the reminder's link on a phone, and no reminder follows", async () => {
    const { page } = session!;
    await page.setViewportSize(phone);
    const link = /https?:\/\/\S+\/invoice-payment\/\S+/.exec((await reminders())[0]!.body.text!)![0];
    await page.goto(link);
    await expectOnPage(page.getByText('Overdue', { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dunning-02-reminder-link-phone');
    await page.getByRole('button', { name: 'Pay Invoice Securely' }).click();
    await page.getByRole('button', { name: /Pay \$31\.50/ }).click();
    await page.waitForURL(`${origin}/invoice-payment/${invoice.id}`);
    await expectOnPage(page.getByText(invoiceMessages.paymentVerified)).toBeVisible();
    expect(await stored()).toMatchObject({ status: 'paid', paidAmountCents: 3150 });

    await run('2003-05-15');
    await run('2003-05-16');
    expect(await reminders()).toHaveLength(1);
    expect((await stored()).reminderDays).toEqual([7]);
  });
});
