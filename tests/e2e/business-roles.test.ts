// Business roles in a real browser (issue 41): the owner makes an employee an Admin and another the Billing contact in
// the Employee Profile dialog; each accepts their invitation and signs in. The Admin lands on the dashboard and may not
// offer anyone the Owner role; the Billing contact lands on the company's billing and sees no employee. The activity
// log names the role each change was made under. Axe on every state; the Billing contact's page at 390 px too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { businessRoleMessages } from '../../shared/messages/business-roles';
import { axeViolations } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, type TestUser } from '../support/runtime';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const sessions: BrowserSession[] = [];
const people: Record<'ada' | 'bill', { user: TestUser; employeeId: string }> = {} as never;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Roles Co' });
  for (const [key, name] of [['ada', 'Ada Admin'], ['bill', 'Bill Payer']] as const) {
    const user = await createUser();
    const employee = await addEmployee(owner.owner, owner.business.id, { name, email: user.email, status: 'draft' });
    people[key] = { user, employeeId: employee.id };
  }
  await addEmployee(owner.owner, owner.business.id, { name: 'Erin Plain' });
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

/** The owner's Employee Profile dialog: Edit, choose the role, save; the dialog then shows it. */
async function giveRole(dashboard: BusinessDashboardPage, name: string, role: 'admin' | 'billing') {
  const label = businessRoleMessages.labels[role];
  await dashboard.openEmployee(name);
  const dialog = dashboard.dialog();
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await dialog.getByLabel('Role').selectOption(role);
  await expectOnPage(dialog.getByText(businessRoleMessages.descriptions[role])).toBeVisible();
  expect(await axeViolations(dashboard.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectOnPage(dialog.getByText(label, { exact: true }).first()).toBeVisible();
  await dashboard.page.keyboard.press('Escape');
}

describe('business roles', () => {
  it('the owner makes an Admin and a Billing contact in the Employee Profile dialog', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const dashboard = new BusinessDashboardPage(session.page);
    await giveRole(dashboard, 'Ada Admin', 'admin');
    await shot(session.page, 'roles-01-owner-dashboard');
    await giveRole(dashboard, 'Bill Payer', 'billing');
    // The dashboard's cards name the roles.
    await expectOnPage(session.page.getByRole('listitem').filter({ hasText: 'Ada Admin' }).getByText('Admin', { exact: true })).toBeVisible();

    const db = await tables();
    expect((await db.employee.get({ employeeId: people.ada.employeeId }).go()).data?.role).toBe('admin');
    expect((await db.employee.get({ employeeId: people.bill.employeeId }).go()).data?.role).toBe('billing');
    // Each accepts their invitation: the invitation carries the role into their membership.
    for (const person of Object.values(people)) {
      const token = await invite(owner, person.employeeId, person.user.email);
      expect((await api('POST', `/api/invitations/${token}/accept`, { user: person.user })).status).toBe(200);
    }
    const { data } = await db.membership.get({ userId: people.ada.user.sub, scopeType: 'business', scopeId: owner.business.id }).go();
    expect(data?.role).toBe('admin');
    // The log names the role the owner acted under.
    const entries = (await db.auditEntry.query.primary({ businessId: owner.business.id }).go({ pages: 'all' })).data;
    expect(entries.filter((e) => e.action === 'employee.updated').map((e) => e.actorRole)).toEqual(['owner', 'owner']);
  });

  it('the Admin lands on the dashboard, manages employees, and is not offered the Owner role', async () => {
    const session = await signedIn(people.ada.user, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const dashboard = new BusinessDashboardPage(page);
    await expectOnPage(page.getByRole('heading', { name: 'Employee Cards' })).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: 'Settings' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dashboard.openEmployee('Erin Plain');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    const role = dashboard.dialog().getByLabel('Role');
    expect(await role.locator('option').allTextContents()).toEqual(['Employee', 'Admin', 'Billing contact']);
    await dashboard.dialog().getByLabel(/Job Title/).fill('Team Lead');
    await dashboard.dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectOnPage(dashboard.dialog().getByText('Team Lead')).toBeVisible();
    await shot(page, 'roles-02-admin-dashboard');
    await page.keyboard.press('Escape');

    const db = await tables();
    const entries = (await db.auditEntry.query.primary({ businessId: owner.business.id }).go({ pages: 'all' })).data;
    expect(entries.find((e) => e.action === 'employee.updated' && e.actorId === people.ada.user.sub)?.actorRole).toBe('admin');
  });

  it('the Billing contact lands on the billing page and sees no employee, at 1280 and 390 px', async () => {
    const session = await signedIn(people.bill.user, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: businessRoleMessages.billingOnlyTitle, level: 1 })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Billing', level: 2 })).toBeVisible();
    await expectOnPage(page.getByText(/No invoices yet/)).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Employee Cards' })).toHaveCount(0);
    await expectOnPage(page.getByText('Erin Plain')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'roles-03-billing-contact');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'roles-04-billing-contact-390');
    // Keyboard alone reaches the portal link and Sign Out.
    await page.keyboard.press('Tab');
    await expectOnPage(page.getByRole('link', { name: 'Employee Portal' })).toBeFocused();
  });
});
