// An employee's life over the API (issue 8 §3, §4, §7): edits and status changes with their card, counters and
// public page; e-mail guard swaps; role changes of a linked user; delete rules and what a delete leaves (nothing);
// Create Business Card; the employee's own profile.
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { portalMessages } from '../../shared/messages/portal';
import { addEmployee, api, createOwnerWithBusiness, createUser, origin, tables, uniqueEmail, type TestUser, scanCard } from '../support/runtime';
import { itemsMentioning } from '../support/table-fingerprint';

type Owner = Awaited<ReturnType<typeof createOwnerWithBusiness>>;

/** A signed-in user linked to an employee, as accepting an invitation links one. */
async function linkUser(businessId: string, employeeId: string, role: 'employee' | 'owner' = 'employee'): Promise<TestUser> {
  const user = await createUser();
  const db = await tables();
  await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: businessId, role, employeeId }).go();
  await db.employee.patch({ employeeId }).set({ userId: user.sub }).go();
  return user;
}

const edit = (overrides: Record<string, unknown> = {}) => ({
  name: 'Erin Employee',
  email: uniqueEmail('erin'),
  jobTitle: 'Engineer',
  officePhone: '+1 555 0100',
  role: 'employee',
  status: 'active',
  ...overrides,
});

async function counters(businessId: string) {
  const db = await tables();
  const { data } = await db.business.get({ businessId }).go({ consistent: true });
  return { employees: data!.employeeCount, billable: data!.billableEmployeeCount, cards: data!.cardCount, activeCards: data!.activeCardCount };
}

async function put(owner: Owner, employeeId: string, body: Record<string, unknown>) {
  return api('PUT', `/api/businesses/${owner.business.id}/employees/${employeeId}`, { user: owner.owner, body });
}

describe('editing an employee', () => {
  it('moves the card, the counters and the public page with every status change, and copies the profile onto the card', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const email = uniqueEmail('erin');
    const card = `${origin}/card/${employee.card.id}`;
    expect((await fetch(card)).status).toBe(200);

    const inactive = await put(owner, employee.id, edit({ email, status: 'inactive', jobTitle: 'Lead Engineer' }));
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ status: 'inactive', jobTitle: 'Lead Engineer', card: { id: employee.card.id, isActive: false } });
    expect(await counters(owner.business.id)).toEqual({ employees: 1, billable: 1, cards: 1, activeCards: 0 });
    // Inactive is leaving (issue 23 §2, tests/integration/leavers.test.ts): the page says so, 410.
    const hidden = await fetch(card);
    expect(hidden.status).toBe(410);
    expect(await hidden.text()).toContain(messages.leavers.gone('Erin Employee', owner.business.name));

    expect((await put(owner, employee.id, edit({ email, status: 'draft' }))).body.card.isActive).toBe(false);
    expect(await counters(owner.business.id)).toEqual({ employees: 1, billable: 0, cards: 1, activeCards: 0 });

    const active = await put(owner, employee.id, edit({ email, status: 'active', name: 'Erin Renamed', jobTitle: 'CTO' }));
    expect(active.body.card.isActive).toBe(true);
    expect(await counters(owner.business.id)).toEqual({ employees: 1, billable: 1, cards: 1, activeCards: 1 });
    const shown = await fetch(card);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('Erin Renamed');
    expect(html).toContain('CTO');

    const db = await tables();
    const stored = (await db.card.get({ cardId: employee.card.id }).go()).data!;
    expect(stored).toMatchObject({ isActive: true, profile: { name: 'Erin Renamed', jobTitle: 'CTO', email } });
  });

  it('stores a cleared optional field as absent and shows it as null', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id);
    const res = await put(owner, employee.id, edit({ jobTitle: '', officePhone: '   ', department: null }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jobTitle: null, officePhone: null, department: null });
    const db = await tables();
    const stored = (await db.employee.get({ employeeId: employee.id }).go()).data!;
    expect(stored).not.toHaveProperty('jobTitle');
    expect(stored).not.toHaveProperty('officePhone');
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.profile).not.toHaveProperty('jobTitle');
  });

  it('moves the e-mail guard with the address, and refuses an address another employee has (any case) without changing anything', async () => {
    const owner = await createOwnerWithBusiness();
    const first = await addEmployee(owner.owner, owner.business.id);
    const second = await addEmployee(owner.owner, owner.business.id);
    const db = await tables();
    const oldEmail = (await db.employee.get({ employeeId: first.id }).go()).data!.email;
    const newEmail = uniqueEmail('moved');

    expect((await put(owner, first.id, edit({ email: newEmail }))).status).toBe(200);
    expect((await db.employeeEmailGuard.get({ businessId: owner.business.id, email: oldEmail.toLowerCase() }).go()).data).toBeNull();
    expect((await db.employeeEmailGuard.get({ businessId: owner.business.id, email: newEmail }).go()).data?.employeeId).toBe(first.id);

    const taken = await put(owner, second.id, edit({ email: newEmail.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.fieldErrors).toEqual({ email: messages.employee.emailTaken });
    const secondEmail = (await db.employee.get({ employeeId: second.id }).go()).data!.email;
    expect(secondEmail).not.toBe(newEmail);
    expect((await db.employeeEmailGuard.get({ businessId: owner.business.id, email: secondEmail.toLowerCase() }).go()).data?.employeeId).toBe(second.id);

    // The freed address may be used again.
    expect((await put(owner, second.id, edit({ email: oldEmail }))).status).toBe(200);
  });

  it('gives a linked user the role their profile gets: Owner lets them manage the business, Employee takes it back', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id);
    const user = await linkUser(owner.business.id, employee.id);
    const dashboard = () => api('GET', `/api/businesses/${owner.business.id}/dashboard`, { user });
    expect((await dashboard()).status).toBe(403);

    expect((await put(owner, employee.id, edit({ role: 'owner' }))).body.role).toBe('owner');
    const db = await tables();
    expect((await db.membership.get({ userId: user.sub, scopeType: 'business', scopeId: owner.business.id }).go()).data).toMatchObject({ role: 'owner', employeeId: employee.id });
    expect((await dashboard()).status).toBe(200);

    expect((await put(owner, employee.id, edit({ role: 'employee' }))).status).toBe(200);
    expect((await dashboard()).status).toBe(403);
  });

  it('keeps the Owner role on the profile of the person who created the business', async () => {
    const owner = await createOwnerWithBusiness();
    const own = await addEmployee(owner.owner, owner.business.id, { role: 'owner', email: owner.owner.email });
    const db = await tables();
    await db.membership.patch({ userId: owner.owner.sub, scopeType: 'business', scopeId: owner.business.id }).set({ employeeId: own.id }).go();
    await db.employee.patch({ employeeId: own.id }).set({ userId: owner.owner.sub }).go();

    const res = await put(owner, own.id, edit({ email: owner.owner.email, role: 'employee' }));
    expect(res.status).toBe(409);
    expect(res.body.error.fieldErrors).toEqual({ role: messages.employee.ownerStaysOwner });
    expect((await db.employee.get({ employeeId: own.id }).go()).data!.role).toBe('owner');
    expect((await db.membership.get({ userId: owner.owner.sub, scopeType: 'business', scopeId: owner.business.id }).go()).data!.role).toBe('owner');
  });

  it('answers 404 for an employee of another business named under this one', async () => {
    const owner = await createOwnerWithBusiness();
    const other = await createOwnerWithBusiness();
    const theirs = await addEmployee(other.owner, other.business.id);
    expect((await put(owner, theirs.id, edit())).status).toBe(404);
    expect((await api('DELETE', `/api/businesses/${owner.business.id}/employees/${theirs.id}`, { user: owner.owner })).status).toBe(404);
  });
});

describe('deleting an employee', () => {
  it('refuses an active employee and an owner, with the reason', async () => {
    const owner = await createOwnerWithBusiness();
    const active = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const inactiveOwner = await addEmployee(owner.owner, owner.business.id, { status: 'inactive', role: 'owner' });
    const del = (id: string) => api('DELETE', `/api/businesses/${owner.business.id}/employees/${id}`, { user: owner.owner });

    const refusedActive = await del(active.id);
    expect(refusedActive.status).toBe(409);
    expect(refusedActive.body.error.message).toBe(messages.employee.deleteOnlyInactive);
    const refusedOwner = await del(inactiveOwner.id);
    expect(refusedOwner.status).toBe(409);
    expect(refusedOwner.body.error.message).toBe(messages.employee.deleteNotOwner);
    expect(await counters(owner.business.id)).toEqual({ employees: 2, billable: 2, cards: 2, activeCards: 1 });
  });

  it('removes the employee, card, scan totals and per-day counts, e-mail guard, membership and QR images, and the card page says Card Not Found', async () => {
    const owner = await createOwnerWithBusiness();
    const keep = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const user = await linkUser(owner.business.id, employee.id);
    const cardPage = `${origin}/card/${employee.card.id}`;
    for (let i = 0; i < 3; i++) expect((await scanCard(employee.card.id)).status).toBe(200);
    const db = await tables();
    expect((await db.cardScanDay.query.primary({ cardId: employee.card.id }).go()).data.length).toBeGreaterThan(0);
    const qr = (await db.card.get({ cardId: employee.card.id }).go()).data!;

    expect((await put(owner, employee.id, edit({ status: 'inactive' }))).status).toBe(200);
    const res = await api('DELETE', `/api/businesses/${owner.business.id}/employees/${employee.id}`, { user: owner.owner });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    // Only the card's tombstone (issue 23 §2) and the business's audit log (issue 23 §3) still name them: old QR codes
    // still say who left, and what was done to them stays on record.
    const left = await itemsMentioning(employee.id, employee.card.id);
    expect(left.filter((item) => item.__edb_e__ !== 'auditEntry').map((item) => item.__edb_e__)).toEqual(['leaver']);
    expect(left.filter((item) => item.__edb_e__ === 'auditEntry').map((item) => item.action)).toContain('employee.deleted');
    expect((await db.membership.query.primary({ userId: user.sub }).go()).data).toEqual([]);
    expect(await counters(owner.business.id)).toEqual({ employees: 1, billable: 1, cards: 1, activeCards: 1 });
    for (const url of [qr.qrCodeUrl!, qr.qrSvgUrl!]) expect((await fetch(url)).status).toBe(404);
    const gone = await fetch(cardPage);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(messages.leavers.gone('Erin Employee', owner.business.name));

    // The other employee is untouched; the deleted one is simply not found any more.
    expect((await fetch(`${origin}/card/${keep.card.id}`)).status).toBe(200);
    expect((await api('DELETE', `/api/businesses/${owner.business.id}/employees/${employee.id}`, { user: owner.owner })).status).toBe(404);
    expect((await api('GET', '/api/me/employee', { user })).status).toBe(404);
  });
});

describe('Create Business Card', () => {
  it('gives an employee without a card one, with its QR code, once', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const db = await tables();
    await db.card.delete({ cardId: employee.card.id }).go();
    await db.cardScanTotal.delete({ cardId: employee.card.id }).go();
    await db.employee.patch({ employeeId: employee.id }).remove(['cardId']).go();
    await db.business.patch({ businessId: owner.business.id }).add({ cardCount: -1, activeCardCount: -1 }).go();

    const create = () => api('POST', `/api/businesses/${owner.business.id}/employees/${employee.id}/card`, { user: owner.owner });
    const [first, second] = await Promise.all([create(), create()]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const created = first.status === 201 ? first : second;
    expect(created.body.card).toMatchObject({ isActive: true, cardUrl: expect.stringMatching(/\/card\//) });
    expect(created.body.card.qrCodeUrl).toMatch(/\.png$/);
    expect((await fetch(created.body.card.qrCodeUrl)).status).toBe(200);
    expect((await db.employee.get({ employeeId: employee.id }).go()).data!.cardId).toBe(created.body.card.id);
    expect(await counters(owner.business.id)).toEqual({ employees: 1, billable: 1, cards: 1, activeCards: 1 });
    expect((await fetch(created.body.card.cardUrl)).status).toBe(200);
  });
});

describe("the employee's own profile", () => {
  it('reads the linked employee with card and business look, saves profile fields only, and keeps role and status', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id, { status: 'active' });
    const user = await linkUser(owner.business.id, employee.id);

    const mine = await api('GET', '/api/me/employee', { user });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      employee: { id: employee.id, status: 'active', card: { id: employee.card.id, isActive: true } },
      business: { id: owner.business.id, name: owner.business.name },
      isOwner: false,
    });

    // An employee picks a department from the business's list (departments are records the owner keeps).
    expect((await api('POST', `/api/businesses/${owner.business.id}/departments`, { user: owner.owner, body: { name: 'Design' } })).status).toBe(201);
    const email = uniqueEmail('self');
    const saved = await api('PUT', '/api/me/employee', { user, body: { name: 'Erin Self', email, mobilePhone: '+1 555 0199', department: 'Design' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Erin Self', email, mobilePhone: '+1 555 0199', department: 'Design', role: 'employee', status: 'active' });
    const db = await tables();
    expect((await db.card.get({ cardId: employee.card.id }).go()).data!.profile).toMatchObject({ name: 'Erin Self', department: 'Design' });

    const promote = await api('PUT', '/api/me/employee', { user, body: { name: 'Erin Self', email, role: 'owner', status: 'active' } });
    expect(promote.status).toBe(400);
    expect((await db.employee.get({ employeeId: employee.id }).go()).data!.role).toBe('employee');
  });

  it('lets the card’s own employee regenerate its QR code, and nobody else in the business who is not a manager', async () => {
    const owner = await createOwnerWithBusiness();
    const employee = await addEmployee(owner.owner, owner.business.id);
    const colleague = await addEmployee(owner.owner, owner.business.id);
    const user = await linkUser(owner.business.id, employee.id);
    const other = await linkUser(owner.business.id, colleague.id);
    const path = `/api/businesses/${owner.business.id}/cards/${employee.card.id}/qr`;
    expect((await api('POST', path, { user })).status).toBe(200);
    expect((await api('POST', path, { user: other })).status).toBe(403);
  });

  it('is Profile Not Found for a user with no employee record', async () => {
    const owner = await createOwnerWithBusiness();
    const res = await api('GET', '/api/me/employee', { user: owner.owner });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(portalMessages.profileNotFoundTitle);
  });
});
