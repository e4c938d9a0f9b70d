// Departments in a real browser: the owner adds one and renames another in Company Settings → Departments by keyboard
// (the employee's profile follows at once), deletes the empty one, picks a department in Add Employee, and filters the
// dashboard by department with its count. axe-clean at 1280 and 390 px, no sideways scroll; the stored records checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { departmentMessages as m } from '../../shared/messages/departments';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, tables, uniqueEmail } from '../support/runtime';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

const phone390 = { width: 390, height: 844 };
let session: BrowserSession | undefined;
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let ana: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Department Store' });
  ana = await addEmployee(owner.owner, owner.business.id, { name: 'Ana Accounts', department: 'Accounts', status: 'active' });
  await addEmployee(owner.owner, owner.business.id, { name: 'Bo Builder', department: 'Workshop', status: 'active' });
});
afterAll(async () => {
  await session?.browser.close();
});

async function storedDepartmentNames(): Promise<string[]> {
  const { data } = await (await tables()).department.query.primary({ businessId: owner.business.id }).go({ pages: 'all' });
  return data.map((d) => d.name).sort();
}

describe('departments', () => {
  it('adds, renames and deletes departments in Company Settings by keyboard', async () => {
    session = await signedIn(owner.owner, '/business', desktop);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: m.title });
    await section.scrollIntoViewIfNeeded();
    await expectOnPage(section.getByRole('listitem')).toHaveCount(2);
    await expectOnPage(section.getByRole('listitem').first()).toContainText('Accounts');
    await expectOnPage(section.getByRole('listitem').first()).toContainText(m.employees(1));

    // Add: a name the business has (any case) is refused with the server's words, then a new one is added.
    const name = section.getByRole('textbox', { name: m.nameLabel });
    await name.focus();
    await page.keyboard.type('workshop');
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByText(m.nameTaken)).toBeVisible();
    await name.fill('Research');
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByRole('listitem')).toHaveCount(3);
    await expectOnPage(name).toHaveValue('');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'departments-01-settings', { fullPage: false });

    // Rename by keyboard: Ana's profile and card follow.
    await section.getByRole('button', { name: m.rename('Accounts') }).focus();
    await page.keyboard.press('Enter');
    const renaming = section.getByRole('textbox', { name: m.rename('Accounts') });
    await expectOnPage(renaming).toBeFocused();
    await renaming.fill('Finance');
    await page.keyboard.press('Enter');
    await expectOnPage(section.getByRole('listitem').filter({ hasText: 'Finance' })).toContainText(m.employees(1));
    const db = await tables();
    expect((await db.employee.get({ employeeId: ana.id }).go({ consistent: true })).data?.department).toBe('Finance');
    expect((await db.card.get({ cardId: ana.card.id }).go({ consistent: true })).data?.profile.department).toBe('Finance');

    // Only the empty department can be deleted.
    await expectOnPage(section.getByRole('button', { name: m.remove('Finance') })).toHaveCount(0);
    await section.getByRole('button', { name: m.remove('Research') }).click();
    await expectOnPage(section.getByRole('listitem')).toHaveCount(2);
    expect(await storedDepartmentNames()).toEqual(['Finance', 'Workshop']);

    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'departments-02-settings-390', { fullPage: false });
    await page.setViewportSize(desktop);
    await page.keyboard.press('Escape');
  });

  it('picks a department in Add Employee and filters the dashboard by department', async () => {
    const { page } = session!;
    const dashboard = new BusinessDashboardPage(page);
    await dashboard.addEmployee({ name: 'Cy Carpenter', email: uniqueEmail('cy'), status: 'active' }, async () => {
      await dashboard.dialog().getByLabel('Department').selectOption('Workshop');
      expect(await axeViolations(page)).toEqual([]);
    });
    const filter = page.getByRole('combobox', { name: m.filterLabel });
    await expectOnPage(filter.getByRole('option', { name: m.filterOption('Workshop', 2) })).toHaveCount(1);
    await filter.selectOption({ label: m.filterOption('Workshop', 2) });
    const grid = page.getByRole('tabpanel');
    await expectOnPage(grid.getByRole('button', { name: /View Cy Carpenter/ })).toBeVisible();
    await expectOnPage(grid.getByRole('button', { name: /View Bo Builder/ })).toBeVisible();
    await expectOnPage(grid.getByRole('button', { name: /View Ana Accounts/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'departments-03-dashboard-filter', { fullPage: false });
    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'departments-04-dashboard-filter-390', { fullPage: false });
  });
});
