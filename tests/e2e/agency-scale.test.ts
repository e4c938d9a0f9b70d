// The agency dashboard with many clients (issue 25 §1): an agency with 60 clients (seeded through the repository, as
// the bench seeds 500) sees the first 24 cards and "Showing 24 of 60 clients"; scrolling to the end draws the next page;
// "Show more clients" by keyboard draws the rest and moves focus to the first new card; a later client's Analytics
// and its payer and white-label selects still work (stored), Add Client puts the new client on top with nothing pushed
// out; axe clean; a 390 px phone without sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { signedIn, shot, type BrowserSession } from '../support/e2e';
import { agencyWithSettings } from '../support/agencies';
import { api, tables, uniqueEmail, type TestUser } from '../support/runtime';

const agencies = await import('../../functions/src/agency/repository');
const { newId } = await import('../../functions/src/lib/ids');

const CLIENTS = 60;
let agency: TestUser;
let agencyId = '';
/** The client names in the dashboard's order (newest first), as /api/agency gives them. */
let names: string[] = [];
let session: BrowserSession;

beforeAll(async () => {
  ({ user: agency, agencyId } = await agencyWithSettings());
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < CLIENTS) {
        const i = next++;
        await agencies.createClientBusiness(agencyId, { businessId: newId(), ownerId: agency.sub, name: `Many Client ${String(i).padStart(2, '0')}` });
      }
    }),
  );
  const dashboard = await api('GET', '/api/agency', { user: agency });
  names = (dashboard.body.clients as { name: string }[]).map((c) => c.name);
  expect(names).toHaveLength(CLIENTS);
  session = await signedIn(agency, '/agency', desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

const clientList = () => session.page.getByRole('region', { name: 'Managed Client Businesses' }).getByRole('list');
const cards = () => clientList().getByRole('listitem');
const status = () => session.page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ clients$/ });

describe('the agency dashboard with 60 clients (issue 25 §1)', () => {
  it('draws the first 24 cards with the count as a status, and a Show more clients button', async () => {
    const { page } = session;
    await expectOnPage(page.getByRole('heading', { name: 'Bright Agency', level: 1 })).toBeVisible();
    await expectOnPage(cards()).toHaveCount(24);
    await expectOnPage(status()).toHaveText('Showing 24 of 60 clients');
    await expectOnPage(cards().nth(0)).toContainText(names[0]!);
    await expectOnPage(cards().nth(23)).toContainText(names[23]!);
    await expectOnPage(page.getByRole('heading', { name: names[24]!, exact: true })).toHaveCount(0);
    await expectOnPage(page.getByRole('button', { name: 'Show more clients' })).toBeVisible();
    await expectOnPage(page.getByRole('heading', { name: 'Active Clients', level: 3 }).locator('xpath=..')).toContainText('60');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-scale-01-first-page', { fullPage: false });
  });

  it('draws the next page when the end of the list comes near', async () => {
    const { page } = session;
    await cards().nth(23).scrollIntoViewIfNeeded();
    await expectOnPage(cards()).toHaveCount(48);
    await expectOnPage(status()).toHaveText('Showing 48 of 60 clients');
    await expectOnPage(cards().nth(47)).toContainText(names[47]!);
    // The new end is more than a screen away: nothing more until it comes near too.
    await page.waitForTimeout(500);
    await expectOnPage(cards()).toHaveCount(48);
  });

  it('shows the rest by keyboard with Show more clients, and focus lands on the first new card', async () => {
    const { page } = session;
    const more = page.getByRole('button', { name: 'Show more clients' });
    await more.focus();
    // Focusing it scrolls the end of the list near, which may show the last page by itself (focus then moves the same).
    if (await more.isVisible()) await page.keyboard.press('Enter');
    await expectOnPage(cards()).toHaveCount(CLIENTS);
    await expectOnPage(status()).toHaveText('Showing 60 of 60 clients');
    await expectOnPage(more).toHaveCount(0);
    // Focus is on the first control of card 49 (its payer select), so Tab carries on from there.
    await expectOnPage(page.getByLabel(`Billing for ${names[48]}`, { exact: true })).toBeFocused();
    await expectOnPage(cards().nth(59)).toContainText(names[59]!);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-scale-02-all-shown', { fullPage: false });
  });

  it("opens a later client's analytics, and changes a later client's payer and white-label (stored)", async () => {
    const { page } = session;
    const late = names[55]!;
    await page.getByRole('button', { name: `Analytics for ${late}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectOnPage(dialog.getByRole('heading', { name: `${late}: card scans` })).toBeVisible();
    await expectOnPage(dialog.getByText('Scans in the last 30 days')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-scale-03-late-analytics', { fullPage: false });
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toHaveCount(0);

    const payer = page.getByLabel(`Billing for ${names[57]}`, { exact: true });
    await payer.selectOption('direct');
    // A client the agency created has no billing e-mail: billed directly asks for one first (issue 40).
    const billingEmail = uniqueEmail('many-client-billing');
    const asking = page.getByRole('dialog', { name: `Bill ${names[57]} directly` });
    await asking.getByLabel(/Billing Email/).fill(billingEmail);
    await asking.getByRole('button', { name: 'Bill Directly' }).click();
    await expectOnPage(page.getByText(messages.agencyBilling.savedDirectTo(names[57]!, billingEmail))).toBeVisible();
    const businessId = (await page.getByRole('link', { name: `Manage ${names[57]}`, exact: true }).getAttribute('href'))!.split('/').pop()!;
    const stored = async () => (await (await tables()).agencyClient.get({ agencyId, businessId }).go({ consistent: true })).data?.billedTo;
    await expect.poll(stored, { timeout: 15_000 }).toBe('direct');
    // The refreshed list keeps every card shown.
    await expectOnPage(cards()).toHaveCount(CLIENTS);

    // A later client's white-label select too (issue 21 §1): off for this client alone, stored on its link.
    const whiteLabel = page.getByLabel(`White-label for ${names[58]}`, { exact: true });
    await whiteLabel.selectOption('off');
    await expectOnPage(page.getByText(messages.agency.clientWhiteLabelSaved(names[58]!, false))).toBeVisible();
    await expectOnPage(whiteLabel).toHaveValue('off');
    const otherId = (await page.getByRole('link', { name: `Manage ${names[58]}`, exact: true }).getAttribute('href'))!.split('/').pop()!;
    await expect.poll(async () => (await (await tables()).agencyClient.get({ agencyId, businessId: otherId }).go({ consistent: true })).data?.whiteLabel, { timeout: 15_000 }).toBe('off');
  });

  it('adds a client: it comes first and none is pushed out of the list (stored)', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Business Name/).fill('Zenith Late Client');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expectOnPage(page.getByText(messages.agency.clientAdded)).toBeVisible();
    await expectOnPage(cards()).toHaveCount(CLIENTS + 1);
    await expectOnPage(cards().nth(0)).toContainText('Zenith Late Client');
    await expectOnPage(status()).toHaveText('Showing 61 of 61 clients');
    const { data: links } = await (await tables()).agencyClient.query.primary({ agencyId }).go({ pages: 'all' });
    expect(links).toHaveLength(CLIENTS + 1);
  });

  it('on a 390 px phone: the first page, no sideways scroll, axe clean', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectOnPage(cards()).toHaveCount(24);
    await expectOnPage(status()).toHaveText('Showing 24 of 61 clients');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show more clients' }).scrollIntoViewIfNeeded();
    await shot(page, 'agency-scale-04-phone', { fullPage: false });
  });
});
