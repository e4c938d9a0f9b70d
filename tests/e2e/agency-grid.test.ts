// The agency's client grid and its analytics across clients: search by name, filters (status, billed to, white-label)
// and sort (users, scans) over every client; the scans of every client per day with the business's own chart, the most
// scanned clients and their CSV; axe clean by keyboard at desktop and on a 390 px phone without sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { signedIn, shot, type BrowserSession } from '../support/e2e';
import { addClient, agencyWithSettings } from '../support/agencies';
import { addEmployee, api, scanCard, tables, type TestUser } from '../support/runtime';

const agencies = await import('../../functions/src/agency/repository');
const { newId } = await import('../../functions/src/lib/ids');

/** Quiet clients besides the three below, seeded through the repository as the bench seeds 500. */
const QUIET = 30;
let agency: TestUser;
let session: BrowserSession;

beforeAll(async () => {
  let agencyId: string;
  ({ user: agency, agencyId } = await agencyWithSettings());
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < QUIET) {
        const i = next++;
        await agencies.createClientBusiness(agencyId, { businessId: newId(), ownerId: agency.sub, name: `Quiet Client ${String(i).padStart(2, '0')}` });
      }
    }),
  );
  // Harbor Hotel: three people, one card scanned twice. Summit Studio: one person, scanned five times, billed directly.
  // Dormant Dental: switched off by an admin.
  const harbor = await addClient(agency, 'Harbor Hotel');
  const summit = await addClient(agency, 'Summit Studio');
  const dormant = await addClient(agency, 'Dormant Dental');
  const harborPeople = [await addEmployee(agency, harbor, { name: 'Hana Harbor' }), await addEmployee(agency, harbor, { name: 'Hugo Harbor' }), await addEmployee(agency, harbor, { name: 'Hal Harbor' })];
  const summitPerson = await addEmployee(agency, summit, { name: 'Sia Summit' });
  for (let i = 0; i < 2; i++) expect((await scanCard(harborPeople[0]!.card.id, { via: 'qr' })).status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await scanCard(summitPerson.card.id, { device: 'desktop' })).status).toBe(200);
  const db = await tables();
  await db.business.patch({ businessId: dormant }).set({ isActive: false }).go();
  await db.agencyClient.patch({ agencyId, businessId: summit }).set({ billedTo: 'direct' }).go();
  const dashboard = await api('GET', '/api/agency', { user: agency });
  expect(dashboard.body.clients).toHaveLength(QUIET + 3);
  session = await signedIn(agency, '/agency', desktop);
});
afterAll(async () => {
  await session?.browser.close();
});

const region = () => session.page.getByRole('region', { name: 'Managed Client Businesses' });
const cardNames = () => region().getByRole('list').getByRole('listitem').getByRole('heading', { level: 3 });
const matching = () => region().getByRole('status').filter({ hasText: /match$/ });
const analytics = () => session.page.getByRole('region', { name: 'Scans across your clients' });

describe('the agency client grid and analytics', () => {
  it('finds clients by name, by keyboard, and says how many match', async () => {
    const { page } = session;
    await expectOnPage(matching()).toHaveText('33 of 33 clients match');
    const search = region().getByLabel('Search clients by name');
    await search.focus();
    await page.keyboard.type('harb');
    await expectOnPage(matching()).toHaveText('1 of 33 clients match');
    await expectOnPage(cardNames()).toHaveText(['Harbor Hotel']);
    await page.keyboard.type('zzz');
    await expectOnPage(region().getByText('No clients match your search and filters.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await search.fill('');
    await expectOnPage(matching()).toHaveText('33 of 33 clients match');
  });

  it('filters by status, by who pays and by brand', async () => {
    const status = region().getByLabel('Status');
    await status.selectOption('inactive');
    await expectOnPage(cardNames()).toHaveText(['Dormant Dental']);
    await status.selectOption('all');
    const billedTo = region().getByLabel('Billed to', { exact: true });
    await billedTo.selectOption('direct');
    await expectOnPage(cardNames()).toHaveText(['Summit Studio']);
    await billedTo.selectOption('all');
    // No client shows the agency's brand (its white-label is off).
    await region().getByLabel('White-label', { exact: true }).selectOption('yes');
    await expectOnPage(matching()).toHaveText('0 of 33 clients match');
    await region().getByLabel('White-label', { exact: true }).selectOption('all');
    await expectOnPage(matching()).toHaveText('33 of 33 clients match');
  });

  it('sorts by users and by scans of the last 30 days, most first', async () => {
    const { page } = session;
    const sort = region().getByLabel('Sort by');
    await sort.selectOption('users');
    await expectOnPage(cardNames().first()).toHaveText('Harbor Hotel');
    await expectOnPage(cardNames().nth(1)).toHaveText('Summit Studio');
    await sort.selectOption('scans');
    await expectOnPage(cardNames().first()).toHaveText('Summit Studio');
    await expectOnPage(cardNames().nth(1)).toHaveText('Harbor Hotel');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-grid-01-sorted-by-scans', { fullPage: false });
    await sort.selectOption('newest');
    await expectOnPage(cardNames().first()).toHaveText('Dormant Dental');
  });

  it('shows the scans of every client per day, by source, device and client, and exports them as CSV', async () => {
    const { page } = session;
    await analytics().scrollIntoViewIfNeeded();
    await expectOnPage(analytics().getByText('Scans in the last 30 days').locator('xpath=..')).toContainText('7');
    await expectOnPage(analytics().getByRole('region', { name: 'By source' })).toContainText('QR code');
    await expectOnPage(analytics().getByRole('region', { name: 'By device' })).toContainText('Desktop');
    const top = analytics().getByRole('list').filter({ hasText: 'Summit Studio' });
    await expectOnPage(top.getByRole('listitem')).toHaveText(['1. Summit Studio5 scans', '2. Harbor Hotel2 scans']);
    await analytics().getByRole('button', { name: '7 days' }).click();
    await expectOnPage(analytics().getByText('Scans in the last 7 days').locator('xpath=..')).toContainText('7');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-grid-02-analytics', { fullPage: false });

    const [download] = await Promise.all([page.waitForEvent('download'), analytics().getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('client-scans-last-7-days.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFClient,Client ID,Scans,QR code,Shared link,/);
    expect(lines[1]).toMatch(/^Summit Studio,[^,]+,5,0,5,/);
    expect(lines[2]).toMatch(/^Harbor Hotel,[^,]+,2,2,0,/);
    expect(lines).toHaveLength(1 + QUIET + 3);
  });

  it('on a 390 px phone: the controls and the analytics fit, axe clean', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectOnPage(matching()).toHaveText('33 of 33 clients match');
    await region().getByLabel('Search clients by name').fill('Summit');
    await expectOnPage(cardNames()).toHaveText(['Summit Studio']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-grid-03-phone-search', { fullPage: false });
    await analytics().scrollIntoViewIfNeeded();
    await expectOnPage(analytics().getByText('Scans in the last 30 days')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'agency-grid-04-phone-analytics', { fullPage: false });
  });
});
