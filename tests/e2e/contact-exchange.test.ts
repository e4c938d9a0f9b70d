// Contact exchange in a real browser (issue 11 §3): a visitor on a 375 px phone with JavaScript disabled opens the card,
// expands 'Share your details with …', fills the form and sends it; the thank-you page answers and the employee's mail
// arrives; the employee sees the contact in the portal; the owner sees it on the dashboard, exports the CSV and deletes
// it. axe on the card page with the form open (in a context with JavaScript, which axe needs), the portal and the
// dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { contactExchangeMessages } from '../../shared/messages/contact-exchange';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, mailbox, tables, uniqueEmail, type TestUser } from '../support/runtime';

let noJs: BrowserSession;
let card: { id: string; cardUrl: string };
let employeeId = '';
const employeeEmail = uniqueEmail('dana');
let owner: TestUser;
let employeeUser: TestUser;

beforeAll(async () => {
  const owned = await createOwnerWithBusiness({ name: 'Harbor Dental' });
  owner = owned.owner;
  const employee = await addEmployee(owner, owned.business.id, { status: 'draft', name: 'Dana Dentist', email: employeeEmail, jobTitle: 'Dentist' });
  // Dana joins through her invitation, so she has a portal (accepting makes her and her card active).
  const token = await invite(owned, employee.id, employeeEmail);
  employeeUser = await createUser({ email: employeeEmail });
  expect((await api('POST', `/api/invitations/${token}/accept`, { user: employeeUser })).status).toBe(200);
  card = employee.card;
  employeeId = employee.id;
  noJs = await openBrowser(phone, { javaScriptEnabled: false });
});

afterAll(async () => {
  await noJs?.browser.close();
});

describe('Share your details (no JavaScript, 375 px)', () => {
  it('sends the visitor’s details from the card page and answers with a thank-you page; the employee is mailed', async () => {
    const { page } = noJs;
    await page.goto(card.cardUrl);
    await page.getByText('Share your details with Dana').click();
    const form = page.locator('form');
    await form.getByLabel('Your name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera@example.com');
    await form.getByLabel('Company (optional)').fill('Initech');
    await form.getByLabel('Note (optional)').fill('Loved the new clinic.');
    await form.getByLabel(/I agree that Dana Dentist of Harbor Dental receives these details/).check();
    await shot(page, 'contact-01-form-no-js');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: 'Send my details' }).click();
    await expectOnPage(page.getByRole('heading', { name: contactExchangeMessages.thanksTitle })).toBeVisible();
    await expectOnPage(page.getByText('Your details have been sent to Dana.')).toBeVisible();
    await shot(page, 'contact-02-thanks-no-js');

    const db = await tables();
    expect((await db.contact.query.byEmployee({ employeeId }).go()).data).toMatchObject([{ name: 'Vera Visitor', email: 'vera@example.com', company: 'Initech' }]);
    expect((await mailbox()).some((m) => [m.to].flat().includes(employeeEmail) && m.subject === 'Vera Visitor shared their details with you')).toBe(true);

    await page.getByRole('link', { name: /Back to Dana Dentist’s card/ }).click();
    await expectOnPage(page.getByRole('heading', { name: 'Dana Dentist' })).toBeVisible();
  });

  it('has no axe violations with the form open, on a phone and on a desktop', async () => {
    const withJs = await openBrowser(phone);
    try {
      for (const viewport of [phone, desktop]) {
        await withJs.page.setViewportSize(viewport);
        await withJs.page.goto(card.cardUrl);
        await withJs.page.getByText('Share your details with Dana').click();
        await expectOnPage(withJs.page.getByRole('button', { name: 'Send my details' })).toBeVisible();
        expect(await axeViolations(withJs.page), `${viewport.width} px`).toEqual([]);
      }
      await shot(withJs.page, 'contact-03-form-desktop');
    } finally {
      await withJs.browser.close();
    }
  });

  it('shows the contact to the employee in the portal (375 px)', async () => {
    const session = await signedIn(employeeUser, '/employee-portal', phone);
    try {
      const section = session.page.getByRole('region', { name: 'My Contacts' });
      await expectOnPage(section.getByText('Vera Visitor')).toBeVisible();
      await expectOnPage(section.getByText('Loved the new clinic.')).toBeVisible();
      expect(await axeViolations(session.page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await shot(session.page, 'contact-04-portal-phone');
    } finally {
      await session.browser.close();
    }
  });

  it('shows the owner every contact on the dashboard (1280 px): filter, Export CSV, Delete', async () => {
    const session = await signedIn(owner, '/business', desktop);
    const { page } = session;
    try {
      const section = page.getByRole('region', { name: 'Contacts' });
      await expectOnPage(section.getByText('Vera Visitor')).toBeVisible();
      await expectOnPage(section.getByText(/Shared with Dana Dentist/)).toBeVisible();
      await section.getByLabel('Shared with').selectOption({ label: 'Dana Dentist' });
      await expectOnPage(section.getByText('Vera Visitor')).toBeVisible();

      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('contacts.csv');
      const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFName,Email,Phone,Company,Note,Shared with,Date');
      expect(csv).toContain('Vera Visitor,vera@example.com,,Initech,Loved the new clinic.,Dana Dentist,');
      expect(await axeViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'contact-05-dashboard');

      await section.getByRole('button', { name: 'Delete contact Vera Visitor' }).click();
      const dialog = page.getByRole('dialog');
      await expectOnPage(dialog.getByRole('heading', { name: 'Delete Contact' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Delete Contact' }).click();
      await expectOnPage(page.getByText('Vera Visitor has been deleted successfully')).toBeVisible();
      await expectOnPage(section.getByText('No contacts yet', { exact: false })).toBeVisible();
      const db = await tables();
      expect((await db.contact.query.byEmployee({ employeeId }).go()).data).toEqual([]);
    } finally {
      await session.browser.close();
    }
  });
});
