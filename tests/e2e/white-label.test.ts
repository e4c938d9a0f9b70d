// White-label from the client's side, in a real browser (issue 21 §1): the seeded Northwind Bakery is a client of Bright
// Agency, which has white-label on. Its owner signs in and sees Bright Agency, not CardCrew, in the tab (title and
// icon) and nowhere on the dashboard; signing out brings CardCrew back. axe clean, on a phone too.
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { messages } from '../../shared/messages';
import { addClient } from '../support/agencies';
import { addEmployee, origin, signIn, tables, uniqueEmail } from '../support/runtime';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('a white-labelled client’s owner', () => {
  it('sees Bright Agency in the tab and no CardCrew on the dashboard, and CardCrew again after signing out', async () => {
    const owner = await signIn('owner@northwind.example', 'Demo1234!');
    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Northwind Bakery' }).first()).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(decodeURIComponent(icon ?? '')).toMatch(/^data:image\/svg\+xml,<svg.*>B<\/text><\/svg>$/);
    expect(await page.locator('body').innerText()).not.toMatch(/cardcrew/i);
    // The agency's support where CardCrew's Home and Pricing links were.
    await expectOnPage(page.getByRole('link', { name: 'Bright Agency support', exact: true })).toHaveAttribute('href', 'https://bright.example/support');
    await expectOnPage(page.getByRole('link', { name: 'Pricing', exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-01-client-dashboard');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectOnPage(page).toHaveTitle(/CardCrew/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
  });

  it('opens an invitation to Northwind Bakery in Bright Agency’s brand: title and icon, no CardCrew', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const email = uniqueEmail('northwind-new');
    const employee = await addEmployee(agency, 'demo-business-northwind', { status: 'draft', email, name: 'Nina New' });
    const token = await invite({ owner: agency, business: { id: 'demo-business-northwind' } }, employee.id, email);
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    await page.goto(`${origin}/employee-onboarding?id=${token}`);
    await expectOnPage(page.getByText('Nina New').first()).toBeVisible();
    await expectOnPage(page).toHaveTitle('Bright Agency');
    expect(decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '')).toContain('>B</text>');
    expect(await page.locator('body').innerText()).not.toMatch(/cardcrew/i);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'white-label-02-onboarding');
  });

  it('shows Northwind’s card page with Northwind’s mark in the tab and no CardCrew anywhere', async () => {
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    const { page } = session;
    const res = await page.goto(`${origin}/card/demo-card-sam-baker`);
    expect(res?.status()).toBe(200);
    expect(await res!.text()).not.toMatch(/cardcrew|favicon\.svg/i);
    const icon = decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '');
    expect(icon).toMatch(/^data:image\/svg\+xml,<svg.*fill="#B45309".*>N<\/text><\/svg>$/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the agency’s client list', () => {
  it('turns white-label off for one client from its card, by keyboard, and on again: stored on the client; axe clean; fits a phone', async () => {
    const agency = await signIn('agency@bright.example', 'Demo1234!');
    const clientId = await addClient(agency, 'Override Bakery');
    const session = await signedIn(agency, '/agency', desktop);
    sessions.push(session);
    const { page } = session;
    const select = page.getByLabel('White-label for Override Bakery', { exact: true });
    // Bright's switch is on (seed): the new client follows it.
    await expectOnPage(select).toHaveValue('agency');
    await expectOnPage(select.locator('option:checked')).toHaveText(messages.agency.clientWhiteLabelFollow(true));
    const brandedBy = async () => (await (await tables()).business.get({ businessId: clientId }).go({ consistent: true })).data?.whiteLabelAgencyId;
    expect(await brandedBy()).toBeTruthy();

    // Keyboard only: each arrow key on the focused select saves the next choice ("On", then "Off for this client").
    await select.press('ArrowDown');
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', true))).toBeVisible();
    await expectOnPage(select).toHaveValue('on');
    await expectOnPage(select).toBeEnabled();
    await select.press('ArrowDown');
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', false))).toBeVisible();
    await expectOnPage(select).toHaveValue('off');
    expect(await brandedBy()).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await select.scrollIntoViewIfNeeded();
    await shot(page, 'white-label-03-client-override');

    await select.selectOption('agency');
    await expect.poll(brandedBy).toBeTruthy();
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved('Override Bakery', true)).first()).toBeVisible();
    // Reloaded, the list shows what is stored.
    await page.reload();
    await expectOnPage(page.getByLabel('White-label for Override Bakery', { exact: true })).toHaveValue('agency');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('White-label for Override Bakery', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'white-label-04-client-override-phone');
  });
});
