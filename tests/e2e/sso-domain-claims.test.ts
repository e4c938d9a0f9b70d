// The admin portal's SSO domain claims tab in a real browser: an admin finds a business's claims by the domain's
// start (a verified one and a pending one), sees their state and dates, and releases the verified claim by keyboard
// behind its confirmation; the claim and the business's hold on the domain are gone from the table. A search the API
// cannot take is refused beside the field. axe-clean; at 1280 px and on a 390 px phone with no sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { ssoClaimMessages as m } from '../../shared/messages/sso';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { api, createOwnerWithBusiness, createUser, tables } from '../support/runtime';
import { claimAndProveDomain, removeTxtRecord } from '../support/sso-stand-ins';

const phone390 = { width: 390, height: 844 };
const token = Math.random().toString(36).slice(2, 8);
/** Both domains start with the search, so the listing shows exactly these two claims. */
const verifiedDomain = `claims-${token}-a.example.com`;
const pendingDomain = `claims-${token}-b.example.com`;
let company: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  company = await createOwnerWithBusiness({ name: `Claimant ${token} Ltd` });
  const proven = await claimAndProveDomain(company.owner, company.business.id, verifiedDomain);
  await removeTxtRecord(proven.txtRecord.name);
  expect(proven.check.status, proven.check.text).toBe(200);
  expect((await api('POST', `/api/businesses/${company.business.id}/sso/domains`, { user: company.owner, body: { domain: pendingDomain } })).status).toBe(201);
});
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

describe('SSO domain claims (admin portal)', () => {
  it('lists a business’s claims with state and dates, and releases one by keyboard behind a confirmation', async () => {
    const admin = await createUser({ groups: ['admin'] });
    const session = await signedIn(admin, '/admin?tab=sso-domains', desktop);
    sessions.push(session);
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: m.tabTitle })).toBeVisible();
    await expectOnPage(page.getByRole('tab', { name: 'SSO domains', selected: true })).toBeVisible();

    // A search the API cannot take is refused beside the field, in words.
    const search = page.getByLabel(m.searchLabel);
    await search.fill('claims_*');
    await expectOnPage(search).toHaveAttribute('aria-invalid', 'true');
    await search.fill(`CLAIMS-${token}`);
    const list = page.getByRole('list', { name: 'Domain claims' });
    await expectOnPage(list.getByRole('listitem')).toHaveCount(2);
    const verified = list.getByRole('listitem').filter({ hasText: verifiedDomain });
    await expectOnPage(verified).toContainText(`Claimant ${token} Ltd`);
    await expectOnPage(verified).toContainText('Verified');
    await expectOnPage(verified).toContainText(/Claimed .* · verified /);
    const pending = list.getByRole('listitem').filter({ hasText: pendingDomain });
    await expectOnPage(pending).toContainText('Pending');
    await expectOnPage(pending).toContainText(/ · expires /);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sso-domain-claims-01-desktop');

    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sso-domain-claims-02-390');

    // By keyboard: the claim's Release button, then the dialog's, which says what releasing a verified claim does.
    const release = verified.getByRole('button', { name: m.releaseLabel(verifiedDomain, `Claimant ${token} Ltd`) });
    await release.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: m.releaseTitle });
    await expectOnPage(dialog).toContainText(m.releaseDescription(verifiedDomain, `Claimant ${token} Ltd`, true));
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sso-domain-claims-03-confirm-390');
    await dialog.getByRole('button', { name: m.release, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(m.released(verifiedDomain))).toBeVisible();
    await expectOnPage(dialog).toBeHidden();
    await expectOnPage(list.getByRole('listitem')).toHaveCount(1);
    await expectOnPage(list.getByRole('listitem').first()).toContainText(pendingDomain);

    // Stored: the claim and the business's hold on the domain are gone; the pending claim stays.
    const db = await tables();
    expect((await db.ssoDomain.get({ domain: verifiedDomain, businessId: company.business.id }).go({ consistent: true })).data).toBeNull();
    expect((await db.ssoDomainHolder.get({ domain: verifiedDomain }).go({ consistent: true })).data).toBeNull();
    expect((await db.ssoDomain.get({ domain: pendingDomain, businessId: company.business.id }).go({ consistent: true })).data?.domain).toBe(pendingDomain);
  });
});
