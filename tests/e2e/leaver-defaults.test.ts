// Leavers at scale in a real browser (issue 39): a business of 2,500 people (the size the issue asks the picker to
// work at). The owner sets a default successor and a Sales one in Company Settings by keyboard (searchable comboboxes,
// the WAI-ARIA pattern), and the Activity section names the change in words; the leaver dialog then starts at that
// default, and another person is found among the 2,500 by typing (timed) and picked with the arrows and Enter.
// axe-clean at 1280 and 390 px, no sideways scroll; the stored business defaults and leaver item are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage, type Page } from '@playwright/test';
import { messages } from '../../shared/messages';
import { axeViolations, horizontalOverflow } from '../support/axe';
import { desktop } from '../support/browser';
import { shot, signedIn, type BrowserSession } from '../support/e2e';
import { cardSharingCaughtUp, CATCH_UP_MS } from '../support/link-previews';
import { addEmployee, api, createOwnerWithBusiness, tables } from '../support/runtime';
import { BusinessDashboardPage } from './pages/business-dashboard-page';

const businessRepo = await import('../../functions/src/business/repository');
const { newId } = await import('../../functions/src/lib/ids');

const m = messages.leavers;
const phone390 = { width: 390, height: 844 };
const PEOPLE = 2_500;
const sessions: BrowserSession[] = [];
let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let leaver: Awaited<ReturnType<typeof addEmployee>>;
let quill: Awaited<ReturnType<typeof addEmployee>>;
let sara: Awaited<ReturnType<typeof addEmployee>>;
/** Person name → card id, of the crowd. */
const cards = new Map<string, string>();

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Crowd Co', website: 'https://crowd.example' });
  // First, so they sort onto the dashboard's first page.
  leaver = await addEmployee(owner.owner, owner.business.id, { name: 'Lena Leaving', department: 'Sales', status: 'active' });
  quill = await addEmployee(owner.owner, owner.business.id, { name: 'Quentin Quill', jobTitle: 'Head of Operations', status: 'active' });
  sara = await addEmployee(owner.owner, owner.business.id, { name: 'Sara Salesperson', jobTitle: 'Sales Director', department: 'Sales', status: 'active' });
  // The crowd, written through the repository's transaction, 24 people at a time (2,500 HTTP calls would test the HTTP
  // layer, not the picker), three transactions at once: each moves the business's counters, so one that meets another
  // there is tried again.
  const crowd = Array.from({ length: PEOPLE }, (_, i) => ({ employeeId: newId(), cardId: newId(), name: `Person ${String(i).padStart(4, '0')}` }));
  const batches = Array.from({ length: Math.ceil(PEOPLE / businessRepo.EMPLOYEES_PER_TRANSACTION) }, (_, i) => crowd.slice(i * businessRepo.EMPLOYEES_PER_TRANSACTION, (i + 1) * businessRepo.EMPLOYEES_PER_TRANSACTION));
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const rows = batch.map(({ employeeId, cardId, name }) => ({
          employee: { employeeId, businessId: owner.business.id, name, email: `${name.replace(' ', '-').toLowerCase()}@crowd.example`, jobTitle: 'Associate', status: 'active' as const, createdAt: new Date().toISOString() },
          card: { cardId, employeeId, businessId: owner.business.id, isActive: true, profile: { name, jobTitle: 'Associate' }, business: { name: 'Crowd Co', isActive: true } },
        }));
        for (let attempt = 0; ; attempt++) {
          try {
            await businessRepo.createEmployeesWithCards(rows, 'employees.imported');
            break;
          } catch (error) {
            if (!(error instanceof businessRepo.TransactionConflictError) || attempt > 20) throw error;
          }
        }
        for (const { name, cardId } of batch) cards.set(name, cardId);
      }
    }),
  );
  console.info(`${PEOPLE} people written in ${Date.now() - started} ms`);
  // The card-sharing worker renders the 2,500 cards' previews; waiting for it here keeps that work in this file (its
  // time is this file's, which the shards are balanced by, and the browser is not timed against a busy worker) instead
  // of in the next file that waits for the worker.
  await cardSharingCaughtUp();
}, 300_000 + CATCH_UP_MS);
afterAll(async () => {
  for (const s of sessions) await s.browser.close();
});

/**
 * Types into a combobox, waits for the search to answer with `count` options, moves `down` options and picks with
 * Enter; `listed` gets how long the options took to show after the last keystroke.
 */
async function pickByKeyboard(page: Page, combobox: ReturnType<Page['getByRole']>, text: string, count: number, down: number, listed?: (ms: number) => void) {
  await combobox.focus();
  // Its own list box (the dialog's native selects have options too).
  const list = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  await page.keyboard.type(text);
  const typed = Date.now();
  await expectOnPage(list.getByRole('option')).toHaveCount(count, { timeout: 15_000 });
  listed?.(Date.now() - typed);
  for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectOnPage(combobox).toHaveAttribute('aria-expanded', 'false');
}

describe('leavers in a business of 2,500', () => {
  it('sets the default successor and a Sales one in Company Settings by keyboard', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByRole('region', { name: m.defaultsTitle });
    await section.scrollIntoViewIfNeeded();
    const byDefault = section.getByRole('combobox', { name: m.defaultSuccessor });
    await expectOnPage(byDefault).toHaveValue(m.noSuccessor);

    // An empty search lists the first 20 of 2,503 by name and says to keep typing.
    await byDefault.focus();
    await page.keyboard.press('ArrowDown');
    await expectOnPage(section.getByRole('option')).toHaveCount(21, { timeout: 15_000 });
    await expectOnPage(section.getByRole('status').filter({ hasText: m.moreResults })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leaver-defaults-01-settings-open', { fullPage: false });
    await page.keyboard.press('Escape');

    await pickByKeyboard(page, byDefault, 'quill', 2, 2);
    await expectOnPage(byDefault).toHaveValue('Quentin Quill');

    await section.getByRole('button', { name: m.addDepartment }).click();
    const department = section.getByRole('textbox', { name: m.department });
    await expectOnPage(department).toBeFocused();
    await page.keyboard.type('Sales');
    const salesPicker = section.getByRole('combobox', { name: m.departmentSuccessor('Sales') });
    await pickByKeyboard(page, salesPicker, 'sales dir', 1, 1);
    await expectOnPage(salesPicker).toHaveValue('Sara Salesperson');
    await section.getByRole('button', { name: m.saveDefaults }).click();
    await expectOnPage(page.getByText(m.defaultsSaved)).toBeVisible();

    const business = (await (await tables()).business.get({ businessId: owner.business.id }).go({ consistent: true })).data!;
    expect(business.defaultSuccessorId).toBe(quill.id);
    expect(business.departmentSuccessors).toEqual([{ department: 'Sales', employeeId: sara.id }]);

    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'leaver-defaults-02-settings-390', { fullPage: false });

    // The change is in the Activity section, in words.
    await page.keyboard.press('Escape');
    await expectOnPage(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Activity', exact: true }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    const latest = activity.getByRole('region', { name: 'Activity entries' }).getByRole('listitem').first();
    await expectOnPage(latest).toContainText('Leaver defaults changed: Crowd Co');
    await expectOnPage(latest).toContainText('Changed: default successor, successors by department');
    await expectOnPage(latest).toContainText(`By ${owner.owner.email}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('starts the leaver dialog at the department’s default and finds anyone of the 2,500 by typing', async () => {
    const session = await signedIn(owner.owner, '/business', desktop);
    sessions.push(session);
    const { page } = session;
    await new BusinessDashboardPage(page).openEmployee('Lena Leaving');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m.dialogTitle('Lena Leaving') });
    const successor = dialog.getByRole('combobox', { name: m.cardWillSay('Lena Leaving', 'Crowd Co') });
    await expectOnPage(successor).toHaveValue(m.successorCard('Sara Salesperson'));

    // The search's own time at this size, then the wait a person sees after their last keystroke: logged, not bounded
    // here (timings belong in the bench; on a loaded CI machine a bound here failed a working search).
    const apiStarted = performance.now();
    const found = await api('GET', `/api/businesses/${owner.business.id}/people?q=${encodeURIComponent('person 2317')}&withCard=1`, { user: owner.owner });
    const apiMs = Math.round(performance.now() - apiStarted);
    expect(found.body.people.map((p: { name: string }) => p.name)).toEqual(['Person 2317']);
    let listedMs = 0;
    await pickByKeyboard(page, successor, 'person 2317', 2, 2, (ms) => (listedMs = ms));
    console.info(`people search among ${PEOPLE + 3}: the API answered in ${apiMs} ms; listed ${listedMs} ms after the last keystroke`);
    await expectOnPage(successor).toHaveValue(m.successorCard('Person 2317'));
    await page.setViewportSize(phone390);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leaver-defaults-03-dialog-390', { fullPage: false });

    await dialog.getByRole('button', { name: m.confirm, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectOnPage(page.getByText(m.deactivated('Lena Leaving'))).toBeVisible();
    const stored = (await (await tables()).leaver.get({ cardId: leaver.card.id }).go({ consistent: true })).data;
    expect(stored).toMatchObject({ name: 'Lena Leaving', successorCardId: cards.get('Person 2317'), successorName: 'Person 2317' });
  });
});
