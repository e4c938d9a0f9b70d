// The admin portal in a real browser (issue 10): the seeded admin signs in to the dashboard tab → businesses tab: search, a filter, then
// deactivate a business (its card says Card Not Found) and activate it again → plans tab: edit a plan, /pricing shows
// the new price → users tab: invite an admin (the mail arrives), then remove them behind the spec's confirmation.
// axe on every tab and dialog; the businesses tab on a 375 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { volumeTierMessages } from '../../shared/schemas/plan';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, mailbox, origin, tables, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

let session: BrowserSession;
let target: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let card: Awaited<ReturnType<typeof addEmployee>>['card'];
const token = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  target = await createOwnerWithBusiness({ name: `Quokka ${token} Cafe`, industry: 'Hospitality', billingCountry: 'Australia' });
  card = (await addEmployee(target.owner, target.business.id, { status: 'active' })).card;
  session = await openBrowser(desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

describe('admin portal (1280 px, then 375 px)', () => {
  it('signs the admin in to the businesses tab, finds a business by search and filter, and toggles it', async () => {
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/admin');
    await auth.signIn('admin@cardcrew.local', 'Admin1234!');
    await page.waitForURL(`${origin}/admin`);
    // The dashboard tab first: the platform's figures and six months of invoiced vs paid.
    await expectOnPage(page.getByRole('heading', { name: 'Platform Overview' })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Businesses', level: 3 })).toBeVisible();
    await page.getByText('Show as table').click();
    await expectOnPage(page.getByRole('table', { name: 'Invoiced and paid by month' }).getByRole('row')).toHaveCount(7);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-00-dashboard');

    await page.getByRole('tab', { name: 'Businesses' }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Business & Agency Management' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Search').fill(`quokka ${token}`);
    const row = page.getByRole('row', { name: new RegExp(`Quokka ${token} Cafe`) });
    await expectOnPage(row).toBeVisible();
    // The header and the one match (the Agencies table below has rows of its own).
    await expectOnPage(page.getByRole('region', { name: 'Businesses', exact: true }).getByRole('row')).toHaveCount(2);
    await page.getByLabel('Country').selectOption('Portugal');
    await expectOnPage(page.getByText('No businesses match.')).toBeVisible();
    await page.getByLabel('Country').selectOption('Australia');
    await expectOnPage(row).toContainText(target.owner.email);
    await expectOnPage(row).toContainText('Active');
    await shot(page, 'admin-01-businesses');

    await row.getByRole('button', { name: `Deactivate Quokka ${token} Cafe` }).click();
    await expectOnPage(page.getByText(messages.admin.businessStatusUpdated(false))).toBeVisible();
    await expectOnPage(row).toContainText('Inactive');
    const db = await tables();
    expect((await db.business.get({ businessId: target.business.id }).go()).data!.isActive).toBe(false);
    const cardPage = await fetch(`${origin}/card/${card.id}`);
    expect(cardPage.status).toBe(404);
    expect(await cardPage.text()).toContain(messages.card.notFoundTitle);

    await row.getByRole('button', { name: `Activate Quokka ${token} Cafe` }).click();
    await expectOnPage(page.getByText(messages.admin.businessStatusUpdated(true))).toBeVisible();
    await expectOnPage(row.getByText('Active', { exact: true })).toBeVisible();
    expect((await fetch(`${origin}/card/${card.id}`)).status).toBe(200);
  });

  it('deletes a business behind its confirmation: the row and the business are gone', async () => {
    const { page } = session;
    const doomed = await createOwnerWithBusiness({ name: `Platypus ${token} Ltd` });
    await page.getByLabel('Country').selectOption('');
    await page.getByLabel('Search').fill(`platypus ${token}`);
    const row = page.getByRole('row', { name: new RegExp(`Platypus ${token} Ltd`) });
    await row.getByRole('button', { name: `Delete Platypus ${token} Ltd` }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: 'Delete Business' })).toBeVisible();
    await expectOnPage(dialog.getByText(/paid invoices are kept for accounting/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete Business' }).click();
    await expectOnPage(page.getByText(`Platypus ${token} Ltd has been deleted successfully`)).toBeVisible();
    await expectOnPage(row).toHaveCount(0);
    const db = await tables();
    expect((await db.business.get({ businessId: doomed.business.id }).go()).data).toBeNull();
  });

  it('edits a plan on the plans tab, and the pricing page shows the new price', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Plans' }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Pricing Plans Management' })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: /Business Plans \(\d+\)/ })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: /Agency Plans \(\d+\)/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const db = await tables();
    const before = (await db.plan.get({ planId: 'plan-business-starter' }).go()).data!;
    await page.getByRole('button', { name: 'Edit Plan Starter (business)' }).click();
    const form = page.getByRole('form', { name: 'Edit Starter' });
    await form.getByLabel('Price ($)').fill('2.29');
    await form.getByLabel('Description').fill('For small teams, now with more');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-02-plan-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectOnPage(page.getByText(messages.admin.planUpdated)).toBeVisible();
    expect((await db.plan.get({ planId: 'plan-business-starter' }).go()).data).toMatchObject({ priceCents: 229, description: 'For small teams, now with more' });

    const pricing = await session.context.newPage();
    try {
      await pricing.goto(`${origin}/pricing`);
      await expectOnPage(pricing.getByText('$2.29').first()).toBeVisible();
    } finally {
      await pricing.close();
      // Put the seeded plan back as it was for the other journeys.
      await db.plan.patch({ planId: 'plan-business-starter' }).set({ priceCents: before.priceCents, description: before.description! }).go();
    }
  });

  it("edits an agency plan's volume discount tiers: a tier that does not start above the one before is refused in place", async () => {
    const { page } = session;
    const db = await tables();
    const before = (await db.plan.get({ planId: 'plan-agency-partner' }).go()).data!;
    await page.getByRole('button', { name: 'Edit Plan Agency Partner (agency)' }).click();
    const form = page.getByRole('form', { name: 'Edit Agency Partner' });
    const tiers = form.getByRole('group', { name: 'Volume discounts' });
    await expectOnPage(tiers.getByLabel('Tier 2 from (users)')).toHaveValue('100');
    await expectOnPage(tiers.getByLabel('Tier 3 discount (%)')).toHaveValue('10');
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    await tiers.getByLabel('Tier 4 from (users)').fill('50');
    await tiers.getByLabel('Tier 4 discount (%)').fill('12.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectOnPage(tiers.getByText('Start above the tier before')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-03-volume-tiers');
    expect((await db.plan.get({ planId: 'plan-agency-partner' }).go()).data!.volumeTiers).toEqual(before.volumeTiers);

    // Issue 40: an empty new tier says which field is missing; a discount below the tier before is refused under it.
    await tiers.getByLabel('Tier 4 from (users)').fill('1000');
    await tiers.getByLabel('Tier 4 discount (%)').fill('8');
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectOnPage(tiers.getByText(volumeTierMessages.fromUsersMissing)).toBeVisible();
    await expectOnPage(tiers.getByText(volumeTierMessages.percentMissing)).toBeVisible();
    await expectOnPage(tiers.getByText(volumeTierMessages.discountFalls)).toBeVisible();
    await expectOnPage(tiers.getByLabel('Tier 4 discount (%)')).toHaveAccessibleDescription(volumeTierMessages.discountFalls);
    await expectOnPage(tiers.getByLabel('Tier 5 from (users)')).toHaveAccessibleDescription(volumeTierMessages.fromUsersMissing);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-03b-volume-tiers-missing');
    expect((await db.plan.get({ planId: 'plan-agency-partner' }).go()).data!.volumeTiers).toEqual(before.volumeTiers);
    await tiers.getByRole('button', { name: 'Remove tier 5' }).click();
    await tiers.getByLabel('Tier 4 discount (%)').fill('12.5');

    try {
      await tiers.getByLabel('Tier 4 from (users)').fill('1000');
      await form.getByRole('button', { name: 'Save' }).click();
      // The saved card lists the tiers (the toast may still be the previous edit's).
      await expectOnPage(page.getByText('From 1,000 users: 12.5% off')).toBeVisible();
      expect((await db.plan.get({ planId: 'plan-agency-partner' }).go()).data!.volumeTiers).toEqual([
        { fromUsers: 0, discountPercent: 0 },
        { fromUsers: 100, discountPercent: 5 },
        { fromUsers: 500, discountPercent: 10 },
        { fromUsers: 1000, discountPercent: 12.5 },
      ]);
    } finally {
      // Put the seeded plan back as it was for the other journeys (no stored tiers: the defaults).
      await db.plan.patch({ planId: 'plan-agency-partner' }).remove(['volumeTiers']).go();
    }
  });

  it('invites an admin (the mail arrives) and removes them behind the confirmation', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Users' }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Admin User Management' })).toBeVisible();
    await expectOnPage(page.getByRole('row', { name: /admin@cardcrew\.local/ })).toContainText('You');
    const email = uniqueEmail('second-admin');
    await page.getByRole('button', { name: 'Invite Admin' }).click();
    await expectOnPage(page.getByText(messages.admin.inviteEmailInvalid)).toBeVisible();
    await page.getByLabel('Invite Admin').fill(email);
    await page.getByRole('button', { name: 'Invite Admin' }).click();
    await expectOnPage(page.getByText(messages.admin.adminInvited(email))).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expectOnPage(row).toContainText('No Name');
    await expectOnPage(row).toContainText('Never');
    expect((await mailbox()).some((m) => [m.to].flat().includes(email) && m.subject === 'You are now a CardCrew admin')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-03-users');

    await row.getByRole('button', { name: `Remove admin access for ${email}` }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: messages.admin.removeAdminTitle })).toBeVisible();
    await expectOnPage(dialog.getByText(messages.admin.removeAdminConfirm(email))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove Admin Access' }).click();
    await expectOnPage(page.getByText(messages.admin.adminRemoved(email))).toBeVisible();
    await expectOnPage(row).toHaveCount(0);
  });

  it('works on a 375 px phone: the page does not scroll sideways (the table scrolls in its own region)', async () => {
    const { page } = session;
    await page.setViewportSize(phone);
    await page.getByRole('tab', { name: 'Businesses' }).click();
    await page.getByLabel('Search').fill(`quokka ${token}`);
    await expectOnPage(page.getByRole('row', { name: new RegExp(`Quokka ${token} Cafe`) })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-04-phone');
    await page.setViewportSize(desktop);
  });
});
