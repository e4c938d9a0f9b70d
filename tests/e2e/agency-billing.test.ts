// Consolidated agency billing in a real browser (issue 20 §1, §2): an agency adds a client (billed to the agency by
// default) → the monthly run → the agency's Billing section shows its tier and the invoice → the invoice page lists the
// client's line, subtotal, discount and total → Pay on the Stripe stand-in → Paid on the agency dashboard and under
// Agencies in the admin Billing tab. The agency then bills the client directly from its card, giving the billing e-mail
// the client lacks (issue 40), and its revenue leaves the agency's figures. axe throughout; the
// dashboard and the invoice on a 375 px phone without sideways scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { invoiceMessages } from '../../shared/messages/invoice';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { agencyWithSettings } from '../support/agencies';
import { billedIn, runMonthlyBilling } from '../support/billing-runs';
import { addEmployee, createUser, mailbox, origin, tables, type TestUser } from '../support/runtime';

let agency: { user: TestUser; agencyId: string };
let session: BrowserSession | undefined;
let clientId = '';
let invoice: { invoiceId: string; invoiceNumber: string };

beforeAll(async () => {
  agency = await agencyWithSettings();
});
afterAll(async () => {
  await session?.browser.close();
});

describe('agency billing (1280 px, then 375 px)', () => {
  it('adds a client, billed to the agency, and the monthly run gives the agency one invoice listing it', async () => {
    session = await signedIn(agency.user, '/agency', desktop);
    const { page } = session;
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Business Name/).fill('Copper Kettle Cafe');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectOnPage(page.getByText(messages.agency.clientAdded)).toBeVisible();
    await expectOnPage(page.getByLabel('Billing for Copper Kettle Cafe')).toHaveValue('agency');
    const db = await tables();
    const link = (await db.agencyClient.query.primary({ agencyId: agency.agencyId }).go()).data.find(() => true)!;
    clientId = link.businessId;
    expect(link.billedTo).toBe('agency');
    for (let i = 0; i < 3; i++) await addEmployee(agency.user, clientId, { status: 'active' });

    // The monthly run through the real fan-out (February 2035, the month the agency billing tests bill).
    const billed = billedIn(await runMonthlyBilling(new Date('2035-02-01T03:00:00Z')));
    expect(billed.filter((c) => c.payerId === clientId)).toEqual([]);
    const created = billed.find((c) => c.payerId === agency.agencyId)!;
    const stored = (await db.invoice.get({ invoiceId: created.invoiceId }).go()).data!;
    invoice = { invoiceId: created.invoiceId, invoiceNumber: stored.invoiceNumber };
    // 3 × 1.99 = 5.97, half 2.985 → 2.99.
    expect(stored).toMatchObject({ payerType: 'agency', amountCents: 299, lines: [expect.objectContaining({ businessId: clientId, billableEmployees: 3 })] });
  });

  it("shows the agency its tier and the invoice, and the invoice's page lists the client's line", async () => {
    const { page } = session!;
    await page.reload();
    const section = page.getByRole('region', { name: 'Billing' });
    await expectOnPage(section.getByText('Volume discount: 0%')).toBeVisible();
    await expectOnPage(section.getByText('97 billable users more reach 5% off (from 100 users).')).toBeVisible();
    const row = section.getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
    await expectOnPage(row).toContainText('February 2035');
    await expectOnPage(row).toContainText('1 client');
    await expectOnPage(row).toContainText('$2.99');
    await expectOnPage(row).toContainText('Pending');
    await row.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-01-dashboard');

    await row.getByRole('link', { name: invoice.invoiceNumber, exact: true }).click();
    await page.waitForURL(`${origin}/invoice-payment/${invoice.invoiceId}`);
    const lines = page.getByRole('region', { name: 'Invoice lines' });
    await expectOnPage(lines.getByRole('row', { name: /Copper Kettle Cafe/ })).toContainText('3');
    await expectOnPage(lines.getByRole('row', { name: /Copper Kettle Cafe/ })).toContainText('$1.99 per user, 50% agency share');
    await expectOnPage(lines.getByRole('row', { name: /Subtotal/ })).toContainText('$2.99');
    await expectOnPage(lines.getByRole('row', { name: /Volume discount 0%/ })).toContainText('$0.00');
    await expectOnPage(lines.getByRole('row', { name: /Total/ })).toContainText('$2.99');
    // The payer is named as what it is.
    await expectOnPage(page.locator('dt', { hasText: /^Agency$/ })).toBeVisible();
    await expectOnPage(page.locator('dt', { hasText: /^Agency$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('Bright Agency');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-02-invoice');
  });

  it('pays the invoice on the Stripe stand-in: paid once, a receipt to the agency, Paid on its dashboard', async () => {
    const { page } = session!;
    await page.getByRole('button', { name: 'Pay Invoice Securely' }).click();
    await page.getByRole('button', { name: /Pay \$2\.99/ }).click();
    await page.waitForURL(`${origin}/invoice-payment/${invoice.invoiceId}`);
    await expectOnPage(page.getByText(invoiceMessages.paymentVerified)).toBeVisible();
    const stored = (await (await tables()).invoice.get({ invoiceId: invoice.invoiceId }).go()).data!;
    expect(stored).toMatchObject({ status: 'paid', paidAmountCents: 299, payerType: 'agency' });
    expect((await mailbox()).filter((m) => m.subject.startsWith(`Receipt for invoice ${invoice.invoiceNumber}`))).toHaveLength(1);

    await page.goto(`${origin}/agency`);
    const row = page.getByRole('region', { name: 'Billing' }).getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
    await expectOnPage(row).toContainText('Paid');
    await expectOnPage(row.getByRole('button')).toHaveCount(0);
  });

  it('bills the client directly from its card: asks for its billing e-mail first, and its revenue leaves the agency (issue 40)', async () => {
    const { page } = session!;
    const select = page.getByLabel('Billing for Copper Kettle Cafe');
    const card = page.getByRole('listitem').filter({ has: select });
    await expectOnPage(card.getByText('$5.97/mo')).toBeVisible();
    // The client the agency created has no billing e-mail: the switch asks for one. Escape leaves everything as it was.
    await select.selectOption('direct');
    const dialog = page.getByRole('dialog', { name: 'Bill Copper Kettle Cafe directly' });
    await expectOnPage(dialog).toBeVisible();
    await expectOnPage(dialog.getByLabel(/Billing Email/)).toBeFocused();
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toBeHidden();
    await expectOnPage(select).toBeFocused();
    await expectOnPage(select).toHaveValue('agency');
    const db = await tables();
    expect((await db.agencyClient.get({ agencyId: agency.agencyId, businessId: clientId }).go({ consistent: true })).data!.billedTo).toBe('agency');

    await select.selectOption('direct');
    await expectOnPage(dialog).toBeVisible();
    // Submitted empty: said under the field, by keyboard.
    await page.keyboard.press('Enter');
    const field = dialog.getByLabel(/Billing Email/);
    await expectOnPage(field).toHaveAccessibleDescription(messages.agencyBilling.billingEmailRequired);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-03a-billing-email');
    await field.fill('accounts@copperkettle.example');
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(messages.agencyBilling.savedDirectTo('Copper Kettle Cafe', 'accounts@copperkettle.example'))).toBeVisible();
    await expectOnPage(dialog).toBeHidden();
    await expectOnPage(select).toHaveValue('direct');
    const link = (await db.agencyClient.get({ agencyId: agency.agencyId, businessId: clientId }).go({ consistent: true })).data!;
    expect(link).toMatchObject({ billedTo: 'direct', billingChangedBy: agency.user.sub });
    expect((await db.business.get({ businessId: clientId }).go({ consistent: true })).data).toMatchObject({ billingEmail: 'accounts@copperkettle.example', managingAgencyBilledTo: 'direct' });
    // No revenue for the agency: on the card and in the Monthly Revenue tile.
    await expectOnPage(card.getByText('$0.00/mo')).toBeVisible();
    await expectOnPage(card.getByText('billed directly', { exact: true })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Monthly Revenue' }).locator('..')).toContainText('$0.00');
    await expectOnPage(page.getByRole('region', { name: 'Billing' }).getByText('Volume discount: 0%')).toBeVisible();
    await expectOnPage(page.getByRole('region', { name: 'Billing' }).getByText('for 0 billable users across the clients billed to your agency.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-03b-direct');

    // Back to the agency and directly again: the address it has now is kept, nothing is asked.
    await select.selectOption('agency');
    await expectOnPage(page.getByText(messages.agencyBilling.savedToAgency('Copper Kettle Cafe'))).toBeVisible();
    await select.selectOption('direct');
    await expectOnPage(page.getByText(messages.agencyBilling.savedDirectTo('Copper Kettle Cafe', 'accounts@copperkettle.example')).last()).toBeVisible();
    await expectOnPage(select).toHaveValue('direct');
    await expectOnPage(dialog).toHaveCount(0);
  });

  it("lets the client's billing e-mail change in Company Settings, never go, while it is billed directly (issue 40)", async () => {
    const { page } = session!;
    await page.goto(`${origin}/business/${clientId}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('Billing Email');
    await expectOnPage(email).toHaveValue('accounts@copperkettle.example');
    await email.fill('');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(email).toHaveAccessibleDescription(messages.agencyBilling.billingEmailNeeded);
    expect(await axeViolations(page)).toEqual([]);
    const db = await tables();
    expect((await db.business.get({ businessId: clientId }).go({ consistent: true })).data!.billingEmail).toBe('accounts@copperkettle.example');
    await email.fill('ap@copperkettle.example');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog).toHaveCount(0);
    expect((await db.business.get({ businessId: clientId }).go({ consistent: true })).data!.billingEmail).toBe('ap@copperkettle.example');
    await page.goto(`${origin}/agency`);
    await expectOnPage(page.getByLabel('Billing for Copper Kettle Cafe')).toHaveValue('direct');
  });

  it('works on a 375 px phone without sideways scrolling', async () => {
    const { page } = session!;
    await page.setViewportSize(phone);
    await page.reload();
    const select = page.getByLabel('Billing for Copper Kettle Cafe');
    await select.scrollIntoViewIfNeeded();
    await expectOnPage(select).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-03-phone');
    await page.goto(`${origin}/invoice-payment/${invoice.invoiceId}`);
    await expectOnPage(page.getByRole('region', { name: 'Invoice lines' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-billing-04-invoice-phone');
  });

  it('lists the paid agency invoice under Agencies in the admin Billing tab', async () => {
    const admin: TestUser = await createUser({ groups: ['admin'] });
    const adminSession = await signedIn(admin, '/admin?tab=billing', desktop);
    try {
      const { page } = adminSession;
      await expectOnPage(page.getByRole('heading', { name: 'Billing & Invoices' })).toBeVisible();
      await page.getByLabel('Payer').selectOption('agency');
      await page.getByLabel('Search invoices').fill(invoice.invoiceNumber);
      const row = page.getByRole('region', { name: 'Invoices' }).getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
      await expectOnPage(row).toContainText('Agency, 1 client');
      await expectOnPage(row).toContainText('Paid');
      await page.getByLabel('Payer').selectOption('business');
      await expectOnPage(page.getByText('No invoices match.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'agency-billing-05-admin');

      // The businesses tab names the agency beside its client, and the admin bills the client to the agency again.
      await page.getByRole('tab', { name: 'Businesses' }).click();
      await page.getByLabel('Search', { exact: true }).fill('Copper Kettle Cafe');
      const client = page.getByRole('row', { name: /Copper Kettle Cafe/ });
      await expectOnPage(client).toContainText('Client of Bright Agency');
      const select = client.getByLabel('Billing for Copper Kettle Cafe');
      await expectOnPage(select).toHaveValue('direct');
      await select.selectOption('agency');
      await expectOnPage(page.getByText(messages.agencyBilling.savedToNamed('Copper Kettle Cafe', 'Bright Agency'))).toBeVisible();
      const link = (await (await tables()).agencyClient.get({ agencyId: agency.agencyId, businessId: clientId }).go({ consistent: true })).data!;
      expect(link).toMatchObject({ billedTo: 'agency', billingChangedBy: admin.sub });
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await adminSession.browser.close();
    }
  });
});

