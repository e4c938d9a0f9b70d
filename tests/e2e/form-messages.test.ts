// Issue 27 §3 in a real browser: Create Invoice with the amount empty, negative, and a due date in the past says
// what is wrong in the product's words and stores nothing; the Plans tab refuses a price of −5 under the field and
// keeps the stored price. At 1280 px, then on a 375 px phone; axe on each refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

/** zod's English defaults: never under a field a person sees. */
const zodWording = /Invalid input|expected \w+, received|Too small|Too big|Invalid option/;

let session: BrowserSession;
let customer: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const token = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  customer = await createOwnerWithBusiness({ name: `Numbat ${token} Nursery` });
  session = await openBrowser(desktop);
  const auth = new AuthPage(session.page);
  await auth.goto('/admin?tab=billing');
  await auth.signIn('admin@cardcrew.local', 'Admin1234!');
  await session.page.waitForURL(`${origin}/admin?tab=billing`);
});
afterAll(async () => {
  await session?.browser.close();
});

async function invoicesOfCustomer() {
  const db = await tables();
  return (await db.invoice.query.byBusiness({ businessId: customer.business.id }).go()).data;
}

async function openCreateInvoice(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Find a business').fill(`numbat ${token}`);
  await expectOnPage(dialog.getByRole('option', { name: new RegExp(`Numbat ${token} Nursery`) })).toBeAttached();
  await dialog.getByLabel(/^Business/).selectOption({ label: `Numbat ${token} Nursery (${customer.owner.email})` });
  return dialog;
}

describe('form messages (issue 27 §3)', () => {
  for (const [label, viewport] of [['1280', desktop], ['375', phone]] as const) {
    it(`Create Invoice says an empty or negative amount and a past due date in words, and stores nothing (${label} px)`, async () => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/admin?tab=billing`);
      const dialog = await openCreateInvoice(page);
      const amount = dialog.getByLabel(/Amount/);
      const dueDate = dialog.getByLabel(/Due Date/);

      await amount.fill('');
      await dialog.getByRole('button', { name: 'Create Invoice' }).click();
      await expectOnPage(dialog.getByText('Amount is required')).toBeVisible();
      await expectOnPage(amount).toHaveAccessibleDescription(/Amount is required/);
      await expectOnPage(dialog).not.toContainText(zodWording);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `form-messages-01-amount-required-${label}`, { fullPage: false });

      await amount.fill('-5');
      await dialog.getByRole('button', { name: 'Create Invoice' }).click();
      await expectOnPage(dialog.getByText('Enter an amount greater than 0')).toBeVisible();
      await expectOnPage(dialog).not.toContainText(zodWording);

      await amount.fill('25');
      await dueDate.fill('2020-01-01');
      await dialog.getByRole('button', { name: 'Create Invoice' }).click();
      await expectOnPage(dialog.getByText('The due date cannot be in the past')).toBeVisible();
      await expectOnPage(dueDate).toHaveAccessibleDescription(/The due date cannot be in the past/);
      expect(await axeViolations(page)).toEqual([]);
      if (viewport === phone) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `form-messages-02-due-date-past-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');

      expect(await invoicesOfCustomer()).toEqual([]);
    });
  }

  it('the Plans tab shows the field message for a price of −5 and keeps the stored price (1280 px, then 375 px)', async () => {
    const { page } = session;
    const db = await tables();
    const before = (await db.plan.get({ planId: 'plan-business-starter' }).go()).data!;
    for (const [label, viewport] of [['1280', desktop], ['375', phone]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/admin?tab=plans`);
      await page.getByRole('button', { name: 'Edit Plan Starter (business)' }).click();
      const form = page.getByRole('form', { name: 'Edit Starter' });
      const price = form.getByLabel('Price ($)');
      await price.fill('-5');
      await form.getByRole('button', { name: 'Save' }).click();
      await expectOnPage(form.getByText('Price cannot be negative')).toBeVisible();
      await expectOnPage(price).toHaveAccessibleDescription(/Price cannot be negative/);
      await expectOnPage(form).not.toContainText(zodWording);
      await expectOnPage(page.getByText('Failed to update plan')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await form.scrollIntoViewIfNeeded();
      await shot(page, `form-messages-03-plan-price-negative-${label}`, { fullPage: false });
      await form.getByRole('button', { name: 'Cancel' }).click();
    }

    // The API is the authority: whatever slips past the form (here the request is changed on its way to say −5),
    // its refusal is shown under the field, not as 'Failed to update plan'.
    await page.setViewportSize(desktop);
    await page.route('**/api/admin/plans/plan-business-starter', (route) =>
      route.request().method() === 'PUT' ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), price: -5 }) }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit Plan Starter (business)' }).click();
    const form = page.getByRole('form', { name: 'Edit Starter' });
    await form.getByLabel('Price ($)').fill('3.49');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/admin/plans/plan-business-starter') && r.request().method() === 'PUT'), form.getByRole('button', { name: 'Save' }).click()]);
    expect(answer.status()).toBe(400);
    await expectOnPage(form.getByText('Price cannot be negative')).toBeVisible();
    await expectOnPage(form.getByLabel('Price ($)')).toHaveAccessibleDescription(/Price cannot be negative/);
    await expectOnPage(page.getByText('Failed to update plan')).toHaveCount(0);
    await shot(page, 'form-messages-04-plan-price-refused-by-api-1280', { fullPage: false });
    await page.unroute('**/api/admin/plans/plan-business-starter');
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect((await db.plan.get({ planId: 'plan-business-starter' }).go()).data!.priceCents).toBe(before.priceCents);
  });
});
