// Import and export of employees in a real browser (issue 11 §1, issue 26 §4): the owner imports a 52-row CSV with 3
// bad rows, a line with broken quotes, a cell over two lines and 2 existing emails — preview (with the update/skip
// choice), import with progress, summary — and the dashboard shows the new employees; the exported CSV re-imports with
// no change; the dialog on a 375 px phone. axe on every step.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop, phone } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { addEmployee, createOwnerWithBusiness, tables } from '../support/runtime';

let session: BrowserSession;
let owned: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const dir = join('.data', 'e2e-import');
const csvPath = join(dir, 'staff.csv');
let exportedPath = '';

beforeAll(async () => {
  owned = await createOwnerWithBusiness({ name: 'Import Works' });
  const stamp = Date.now().toString(36);
  const kept = await addEmployee(owned.owner, owned.business.id, { name: 'Kept Same', email: `kept-${stamp}@example.com`, jobTitle: 'Engineer', status: 'active' });
  const moved = await addEmployee(owned.owner, owned.business.id, { name: 'Moved Person', email: `moved-${stamp}@example.com`, jobTitle: 'Engineer', status: 'active' });
  // 45 new people, 3 bad rows, the 2 existing employees (one with a new job title): 50 rows, some fields quoted.
  const lines = ['Name,Email,Office Phone,Job Title,Department,Status'];
  for (let i = 0; i < 45; i++) lines.push(`"Person ${i}, Jr.",person-${i}-${stamp}@example.com,+1 555 01${String(i).padStart(2, '0')},Analyst,"Sales ""East""",${i % 9 === 0 ? 'Draft' : 'Active'}`);
  lines.splice(11, 0, `Bad Email,not-an-email,,Analyst,,Active`);
  lines.splice(21, 0, `,noname-${stamp}@example.com,,Analyst,,Active`);
  lines.splice(31, 0, `Bad Status,status-${stamp}@example.com,,Analyst,,Retired`);
  lines.push(`Kept Same,${kept.email},+1 555 0100,Engineer,,Active`, `Moved Person,${moved.email.toUpperCase()},+1 555 0100,Team Lead,,Active`);
  // Line 52: a formula pasted unquoted (its quotes do not pair up); lines 53–54: a cell with Excel's Alt+Enter.
  lines.push(`=HYPERLINK("http://evil.example","click"),hyper-${stamp}@example.com,,Analyst,,Active`, `Multi Line,multi-${stamp}@example.com,,Analyst,"Sales\nNorth",Active`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(csvPath, `${lines.join('\r\n')}\r\n`);
  session = await signedIn(owned.owner, '/business', desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

const dialog = () => session.page.getByRole('dialog', { name: 'Import employees' });
/** A count tile of the preview or the summary: its term and figure. */
const tile = (label: string) => dialog().locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=..');

describe('import employees (1280 px, then 375 px)', () => {
  it('previews the file: every row with its line and result, bad rows with the reason', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Import employees' }).click();
    await expectOnPage(dialog().getByText(/Name and Email are required/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog().getByLabel('CSV file').setInputFiles(csvPath);

    await expectOnPage(tile('To create')).toContainText('46');
    await expectOnPage(tile('To update')).toContainText('1');
    await expectOnPage(tile('Unchanged')).toContainText('1');
    await expectOnPage(tile('With problems')).toContainText('4');
    await expectOnPage(dialog().getByText(/staff\.csv: 52 rows\./)).toBeVisible();
    const table = dialog().getByRole('table');
    await expectOnPage(table.getByRole('row')).toHaveCount(53);
    await expectOnPage(table.getByRole('row', { name: /^12 Bad Email/ })).toContainText(`Invalid: ${messages.employee.validEmail}`);
    await expectOnPage(table.getByRole('row', { name: /^22 / })).toContainText(`Invalid: ${messages.employee.nameRequired}`);
    await expectOnPage(table.getByRole('row', { name: /^32 Bad Status/ })).toContainText(`Invalid: ${messages.employeeImport.invalidStatus}`);
    await expectOnPage(table.getByRole('row', { name: /^51 Moved Person/ })).toContainText('Update');
    await expectOnPage(table.getByRole('row', { name: /^52 / })).toContainText(`Invalid: ${messages.employeeImport.badQuotes}`);
    const multiLine = table.getByRole('row', { name: /^53 Multi Line/ });
    await expectOnPage(multiLine).toContainText('Create');
    await expectOnPage(multiLine).toContainText(`${messages.employeeImport.lineBreaksJoined} (Department)`);
    // Skipping existing rows re-labels them; the file's count to write follows.
    await dialog().getByLabel('Skip them (leave them as they are)').check();
    await expectOnPage(tile('To skip')).toContainText('2');
    await expectOnPage(dialog().getByRole('button', { name: 'Import 46 rows' })).toBeVisible();
    await dialog().getByLabel('Update them with the file’s values').check();
    await expectOnPage(dialog().getByRole('button', { name: 'Import 47 rows' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await table.getByRole('row', { name: /^53 / }).scrollIntoViewIfNeeded();
    await shot(page, 'import-01-preview');
    // The preview wrote nothing.
    expect((await (await tables()).business.get({ businessId: owned.business.id }).go()).data?.employeeCount).toBe(2);
  });

  it('imports with progress and ends with a summary; the dashboard shows the new employees', async () => {
    const { page } = session;
    await dialog().getByRole('button', { name: 'Import 47 rows' }).click();
    await expectOnPage(dialog().getByRole('status')).toHaveText('Import finished.');
    await expectOnPage(tile('Created')).toContainText('46');
    await expectOnPage(tile('Updated')).toContainText('1');
    await expectOnPage(tile('Unchanged')).toContainText('1');
    await expectOnPage(tile('Not imported')).toContainText('4');
    await expectOnPage(dialog().getByRole('listitem')).toHaveText([
      `Line 12: Invalid — ${messages.employee.validEmail}`,
      `Line 22: Invalid — ${messages.employee.nameRequired}`,
      `Line 32: Invalid — ${messages.employeeImport.invalidStatus}`,
      `Line 52: Invalid — ${messages.employeeImport.badQuotes}`,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'import-02-summary', { fullPage: false });
    await dialog().getByRole('button', { name: 'Done' }).click();

    await expectOnPage(page.getByRole('heading', { name: 'Total Employees' }).locator('xpath=..')).toContainText('48');
    await expectOnPage(page.getByText('Person 0, Jr.', { exact: true }).first()).toBeVisible();
    const db = await tables();
    // 45 new: 5 drafts (rows 0, 9, 18, 27, 36) are neither billable nor shown.
    expect((await db.business.get({ businessId: owned.business.id }).go()).data).toMatchObject({ employeeCount: 48, billableEmployeeCount: 43, cardCount: 48, activeCardCount: 43 });
    const employees = (await db.employee.query.dashboard({ businessId: owned.business.id }).go({ pages: 'all' })).data;
    expect(employees.find((e) => e.name === 'Person 3, Jr.')).toMatchObject({ department: 'Sales "East"', jobTitle: 'Analyst', status: 'active' });
    expect(employees.find((e) => e.name === 'Moved Person')?.jobTitle).toBe('Team Lead');
    expect(employees.find((e) => e.name === 'Multi Line')?.department).toBe('Sales North');
    expect(employees.some((e) => e.email.startsWith('hyper-'))).toBe(false);
    await shot(page, 'import-03-dashboard');
  });

  it('exports the employees as CSV, and that file re-imports with no change', async () => {
    const { page } = session;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('employees.csv');
    exportedPath = (await download.path())!;
    const text = readFileSync(exportedPath, 'utf8');
    expect(text.startsWith('\uFEFFName,Email,Office Phone,Mobile Phone,Job Title,Department,LinkedIn,Status,Card URL,Scans\r\n')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(49);
    expect(text).toContain(`"Person 3, Jr.",`);

    await page.getByRole('button', { name: 'Import employees' }).click();
    await dialog().getByLabel('CSV file').setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: readFileSync(exportedPath) });
    await expectOnPage(tile('Unchanged')).toContainText('48');
    await expectOnPage(tile('To create')).toContainText('0');
    await expectOnPage(dialog().getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    await page.keyboard.press('Escape');
  });

  it('refuses a binary file named .csv with a clear message, and works on a 375 px phone', async () => {
    const { page } = session;
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'Import employees' }).click();
    await dialog().getByLabel('CSV file').setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xd8]) });
    await expectOnPage(dialog().getByRole('alert')).toHaveText(messages.employeeImport.notText);
    await dialog().getByLabel('CSV file').setInputFiles(csvPath);
    await expectOnPage(tile('Unchanged')).toContainText('48');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'import-04-preview-phone', { fullPage: false });
    await dialog().getByRole('table').getByRole('row', { name: /^53 / }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'import-05-preview-phone-bad-line', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.setViewportSize(desktop);
  });
});
