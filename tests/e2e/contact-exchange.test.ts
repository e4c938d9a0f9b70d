// Contact exchange in a real browser (issue 11 §3): a visitor on a 375 px phone with JavaScript disabled opens the card,
// expands 'Share your details with …', fills the form and sends it; the thank-you page answers and the employee's mail
// arrives. axe on the card page with the form open (in a context with JavaScript, which axe needs), at 375 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, mailbox, tables, uniqueEmail } from '../support/runtime';

let noJs: BrowserSession;
let card: { id: string; cardUrl: string };
let employeeId = '';
const employeeEmail = uniqueEmail('dana');

beforeAll(async () => {
  const { owner, business } = await createOwnerWithBusiness({ name: 'Harbor Dental' });
  const employee = await addEmployee(owner, business.id, { status: 'active', name: 'Dana Dentist', email: employeeEmail, jobTitle: 'Dentist' });
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
    await expectOnPage(page.getByRole('heading', { name: messages.contactExchange.thanksTitle })).toBeVisible();
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
});
