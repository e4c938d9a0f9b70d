// Directory sync in a real browser (issue 23 §1): the owner opens Company Settings → Directory sync, creates a SCIM
// token with the keyboard (shown once), an identity provider uses it to provision an employee, the owner sees the
// employee on the dashboard, revokes the token after a confirmation, and the token is refused at once. axe clean at
// 1280 and 390 px, no sideways scroll at 390 px; screenshots under tests/artifacts/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Page } from 'playwright-core';
import { directorySyncMessages } from '../../shared/messages/directory-sync';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { openBrowser, openCompanySettingsSection, shot, signedIn, type BrowserSession } from '../support/e2e';
import { createOwnerWithBusiness, origin, tables, uniqueEmail } from '../support/runtime';
import { AuthPage } from './pages/auth-page';

const phone390 = { width: 390, height: 844 };
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Synced Bakery' });
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.browser.close()));
});

async function openDirectorySync(page: Page) {
  const { dialog, section } = await openCompanySettingsSection(page, 'Directory sync');
  await expectOnPage(section.getByText(`${origin}/scim/v2`, { exact: true })).toBeVisible();
  return { dialog, section };
}

const provision = (secret: string, userName: string) =>
  fetch(`${origin}/scim/v2/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, name: { givenName: 'Sasha', familyName: 'Synced' }, title: 'Baker', active: true }),
  });

describe('Directory sync (1280 px, then 390 px)', () => {
  it('creates a token shown once, provisions an employee with it, revokes it and the token is refused', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    const { section } = await openDirectorySync(page);
    await expectOnPage(section.getByText('No tokens yet.', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard: type a name and press Enter.
    await section.getByLabel('Token name').focus();
    await page.keyboard.type('Okta');
    await page.keyboard.press('Enter');
    const secretBox = section.getByTestId('scim-token-secret');
    await expectOnPage(secretBox).toBeVisible();
    await expectOnPage(section.getByText('it is not shown again', { exact: false })).toBeVisible();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^ccscim_/);
    await expectOnPage(section.getByRole('list', { name: 'SCIM tokens' }).getByText('Okta', { exact: true })).toBeVisible();
    await expectOnPage(section.getByText('Never used', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('heading', { name: 'Directory sync' }).scrollIntoViewIfNeeded();
    await shot(page, 'directory-sync-token-created', { fullPage: false });

    // The identity provider provisions an employee with it.
    const userName = uniqueEmail('sasha');
    const res = await provision(secret, userName);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const db = await tables();
    expect((await db.employee.get({ employeeId: id }).go()).data).toMatchObject({ businessId: owner.business.id, name: 'Sasha Synced', status: 'active' });

    // The owner sees the employee on the dashboard.
    await page.keyboard.press('Escape');
    await page.reload();
    await expectOnPage(page.getByText('Sasha Synced', { exact: true }).first()).toBeVisible();
    await shot(page, 'directory-sync-dashboard');

    // Revoke after the confirmation; the list shows the last use, then nothing.
    const reopened = await openDirectorySync(page);
    await expectOnPage(reopened.section.getByText('Last used', { exact: false })).toBeVisible();
    await reopened.section.getByRole('button', { name: 'Revoke Okta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke SCIM token?' });
    await expectOnPage(confirm).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'directory-sync-revoke-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Revoke Token' }).click();
    await expectOnPage(page.getByText(directorySyncMessages.tokenRevokedTitle, { exact: true })).toBeVisible();
    await expectOnPage(reopened.section.getByText('No tokens yet.', { exact: false })).toBeVisible();

    // Refused at once.
    const refused = await provision(secret, uniqueEmail('late'));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
  });

  it('fits a 390 px phone without sideways scroll, axe clean, the invitation setting by keyboard', async () => {
    const session = await openBrowser(phone390);
    sessions.push(session);
    const { page } = session;
    const auth = new AuthPage(page);
    await auth.goto('/business');
    await auth.signIn(owner.owner.email, owner.owner.password);
    await page.waitForURL(`${origin}/business`);
    const { dialog, section } = await openDirectorySync(page);
    await section.getByLabel('Token name').fill('Microsoft Entra ID provisioning');
    await section.getByRole('button', { name: 'Create Token' }).click();
    await expectOnPage(section.getByTestId('scim-token-secret')).toBeVisible();

    const invitations = section.getByRole('switch', { name: /Send the invitation e-mail/ });
    await expectOnPage(invitations).not.toBeChecked();
    await invitations.focus();
    await page.keyboard.press('Space');
    await expectOnPage(invitations).toBeChecked();
    await expectOnPage(page.getByText(directorySyncMessages.settingsSaved, { exact: true })).toBeVisible();
    const db = await tables();
    expect((await db.directorySettings.get({ businessId: owner.business.id }).go()).data?.sendInvitations).toBe(true);

    await section.getByText('Set up Microsoft Entra ID', { exact: true }).click();
    await expectOnPage(section.getByText('Tenant URL', { exact: false })).toBeVisible();
    // Google Workspace has nothing to connect here: the note says so, and that leavers are deactivated in CardCrew.
    await section.getByText(directorySyncMessages.googleWorkspaceTitle, { exact: true }).click();
    for (const step of directorySyncMessages.googleWorkspaceSteps) await expectOnPage(section.getByText(step, { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('heading', { name: 'Directory sync' }).scrollIntoViewIfNeeded();
    await shot(page, 'directory-sync-phone', { fullPage: false });
  });
});
