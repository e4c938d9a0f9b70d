// The agency journey in a real browser (issue 9): sign up as an agency → Agency Settings (name, colours, then a logo
// upload) → add two clients → manage one and add an employee there → back to the agency, where the stat cards reflect
// it → a client's scans. axe on the dashboard and every dialog; the same dashboard on a 375 px phone. Another agency
// that opens the client's address is sent to its own dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { brandTheme } from '../../shared/colour';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { codeFromMailbox, openBrowser, shot, type BrowserSession } from '../support/e2e';
import { newAgencyAccount } from '../support/agencies';
import { api, origin, signIn, tables, uniqueEmail, scanCard } from '../support/runtime';
import { pngImage } from '../support/uploads';
import { AuthPage } from './pages/auth-page';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

let session: BrowserSession;
const email = uniqueEmail('northstar');
const password = 'Agency123!';

beforeAll(async () => {
  session = await openBrowser(desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

const stat = (title: string) => session.page.getByRole('heading', { name: title, level: 3 }).locator('xpath=..');

describe('agency journey (1280 px, then 375 px)', () => {
  let harborId = '';

  it('signs up as an agency and is asked to set the agency up first', async () => {
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto();
    await auth.signUp(email, password, 'agency');
    await auth.confirm(await codeFromMailbox(email));
    await page.waitForURL(`${origin}/agency`);
    await expectOnPage(page.getByRole('heading', { name: 'Set up your agency' })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Your Agency', level: 1 })).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: 'Add Client' })).toHaveCount(0);
    await expectOnPage(stat('Monthly Revenue')).toContainText('$0.00');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-01-set-up');
  });

  it('saves Agency Settings (validated, then stored and themed), then uploads the logo', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Agency Settings' }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: 'Agency Settings' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await expectOnPage(dialog.getByText(/Save your agency settings first/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog.getByText('Agency name is required')).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog.getByText(messages.employee.validEmail)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel(/Agency Name/).fill('Northstar Agency');
    await dialog.getByLabel(/Industry/).fill('Marketing');
    await dialog.getByLabel('Email', { exact: true }).fill('hello@northstar.example');
    await dialog.getByLabel('Country').selectOption('Canada');
    await dialog.getByLabel('Primary Color').fill('#0F766E');
    await dialog.getByLabel('Secondary Color').fill('#1E3A8A');
    await dialog.getByLabel('Accent Color').fill('#F59E0B');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(page.getByText(messages.company.settingsUpdated)).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Northstar Agency', level: 1 })).toBeVisible();
    const theme = brandTheme({ primaryColor: '#0F766E', secondaryColor: '#1E3A8A', accentColor: '#F59E0B' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-gradient').trim())).toBe(theme['--brand-gradient']);

    const db = await tables();
    const me = await api('POST', '/api/me', { user: await signIn(email, password), body: {} });
    const agencyId = me.body.agencyId as string;
    expect((await db.agency.get({ agencyId }).go()).data).toMatchObject({ name: 'Northstar Agency', email: 'hello@northstar.example', billingCountry: 'Canada', primaryColor: '#0F766E' });

    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('Logo image', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(300, '#0f766e') });
    await expectOnPage(page.getByText(messages.upload.logoUploaded)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(page.getByRole('img', { name: 'Northstar Agency logo' })).toBeVisible();
    expect((await db.agency.get({ agencyId }).go()).data!.logoUrl).toMatch(new RegExp(`/media/logos/${agencyId}/.+/256\\.webp$`));
    await shot(page, 'agency-02-themed');
  });

  it('adds two clients (the name is required) and lists them with their industry, newest first', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectOnPage(dialog.getByText(messages.agency.businessNameRequired)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel(/Business Name/).fill('Harbor Dental');
    await dialog.getByLabel(/Industry/).fill('Healthcare');
    await dialog.getByLabel(/Website/).fill('https://harbor.example');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectOnPage(page.getByText(messages.agency.clientAdded)).toBeVisible();
    await expectOnPage(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Client' }).first().click();
    await dialog.getByLabel(/Business Name/).fill('Summit Outdoors');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Summit Outdoors' })).toBeVisible();

    const cards = page.getByRole('region', { name: 'Managed Client Businesses' }).getByRole('list').getByRole('listitem');
    await expectOnPage(cards).toHaveCount(2);
    await expectOnPage(cards.nth(0)).toContainText('Summit Outdoors');
    await expectOnPage(cards.nth(0)).toContainText('Business'); // industry defaults to 'Business'
    await expectOnPage(cards.nth(1)).toContainText('Healthcare');
    await expectOnPage(stat('Active Clients')).toContainText('2');
    const manage = page.getByRole('link', { name: 'Manage Harbor Dental' });
    harborId = (await manage.getAttribute('href'))!.split('/').pop()!;
    const db = await tables();
    expect((await db.business.get({ businessId: harborId }).go()).data).toMatchObject({ name: 'Harbor Dental', industry: 'Healthcare', website: 'https://harbor.example' });
    await shot(page, 'agency-03-clients');
  });

  it('turns white-label on by keyboard: a support e-mail is required, then every client carries the brand (issue 21)', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const toggle = dialog.getByRole('switch', { name: /Show my agency’s brand to my clients/ });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expectOnPage(toggle).toBeChecked();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expectOnPage(dialog.getByText(messages.agency.supportEmailRequired)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-03b-white-label');
    await dialog.getByLabel(/Display Name/).fill('Northstar Studio');
    await dialog.getByLabel(/Support Email/).fill('help@northstar.example');
    await dialog.getByLabel(/Support Email/).press('Enter');
    await expectOnPage(page.getByText(messages.company.settingsUpdated)).toBeVisible();
    const { data } = await (await tables()).business.get({ businessId: harborId }).go({ consistent: true });
    expect(data).toMatchObject({ whiteLabelName: 'Northstar Studio', whiteLabelSupportEmail: 'help@northstar.example' });
  });

  it('manages a client: its business dashboard with Back to Agency, an employee added there, and the stats follow', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Manage Harbor Dental' }).click();
    await page.waitForURL(`${origin}/business/${harborId}`);
    await expectOnPage(page.getByRole('heading', { name: 'Harbor Dental', level: 1 })).toBeVisible();
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.addEmployee({ name: 'Dana Dentist', email: uniqueEmail('dana'), jobTitle: 'Dentist', status: 'active' });
    await expectOnPage(page.getByRole('heading', { name: 'Dana Dentist' })).toBeVisible();
    // A draft is not billed, so the agency's figures leave it out, as the client's invoice does (issue 27 §4).
    await dashboard.addEmployee({ name: 'Drew Draft', email: uniqueEmail('drew'), jobTitle: 'Hygienist', status: 'draft' });
    await expectOnPage(page.getByRole('heading', { name: 'Drew Draft' })).toBeVisible();
    await shot(page, 'agency-04-managed-client');

    await page.getByRole('link', { name: 'Back to Agency' }).click();
    await page.waitForURL(`${origin}/agency`);
    await expectOnPage(stat('Total Users')).toContainText('1');
    await expectOnPage(stat('Monthly Revenue')).toContainText('$1.99');
    await expectOnPage(stat('Net Profit')).toContainText('$0.99');
    await expectOnPage(stat('Net Profit')).toContainText('after $1.00 costs');
    await expectOnPage(stat('Growth Rate')).toContainText('0%');
    await expectOnPage(stat('Total Users')).toContainText('billed; drafts are free');
    const harbor = page.getByRole('listitem').filter({ hasText: 'Harbor Dental' });
    await expectOnPage(harbor.getByRole('definition').first()).toHaveText('2');
    await expectOnPage(harbor).toContainText('$1.99/mo');
    await expectOnPage(harbor).toContainText('for 1 billed; drafts are free');
    await shot(page, 'agency-04b-billed-employees');
    const db = await tables();
    expect((await db.business.get({ businessId: harborId }).go()).data).toMatchObject({ employeeCount: 2, billableEmployeeCount: 1 });
  });

  it("shows a client's scans per day behind the Analytics button, as bars and as a table", async () => {
    const { page } = session;
    const db = await tables();
    const { data: employees } = await db.employee.query.dashboard({ businessId: harborId }).go();
    const cardId = employees[0]!.cardId!;
    for (let i = 0; i < 2; i++) expect((await scanCard(cardId)).status).toBe(200);

    await page.getByRole('button', { name: 'Analytics for Harbor Dental' }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: 'Harbor Dental: card scans' })).toBeVisible();
    await expectOnPage(dialog.getByText('Scans in the last 30 days')).toBeVisible();
    await expectOnPage(dialog.getByText('Scans in the last 30 days').locator('xpath=..')).toContainText('2');
    await dialog.getByRole('button', { name: '7 days' }).click();
    await expectOnPage(dialog.getByText('Scans in the last 7 days')).toBeVisible();
    await dialog.getByText('Show as table').click();
    const today = new Date().toISOString().slice(0, 10);
    await expectOnPage(dialog.getByRole('row', { name: `${today} 2` })).toBeVisible();
    await expectOnPage(dialog.getByRole('row')).toHaveCount(8);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-05-analytics');
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toHaveCount(0);
  });

  it('works on a 375 px phone: no sideways scrolling, no axe violations', async () => {
    const { page } = session;
    await page.setViewportSize(phone);
    await page.reload();
    await expectOnPage(page.getByRole('heading', { name: 'Northstar Agency', level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-06-phone');
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-07-add-client-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize(desktop);
  });

  it("sends another agency that opens this client's address to its own dashboard", async () => {
    const other = await newAgencyAccount();
    const context = await session.browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    try {
      const auth = new AuthPage(page);
      await auth.goto(`/business/${harborId}`);
      await auth.signIn(other.email, other.password);
      await page.waitForURL(`${origin}/agency`);
      await expectOnPage(page.getByRole('heading', { name: 'Set up your agency' })).toBeVisible();
      await expectOnPage(page.getByText('Harbor Dental')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

