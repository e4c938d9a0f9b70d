// Leavers leave nothing public, and SCIM leavers get a way on (issue 39) over the real local runtime: Company Settings'
// default successor (a person, and one per department) is checked on the server and stored on the business; a SCIM
// deactivation then points the leaver's page at their department's successor, else the business's; the leaver's link
// preview object is deleted and the card no longer names it; the 410 page's share tags carry no image. The pickers'
// people search finds active people of the caller's business only.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { PEOPLE_SEARCH_LIMIT } from '../../shared/schemas/leavers';
import { CATCH_UP_MS, cardSharingCaughtUp, currentPreview } from '../support/link-previews';
import { mediaKeys } from '../support/uploads';
import { addEmployee, api, createOwnerWithBusiness, origin, tables, type TestUser } from '../support/runtime';

const m = messages.leavers;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

// A leaver's preview is made by the card-sharing worker first: it catches up with what files before changed.
beforeAll(cardSharingCaughtUp, CATCH_UP_MS + 20_000);

const putDefaults = (owner: TestUser, businessId: string, body: unknown) => api('PUT', `/api/businesses/${businessId}/leaver-defaults`, { user: owner, body });

async function storedBusiness(businessId: string) {
  return (await (await tables()).business.get({ businessId }).go({ consistent: true })).data!;
}

/** The business's stored log entries of leaver-defaults changes, oldest first: who, and which defaults changed. */
async function storedDefaultsChanges(businessId: string) {
  const { data } = await (await tables()).auditEntry.query.primary({ businessId }).go({ pages: 'all' });
  return data.filter((e) => e.action === 'business.leaverDefaultsChanged').map((e) => ({ actor: e.actorLabel, fields: e.fields }));
}

async function storedCard(cardId: string) {
  return (await (await tables()).card.get({ cardId }).go({ consistent: true })).data;
}

function scim(secret: string, method: string, path: string, body?: unknown) {
  return api(method, `/scim/v2${path}`, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${secret}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
  });
}

async function company() {
  const owned = await createOwnerWithBusiness({ name: 'Successor Sorts', website: 'https://successor.example' });
  const add = (name: string, overrides: Record<string, unknown> = {}) => addEmployee(owned.owner, owned.business.id, { name, status: 'active', ...overrides });
  const [head, salesHead, gone] = await Promise.all([add('Hana Head', { department: 'Operations' }), add('Sam Sales', { department: 'Sales' }), add('Ivy Inactive')]);
  const off = await api('POST', `/api/businesses/${owned.business.id}/employees/${gone.id}/deactivate`, { user: owned.owner, body: {} });
  expect(off.status).toBe(200);
  return { ...owned, head, salesHead, gone, add };
}

describe('Company Settings: the default successor', () => {
  it('stores an active person and one per department, and shows them back', async () => {
    const { owner, business, head, salesHead } = await company();
    expect((await api('GET', `/api/businesses/${business.id}/leaver-defaults`, { user: owner })).body).toEqual({ successor: null, departments: [] });

    const res = await putDefaults(owner, business.id, { successorEmployeeId: head.id, departments: [{ department: ' Sales ', successorEmployeeId: salesHead.id }] });
    expect(res.status, res.text).toBe(200);
    const expected = {
      successor: { employeeId: head.id, name: 'Hana Head', active: true },
      departments: [{ department: 'Sales', successor: { employeeId: salesHead.id, name: 'Sam Sales', active: true } }],
    };
    expect(res.body).toEqual(expected);
    expect((await api('GET', `/api/businesses/${business.id}/leaver-defaults`, { user: owner })).body).toEqual(expected);
    const stored = await storedBusiness(business.id);
    expect(stored.defaultSuccessorId).toBe(head.id);
    expect(stored.departmentSuccessors).toEqual([{ department: 'Sales', employeeId: salesHead.id }]);
    // Logged like other settings changes: the Activity section lists it, naming which defaults changed.
    const log = await api('GET', `/api/businesses/${business.id}/activity`, { user: owner });
    expect(log.status, log.text).toBe(200);
    expect(log.body.entries[0]).toMatchObject({ action: 'business.leaverDefaultsChanged', actor: { type: 'user', label: owner.email }, target: { type: 'business', id: business.id, label: 'Successor Sorts' }, fields: ['defaultSuccessor', 'departmentSuccessors'] });
    // Saving the same again changes nothing, and logs nothing.
    expect((await putDefaults(owner, business.id, { successorEmployeeId: head.id, departments: [{ department: 'Sales', successorEmployeeId: salesHead.id }] })).status).toBe(200);
    expect(await storedDefaultsChanges(business.id)).toEqual([{ actor: owner.email, fields: ['defaultSuccessor', 'departmentSuccessors'] }]);

    // Cleared: nothing stored.
    const cleared = await putDefaults(owner, business.id, { successorEmployeeId: null, departments: [] });
    expect(cleared.body).toEqual({ successor: null, departments: [] });
    const after = await storedBusiness(business.id);
    expect(after.defaultSuccessorId).toBeUndefined();
    expect(after.departmentSuccessors).toBeUndefined();
    expect(await storedDefaultsChanges(business.id)).toHaveLength(2);
  });

  it('refuses an inactive person, another business’s person, an unknown id and a department listed twice, storing nothing', async () => {
    const { owner, business, head, gone } = await company();
    const other = await createOwnerWithBusiness();
    const stranger = await addEmployee(other.owner, other.business.id, { name: 'Stan Stranger', status: 'active' });
    expect((await putDefaults(owner, business.id, { successorEmployeeId: head.id, departments: [] })).status).toBe(200);
    const before = await storedBusiness(business.id);

    const inactive = await putDefaults(owner, business.id, { successorEmployeeId: gone.id, departments: [{ department: 'Sales', successorEmployeeId: stranger.id }] });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error.fieldErrors).toEqual({ successorEmployeeId: m.defaultSuccessorNotActive, 'departments.0.successorEmployeeId': m.defaultSuccessorNotActive });
    const unknown = await putDefaults(owner, business.id, { successorEmployeeId: 'emp-doesnotexist00', departments: [] });
    expect(unknown.status).toBe(400);
    const twice = await putDefaults(owner, business.id, { successorEmployeeId: null, departments: [{ department: 'Sales', successorEmployeeId: head.id }, { department: 'sales', successorEmployeeId: head.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fieldErrors).toMatchObject({ 'departments.1.department': m.departmentTwice });
    const after = await storedBusiness(business.id);
    expect(after.defaultSuccessorId).toBe(before.defaultSuccessorId);
    expect(after.departmentSuccessors).toEqual(before.departmentSuccessors);
    expect(after.updatedAt).toBe(before.updatedAt);
    // Only the accepted save is in the log.
    expect(await storedDefaultsChanges(business.id)).toEqual([{ actor: owner.email, fields: ['defaultSuccessor'] }]);
  });
});

describe('a SCIM leaver', () => {
  it('points to their department’s successor, else the business’s, loses their link preview and shares no image', async () => {
    const { owner, business, head, salesHead } = await company();
    expect((await putDefaults(owner, business.id, { successorEmployeeId: head.id, departments: [{ department: 'sales', successorEmployeeId: salesHead.id }] })).status).toBe(200);
    const token = await api('POST', `/api/businesses/${business.id}/scim-tokens`, { user: owner, body: { name: 'Okta' } });
    expect(token.status).toBe(201);
    const secret = token.body.secret as string;

    // Two people provisioned by the directory: one in Sales, one in Support (no successor of its own).
    const create = async (userName: string, given: string, department: string) => {
      const res = await scim(secret, 'POST', '/Users', { schemas: [USER, ENTERPRISE], userName, name: { givenName: given, familyName: 'Leaver' }, emails: [{ value: userName, primary: true }], active: true, [ENTERPRISE]: { department } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const employee = (await (await tables()).employee.get({ employeeId: res.body.id }).go({ consistent: true })).data!;
      return { id: res.body.id as string, cardId: employee.cardId! };
    };
    const seller = await create(`sel-${Date.now()}@successor.example`, 'Selma', 'Sales');
    const helper = await create(`hel-${Date.now()}@successor.example`, 'Helga', 'Support');
    const preview = await currentPreview(seller.cardId);
    const previewKey = preview.slice(`${origin}/media/`.length);
    expect(await mediaKeys(`previews/${seller.cardId}/`)).toEqual([previewKey]);

    for (const user of [seller, helper]) {
      const off = await scim(secret, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    }
    const db = await tables();
    expect((await db.leaver.get({ cardId: seller.cardId }).go({ consistent: true })).data).toMatchObject({ successorCardId: salesHead.card.id, successorName: 'Sam Sales' });
    expect((await db.leaver.get({ cardId: helper.cardId }).go({ consistent: true })).data).toMatchObject({ successorCardId: head.card.id, successorName: 'Hana Head' });

    // The page a visitor (or a chat app) gets: who left, the successor's card; no image of the person.
    const page = await fetch(`${origin}/card/${seller.cardId}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(`<a class="btn" href="/card/${salesHead.card.id}">${m.successorCard('Sam Sales')}</a>`);
    expect(html).toContain(`<meta property="og:title" content="${m.gone('Selma Leaver', 'Successor Sorts')}">`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/card/${seller.cardId}">`);
    for (const absent of ['og:image', 'twitter:image', '/media/previews/', '/media/photos/']) expect(html).not.toContain(absent);

    // Stored: the preview object is gone from the media bucket and the card no longer names it.
    await expect.poll(async () => (await storedCard(seller.cardId))?.previewImageUrl, { timeout: 20_000 }).toBeUndefined();
    expect(await mediaKeys(`previews/${seller.cardId}/`)).toEqual([]);
    expect((await fetch(preview)).status).toBe(404);
    expect((await storedCard(seller.cardId))?.isActive).toBe(false);
  });

  it('passes over a default successor who left since, and the owner’s explicit "none" wins over the default', async () => {
    const { owner, business, head, add } = await company();
    const deputy = await add('Dora Deputy', { department: 'Finance' });
    expect((await putDefaults(owner, business.id, { successorEmployeeId: head.id, departments: [{ department: 'Finance', successorEmployeeId: deputy.id }] })).status).toBe(200);
    expect((await api('POST', `/api/businesses/${business.id}/employees/${deputy.id}/deactivate`, { user: owner, body: {} })).status).toBe(200);

    const clerk = await add('Finn Finance', { department: 'Finance' });
    const preview = await api('GET', `/api/businesses/${business.id}/employees/${clerk.id}/leaving`, { user: owner });
    expect(preview.body.defaultSuccessor).toEqual({ employeeId: head.id, cardId: head.card.id, name: 'Hana Head' });
    expect((await api('POST', `/api/businesses/${business.id}/employees/${clerk.id}/deactivate`, { user: owner, body: {} })).status).toBe(200);
    expect((await (await tables()).leaver.get({ cardId: clerk.card.id }).go({ consistent: true })).data?.successorCardId).toBe(head.card.id);

    const other = await add('Nora None', { department: 'Finance' });
    expect((await api('POST', `/api/businesses/${business.id}/employees/${other.id}/deactivate`, { user: owner, body: { successorCardId: null } })).status).toBe(200);
    expect((await (await tables()).leaver.get({ cardId: other.card.id }).go({ consistent: true })).data?.successorCardId).toBeUndefined();
    expect(await (await fetch(`${origin}/card/${other.card.id}`)).text()).toContain(m.companyLead('Successor Sorts'));
  });
});

describe('the pickers’ people search', () => {
  it('finds active people of the caller’s business by any word of name, title, department or e-mail, at most 20, never the excluded one', async () => {
    const { owner, business, head, gone, add } = await company();
    const other = await createOwnerWithBusiness();
    await addEmployee(other.owner, other.business.id, { name: 'Hana Elsewhere', status: 'active' });
    const search = (query: string) => api('GET', `/api/businesses/${business.id}/people?${query}`, { user: owner });

    const found = await search('q=hana');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ people: [{ employeeId: head.id, name: 'Hana Head', jobTitle: 'Engineer', department: 'Operations', cardId: head.card.id }], more: false });
    expect((await search('q=operations%20HEAD')).body.people.map((p: { name: string }) => p.name)).toEqual(['Hana Head']);
    expect((await search(`q=hana&exclude=${head.id}`)).body.people).toEqual([]);
    expect((await search('q=ivy')).body.people).toEqual([]);
    expect(gone.id).toBeTruthy();

    // Their e-mails carry no digit but their number (the search also reads e-mails, and a random hex one could hold any).
    const tag = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
    await Promise.all(Array.from({ length: PEOPLE_SEARCH_LIMIT + 2 }, (_, i) => add(`Zed Many ${String(i).padStart(2, '0')}`, { email: `zed.many.${String(i).padStart(2, '0')}.${tag}@people.example` })));
    const many = await search('q=zed');
    expect(many.body.people).toHaveLength(PEOPLE_SEARCH_LIMIT);
    expect(many.body.more).toBe(true);
    expect(many.body.people[0].name).toBe('Zed Many 00');
    expect((await search('q=zed%20many%2021')).body.people.map((p: { name: string }) => p.name)).toEqual(['Zed Many 21']);
  });
});
