// The Activity section in a real browser (issue 23 §3): an owner edits an employee, opens Activity from the dashboard
// by keyboard, sees who changed what and from where, filters by action, exports the CSV; axe clean, on a phone too.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { addEmployee, api, createOwnerWithBusiness } from '../support/runtime';

const sessions: BrowserSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('Activity', () => {
  it('shows the owner who changed what, filters by action, and exports the entries, by keyboard and on a phone', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Activity Co' });
    const employee = await addEmployee(owner, business.id, { name: 'Rita Record' });
    const edit = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Rita Record', email: employee.email, jobTitle: 'Head of Records', officePhone: '+1 555 0100', role: 'employee', status: 'active' },
    });
    expect(edit.status, edit.text).toBe(200);

    const session = await signedIn(owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    // As a user would, once the dashboard has loaded: the frame drawn before its data has the button, inert.
    await expectOnPage(page.getByRole('tab', { name: /^All Cards \(\d+\)$/ })).toBeVisible();
    const button = page.getByRole('button', { name: 'Activity', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Activity' });
    await expectOnPage(dialog).toBeVisible();
    const entries = dialog.getByRole('region', { name: 'Activity entries' }).getByRole('listitem');
    await expectOnPage(entries).toHaveCount(2);
    await expectOnPage(entries.first()).toContainText('Employee updated: Rita Record');
    await expectOnPage(entries.first()).toContainText(`By ${owner.email}`);
    await expectOnPage(entries.first()).toContainText('Changed: job title');
    await expectOnPage(entries.nth(1)).toContainText('Employee added: Rita Record');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'activity-01-dialog');

    // Filter by action with the keyboard: the select, then Apply filters.
    await dialog.getByLabel('Action').focus();
    await dialog.getByLabel('Action').selectOption('employee.created');
    await dialog.getByRole('button', { name: 'Apply filters' }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(entries).toHaveCount(1);
    await expectOnPage(entries.first()).toContainText('Employee added: Rita Record');

    // A reversed range is refused in the form, with the reason beside the field.
    await dialog.getByLabel('From').fill('2026-12-31');
    await dialog.getByLabel('To').fill('2026-01-01');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expectOnPage(dialog.getByText('The start date must be on or before the end date')).toBeVisible();
    await expectOnPage(dialog.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('From').fill('');
    await dialog.getByLabel('To').fill('');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('activity.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Employee added');
    expect(rows[1]).toContain(owner.email);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'activity-02-phone');
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toBeHidden();
  });
});
