// Prices the agency sets, in a real browser: the agency types a client's price on its card and the dashboard's Monthly
// Revenue, Net Profit and the card's revenue change to the cent (costs stay what CardCrew bills it); a price that is
// not dollars and cents is refused under the field. The admin sees the agency's plan and this month's figures in the
// Businesses tab's Agencies section and assigns it a plan. axe throughout; both pages on a 390 px phone without
// sideways scrolling.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { addClient, agencySettings, newAgencyAccount } from '../support/agencies';
import { addEmployee, api, createUser, tables, type TestUser } from '../support/runtime';

const phone390 = { width: 390, height: 844 };
const agencyName = `Prices Agency ${randomBytes(3).toString('hex')}`;
const clientName = 'Harbor Books';
let agency: { user: TestUser; agencyId: string };
let clientId = '';
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  const user = await newAgencyAccount();
  const saved = await api('PUT', '/api/agency', { user, body: agencySettings({ name: agencyName }) });
  expect(saved.status).toBe(200);
  agency = { user, agencyId: saved.body.id as string };
  clientId = await addClient(user, clientName);
  for (let i = 0; i < 3; i++) await addEmployee(user, clientId, { status: 'active' });
});
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

describe('prices the agency sets (1280 px, then 390 px)', () => {
  it("sets a client's price and the dashboard's figures follow to the cent", async () => {
    const session = await signedIn(agency.user, '/agency', desktop);
    sessions.push(session);
    const { page } = session;
    const stat = (title: string) => page.getByRole('heading', { name: title }).locator('..');
    // 3 users at the list price, 1.99: 5.97 charged; CardCrew bills 2.99 (50 %, rounded half up).
    await expectOnPage(stat('Monthly Revenue')).toContainText('$5.97');
    await expectOnPage(stat('Net Profit')).toContainText('$2.98');
    await expectOnPage(stat('Net Profit')).toContainText('after $2.99 costs');
    await expectOnPage(stat('Growth Rate')).toContainText('no last month yet');
    const price = page.getByLabel(messages.agencyBilling.priceLabel(clientName));
    await expectOnPage(price).toHaveValue('');
    await expectOnPage(page.getByText(messages.agencyBilling.priceHint('$1.99'))).toBeVisible();

    // Not dollars and cents: said under the field, nothing sent.
    await price.fill('2.505');
    await page.getByRole('button', { name: `Save the price for ${clientName}` }).click();
    await expectOnPage(page.getByText(messages.agencyBilling.priceInvalid)).toBeVisible();
    await expectOnPage(price).toHaveAttribute('aria-invalid', 'true');
    expect((await (await tables()).agencyClient.get({ agencyId: agency.agencyId, businessId: clientId }).go({ consistent: true })).data?.pricePerUserCents).toBeUndefined();

    // By keyboard: type the price and press Enter.
    await price.fill('2.50');
    await price.press('Enter');
    await expectOnPage(page.getByText(messages.agencyBilling.priceSaved(clientName, '$2.50'))).toBeVisible();
    // 3 × 2.50 = 7.50 charged; costs unchanged; 4.51 profit.
    await expectOnPage(stat('Monthly Revenue')).toContainText('$7.50');
    await expectOnPage(stat('Net Profit')).toContainText('$4.51');
    await expectOnPage(stat('Net Profit')).toContainText('after $2.99 costs');
    await expectOnPage(page.getByText('$7.50/mo')).toBeVisible();
    await expectOnPage(price).toHaveValue('2.50');
    const stored = (await (await tables()).agencyClient.get({ agencyId: agency.agencyId, businessId: clientId }).go({ consistent: true })).data;
    expect(stored).toMatchObject({ pricePerUserCents: 250, priceChangedBy: agency.user.sub });
    // The API's figures are the page's.
    expect((await api('GET', '/api/agency', { user: agency.user })).body.stats).toMatchObject({ monthlyRevenueCents: 750, costsCents: 299, netProfitCents: 451 });

    await price.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-prices-01-dashboard');

    await page.setViewportSize(phone390);
    await price.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-prices-02-phone');
  });

  it("shows the admin the agency's plan and this month's figures, and the admin assigns its plan", async () => {
    const admin = await createUser({ groups: ['admin'] });
    const session = await signedIn(admin, '/admin?tab=businesses', desktop);
    sessions.push(session);
    const { page } = session;
    const section = page.getByRole('region', { name: 'Agencies' });
    const row = section.getByRole('row', { name: new RegExp(agencyName) });
    await expectOnPage(row).toContainText('$7.50');
    await expectOnPage(row).toContainText('$2.99');
    await expectOnPage(row).toContainText('$4.51');
    const plan = row.getByLabel(messages.adminAgencies.planLabel(agencyName));
    await expectOnPage(plan).toHaveValue('');
    await plan.selectOption('plan-agency-partner');
    await expectOnPage(page.getByText(messages.adminAgencies.planSaved(agencyName, 'Agency Partner'))).toBeVisible();
    await expectOnPage(plan).toHaveValue('plan-agency-partner');
    expect((await (await tables()).agency.get({ agencyId: agency.agencyId }).go({ consistent: true })).data?.planId).toBe('plan-agency-partner');
    await row.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-prices-03-admin');

    await page.setViewportSize(phone390);
    await row.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'agency-prices-04-admin-phone');
  });
});
