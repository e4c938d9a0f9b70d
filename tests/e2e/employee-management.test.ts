// Managing employees in a real browser (issue 8 §3–§5): the Employee Profile dialog's Edit mode changes the status
// and with it the card, the tabs and the public page; Create Business Card; deleting an inactive employee through
// the 'Delete Employee' confirmation. At 1280 px, then the dialog at 375 px; axe on every dialog state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { openBrowser, shot, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { itemsMentioning } from '../support/table-fingerprint';
import { AuthPage } from './pages/auth-page';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

let session: BrowserSession;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let dashboard: BusinessDashboardPage;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Manage Co' });
  session = await openBrowser(desktop);
  dashboard = new BusinessDashboardPage(session.page);
});
afterAll(async () => {
  await session?.browser.close();
});

const tab = (name: RegExp) => session.page.getByRole('tab', { name });

describe('managing employees (1280 px)', () => {
  it('edits an employee: Inactive hides the public card and moves the tab counts; Active brings it back', async () => {
    const { page } = session;
    const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Mira Status', status: 'active', jobTitle: 'Buyer' });
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);
    await expectOnPage(tab(/Active \(1\)/)).toBeVisible();

    await dashboard.openEmployee('Mira Status');
    expect(await axeViolations(page)).toEqual([]);
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = dashboard.dialog();
    await expectOnPage(dialog.getByLabel(/Status/)).toHaveValue('active');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel(/Job Title/).fill('Head Buyer');
    await dialog.getByLabel(/Status/).selectOption('inactive');
    await shot(page, 'manage-01-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // Inactive is leaving (issue 23 §2): the deactivate dialog says what will happen first (tests/e2e/leavers.test.ts).
    await page.getByRole('dialog', { name: messages.leavers.dialogTitle('Mira Status') }).getByRole('button', { name: messages.leavers.confirm, exact: true }).click();
    await expectOnPage(page.getByText(messages.leavers.deactivated('Mira Status'))).toBeVisible();
    await expectOnPage(dialog.getByText('Head Buyer')).toBeVisible();
    await expectOnPage(dialog.getByText('Inactive', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await expectOnPage(tab(/Active \(0\)/)).toBeVisible();
    await expectOnPage(tab(/Inactive \(1\)/)).toBeVisible();
    expect((await fetch(employee.card.cardUrl)).status).toBe(410);
    const db = await tables();
    expect((await db.card.get({ cardId: employee.card.id }).go()).data).toMatchObject({ isActive: false, profile: { jobTitle: 'Head Buyer' } });

    await dashboard.openEmployee('Mira Status');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    await dashboard.dialog().getByLabel(/Status/).selectOption('active');
    await dashboard.dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectOnPage(dashboard.dialog().getByText('Active', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectOnPage(tab(/Active \(1\)/)).toBeVisible();
    expect((await fetch(employee.card.cardUrl)).status).toBe(200);
  });

  it('shows the field messages of an invalid edit and keeps the dialog open', async () => {
    const { page } = session;
    await dashboard.openEmployee('Mira Status');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    await dashboard.dialog().getByLabel(/Full Name/).fill('');
    await dashboard.dialog().getByLabel(/^Email/).fill('');
    await dashboard.dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectOnPage(dashboard.dialog().getByText(messages.employee.nameRequired)).toBeVisible();
    await expectOnPage(dashboard.dialog().getByText(messages.employee.emailRequired)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dashboard.dialog().getByRole('button', { name: 'Cancel' }).click();
    await expectOnPage(dashboard.dialog().getByRole('button', { name: 'Send Invite' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  it('creates a business card for an employee who has none', async () => {
    const { page } = session;
    const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Nico Nocard', status: 'active' });
    const db = await tables();
    await db.card.delete({ cardId: employee.card.id }).go();
    await db.cardScanTotal.delete({ cardId: employee.card.id }).go();
    await db.employee.patch({ employeeId: employee.id }).remove(['cardId']).go();
    await page.reload();

    await dashboard.openEmployee('Nico Nocard');
    await expectOnPage(dashboard.dialog().getByText('No business card found')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dashboard.dialog().getByRole('button', { name: 'Create Business Card' }).click();
    await expectOnPage(page.getByText(messages.employee.cardCreated)).toBeVisible();
    await expectOnPage(dashboard.qrImage()).toBeVisible();
    await expectOnPage(dashboard.dialog().getByText('Scan to view business card')).toBeVisible();
    const cardId = (await db.employee.get({ employeeId: employee.id }).go()).data!.cardId!;
    expect((await db.card.get({ cardId }).go()).data).toMatchObject({ isActive: true, employeeId: employee.id });
    await page.keyboard.press('Escape');
  });

  it('deletes an inactive employee after the Delete Employee confirmation, and the public card says they left', async () => {
    const { page } = session;
    const employee = await addEmployee(owner.owner, owner.business.id, { name: 'Otto Outgoing', status: 'inactive' });
    await page.reload();
    // Active employees and owners have no delete button.
    await expectOnPage(page.getByRole('button', { name: 'Delete Mira Status' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Otto Outgoing' }).click();
    const confirm = page.getByRole('alertdialog');
    await expectOnPage(confirm.getByRole('heading', { name: 'Delete Employee' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'manage-02-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete Employee' }).click();
    await expectOnPage(page.getByText('Otto Outgoing has been deleted successfully')).toBeVisible();
    await expectOnPage(page.getByRole('button', { name: /View Otto Outgoing/ })).toHaveCount(0);
    await shot(page, 'manage-03-deleted');

    // Only the card's tombstone (issue 23 §2) and the business's audit log (issue 23 §3) still name them: old QR codes
    // still say who left, and what was done to them stays on record.
    const left = await itemsMentioning(employee.id, employee.card.id);
    expect(left.filter((item) => item.__edb_e__ !== 'auditEntry').map((item) => item.__edb_e__)).toEqual(['leaver']);
    expect(left.filter((item) => item.__edb_e__ === 'auditEntry').map((item) => item.action)).toContain('employee.deleted');
    const gone = await fetch(employee.card.cardUrl);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(messages.leavers.gone('Otto Outgoing', owner.business.name));
  });

  it('fits the profile dialog, in view and edit mode, on a phone', async () => {
    const { page } = session;
    await page.setViewportSize(phone);
    await dashboard.openEmployee('Mira Status');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'manage-04-profile-phone');
    await dashboard.dialog().getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await shot(page, 'manage-05-edit-phone');
    await page.setViewportSize(desktop);
  });
});
