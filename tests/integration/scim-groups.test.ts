// SCIM groups, errors and attribute selection over the real local runtime: Okta's Push Groups and Entra ID's group
// provisioning request shapes (their documented bodies), checking the SCIM answers AND the stored group, membership
// items, employees' departments and their cards' public copy; SCIM errors for unknown paths, wrong methods, bad
// filters and taken names; attributes/excludedAttributes; and a burst of 200 creates, 10 at a time.
import { beforeAll, describe, expect, it } from 'vitest';
import { directorySyncMessages } from '../../shared/messages/directory-sync';
import { api, createOwnerWithBusiness, tables, uniqueEmail, type TestUser } from '../support/runtime';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

function scim(secret: string, method: string, path: string, body?: unknown) {
  return api(method, `/scim/v2${path}`, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${secret}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
  });
}

function expectScimError(res: { status: number; body: unknown; headers: Headers }, status: number, scimType?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(res.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
}

async function newToken(owner: TestUser, businessId: string, name = 'Okta') {
  const res = await api('POST', `/api/businesses/${businessId}/scim-tokens`, { user: owner, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body as { token: { id: string }; secret: string };
}

async function provision(secret: string, given = 'Gus') {
  const email = uniqueEmail('grp');
  const res = await scim(secret, 'POST', '/Users', { schemas: [USER], userName: email, name: { givenName: given, familyName: 'Member' }, emails: [{ value: email, type: 'work', primary: true }], active: true });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function stored(employeeId: string) {
  const db = await tables();
  const employee = (await db.employee.get({ employeeId }).go({ consistent: true })).data!;
  const card = (await db.card.get({ cardId: employee.cardId! }).go({ consistent: true })).data!;
  return { department: employee.department ?? null, cardDepartment: card.profile.department ?? null };
}

async function storedMembers(groupId: string) {
  const db = await tables();
  return (await db.scimGroupMember.query.primary({ groupId }).go({ pages: 'all' })).data.map((m) => m.employeeId).sort();
}

let owner: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let secret: string;

beforeAll(async () => {
  owner = await createOwnerWithBusiness({ name: 'Group Works' });
  secret = (await newToken(owner.owner, owner.business.id)).secret;
});

describe('Okta Push Groups', () => {
  it('creates a group with members, renames it, adds and removes members — departments follow', async () => {
    const [u1, u2, u3] = [await provision(secret, 'Ada'), await provision(secret, 'Bo'), await provision(secret, 'Cy')];
    // Okta looks the group up by name first.
    const lookup = await scim(secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Bakers"')}&startIndex=1&count=100`);
    expect(lookup.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Bakers', members: [{ value: u1, display: 'Ada' }, { value: u2 }] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toMatch(new RegExp(`/scim/v2/Groups/${id}$`));
    expect(created.body).toMatchObject({ schemas: [GROUP], id, displayName: 'Bakers', meta: { resourceType: 'Group' } });
    expect(created.body.members.map((m: { value: string }) => m.value).sort()).toEqual([u1, u2].sort());
    expect(await storedMembers(id)).toEqual([u1, u2].sort());
    expect(await stored(u1)).toEqual({ department: 'Bakers', cardDepartment: 'Bakers' });
    expect((await stored(u3)).department).toBeNull();

    // The lookup, case-insensitively (displayName is caseExact false).
    const found = await scim(secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "bakers"')}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id, displayName: 'Bakers' }] });

    // Okta: replace without a path ({ id, displayName }) renames.
    const renamed = await scim(secret, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id, displayName: 'Pastry' } }] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.displayName).toBe('Pastry');
    expect(await stored(u1)).toEqual({ department: 'Pastry', cardDepartment: 'Pastry' });
    expect((await stored(u2)).department).toBe('Pastry');

    // Okta: add and remove members in one PATCH (remove by a value filter).
    const moved = await scim(secret, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: u3, display: 'Cy' }] },
        { op: 'remove', path: `members[value eq "${u1}"]` },
      ],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await storedMembers(id)).toEqual([u2, u3].sort());
    expect(await stored(u1)).toEqual({ department: null, cardDepartment: null });
    expect((await stored(u3)).department).toBe('Pastry');

    // The dashboard shows the departments the directory set.
    const dashboard = await api('GET', `/api/businesses/${owner.business.id}/dashboard`, { user: owner.owner });
    const byId = new Map((dashboard.body.employees as { id: string; department: string | null }[]).map((e) => [e.id, e.department]));
    expect([byId.get(u1), byId.get(u2), byId.get(u3)]).toEqual([null, 'Pastry', 'Pastry']);

    // A member whose department was changed by hand keeps it when the group lets them go.
    await (await tables()).employee.patch({ employeeId: u2 }).set({ department: 'Front of house' }).go();
    expect((await scim(secret, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect(await stored(u2)).toMatchObject({ department: 'Front of house' });
    expect(await stored(u3)).toEqual({ department: null, cardDepartment: null });
    expect(await storedMembers(id)).toEqual([]);
    expect((await (await tables()).scimGroup.get({ groupId: id }).go()).data).toBeNull();
    expectScimError(await scim(secret, 'GET', `/Groups/${id}`), 404);
    // The name is free again.
    expect((await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Pastry' })).status).toBe(201);
  });

  it('PUT replaces the name and the members', async () => {
    const [u1, u2] = [await provision(secret), await provision(secret)];
    const created = await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Ovens', members: [{ value: u1 }] });
    const id = created.body.id as string;
    const put = await scim(secret, 'PUT', `/Groups/${id}`, { schemas: [GROUP], id, displayName: 'Hot Ovens', members: [{ value: u2 }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ displayName: 'Hot Ovens', members: [{ value: u2 }] });
    expect(await storedMembers(id)).toEqual([u2]);
    expect((await stored(u1)).department).toBeNull();
    expect(await stored(u2)).toEqual({ department: 'Hot Ovens', cardDepartment: 'Hot Ovens' });
  });
});

describe('Entra ID group provisioning', () => {
  it('creates with externalId, adds with "Add" and a value list, removes with a value list, replaces displayName', async () => {
    const [u1, u2] = [await provision(secret, 'Eve'), await provision(secret, 'Finn')];
    // Entra's create: externalId and displayName, no members.
    const created = await scim(secret, 'POST', '/Groups', { schemas: [GROUP], externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName: 'Group1DisplayName', members: [] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName: 'Group1DisplayName', members: [] });
    // Entra's lookup excludes members.
    const lookup = await scim(secret, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Group1DisplayName"')}`);
    expect(lookup.body.Resources).toEqual([{ schemas: [GROUP], id, externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName: 'Group1DisplayName', meta: expect.any(Object) }]);

    const added = await scim(secret, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Add', path: 'members', value: [{ value: u1 }, { value: u2 }] }] });
    expect(added.status, added.text).toBe(200);
    expect(await storedMembers(id)).toEqual([u1, u2].sort());
    expect((await stored(u2)).department).toBe('Group1DisplayName');

    const removed = await scim(secret, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members', value: [{ value: u1 }] }] });
    expect(removed.status, removed.text).toBe(200);
    expect(await storedMembers(id)).toEqual([u2]);
    expect((await stored(u1)).department).toBeNull();

    const renamed = await scim(secret, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'displayName', value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' }] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await stored(u2)).toEqual({ department: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName', cardDepartment: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' });
    // A deleted user leaves its groups.
    await scim(secret, 'PATCH', `/Users/${u2}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect((await scim(secret, 'DELETE', `/Users/${u2}`)).status).toBe(204);
    expect(await storedMembers(id)).toEqual([]);
  });
});

describe('SCIM errors', () => {
  it('answers unknown paths, wrong methods, bad filters, taken names and bad members with SCIM errors, writing nothing', async () => {
    expectScimError(await scim(secret, 'GET', '/Nope'), 404);
    expectScimError(await scim(secret, 'GET', '/Users/a/b/c'), 404);
    expectScimError(await api('GET', '/scim/v2/Bulk'), 404);
    const wrong = await scim(secret, 'DELETE', '/Users');
    expectScimError(wrong, 405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expectScimError(await scim(secret, 'POST', '/Bulk', { schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'], Operations: [] }), 404);
    expectScimError(await scim(secret, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim(secret, 'GET', `/Users?filter=${encodeURIComponent('userName xx "a"')}`), 400, 'invalidFilter');
    expectScimError(await scim(secret, 'GET', '/Schemas/urn:example:nope'), 404);
    expectScimError(await scim(secret, 'GET', '/ResourceTypes/Printer'), 404);

    const taken = await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Unique Name' });
    expect(taken.status).toBe(201);
    const before = (await (await tables()).scimGroup.query.byBusiness({ businessId: owner.business.id }).go({ pages: 'all' })).data.length;
    expectScimError(await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'UNIQUE NAME' }), 409, 'uniqueness');
    expectScimError(await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'X', members: [{ value: 'AAAAAAAAAAAAAAAAAAAAAA' }] }), 400, 'invalidValue');
    expectScimError(await scim(secret, 'POST', '/Groups', { schemas: [GROUP] }), 400, 'invalidValue');
    expectScimError(await scim(secret, 'PATCH', `/Groups/${taken.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'owner', value: 'x' }] }), 400, 'invalidPath');
    expectScimError(await scim(secret, 'PATCH', `/Groups/${taken.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: Array.from({ length: 101 }, () => ({ value: 'AAAAAAAAAAAAAAAAAAAAAA' })) }] }), 400, 'invalidValue');
    expect((await (await tables()).scimGroup.query.byBusiness({ businessId: owner.business.id }).go({ pages: 'all' })).data.length).toBe(before);

    // A taken userName, whatever its case.
    const email = uniqueEmail('dup');
    expect((await scim(secret, 'POST', '/Users', { schemas: [USER], userName: email })).status).toBe(201);
    expectScimError(await scim(secret, 'POST', '/Users', { schemas: [USER], userName: email.toUpperCase() }), 409, 'uniqueness');
  });

  it('names SCIM tokens uniquely per business, whatever the case', async () => {
    const other = await createOwnerWithBusiness({ name: 'Token Names' });
    await newToken(other.owner, other.business.id, 'Entra ID');
    const dup = await api('POST', `/api/businesses/${other.business.id}/scim-tokens`, { user: other.owner, body: { name: 'entra id' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(directorySyncMessages.tokenNameTaken);
    const list = await api('GET', `/api/businesses/${other.business.id}/directory-sync`, { user: other.owner });
    expect(list.body.tokens.map((t: { name: string }) => t.name)).toEqual(['Entra ID']);
  });
});

describe('attribute selection', () => {
  it('returns only the asked attributes (id and schemas always) or drops the excluded ones', async () => {
    const email = uniqueEmail('attrs');
    const created = await scim(secret, 'POST', '/Users', { schemas: [USER, ENTERPRISE], userName: email, name: { givenName: 'Ann', familyName: 'Attr' }, title: 'Chef', [ENTERPRISE]: { department: 'Kitchen' } });
    const id = created.body.id as string;
    const only = await scim(secret, 'GET', `/Users/${id}?attributes=userName,name.givenName`);
    expect(only.body).toEqual({ schemas: [USER], id, userName: email, name: { givenName: 'Ann' } });
    const ext = await scim(secret, 'GET', `/Users/${id}?attributes=${encodeURIComponent(`${ENTERPRISE}:department`)}`);
    expect(ext.body).toEqual({ schemas: [USER, ENTERPRISE], id, [ENTERPRISE]: { department: 'Kitchen' } });
    const without = await scim(secret, 'GET', `/Users/${id}?excludedAttributes=emails,meta,${ENTERPRISE},id`);
    expect(without.body.id).toBe(id);
    expect(without.body.emails).toBeUndefined();
    expect(without.body.meta).toBeUndefined();
    expect(without.body[ENTERPRISE]).toBeUndefined();
    expect(without.body.schemas).toEqual([USER]);
    expect(without.body.title).toBe('Chef');
    const listed = await scim(secret, 'GET', `/Users?attributes=userName&filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(listed.body.Resources).toEqual([{ schemas: [USER], id, userName: email }]);
    const group = await scim(secret, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Attr Group', members: [{ value: id }] });
    expect((await scim(secret, 'GET', `/Groups/${group.body.id}?attributes=displayName`)).body).toEqual({ schemas: [GROUP], id: group.body.id, displayName: 'Attr Group' });
    expect((await scim(secret, 'GET', `/Groups/${group.body.id}?attributes=members.value`)).body).toEqual({ schemas: [GROUP], id: group.body.id, members: [{ value: id }] });
  });

  it('publishes discovery documents that match the service: Users and Groups, one by one', async () => {
    const types = await scim(secret, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await scim(secret, 'GET', '/ResourceTypes/Group')).body).toMatchObject({ id: 'Group', endpoint: '/Groups', schema: GROUP });
    const all = await scim(secret, 'GET', '/Schemas');
    expect(all.body.Resources.map((r: { id: string }) => r.id)).toEqual([USER, ENTERPRISE, GROUP]);
    expect((await scim(secret, 'GET', `/Schemas/${GROUP}`)).body).toMatchObject({ id: GROUP, attributes: expect.arrayContaining([expect.objectContaining({ name: 'displayName', required: true })]) });
  });
});

describe('a burst of creates', () => {
  it('200 creates, 10 at a time: 200 users, no duplicates, no 5xx, counters exact', async () => {
    const burst = await createOwnerWithBusiness({ name: 'Burst Co' });
    const { secret: token } = await newToken(burst.owner, burst.business.id);
    const emails = Array.from({ length: 200 }, (_, i) => uniqueEmail(`burst${i}`));
    const statuses: number[] = [];
    for (let i = 0; i < emails.length; i += 10) {
      const answers = await Promise.all(emails.slice(i, i + 10).map((email) => scim(token, 'POST', '/Users', { schemas: [USER], userName: email, name: { formatted: 'Burst Person' }, active: true })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const listed = await scim(token, 'GET', '/Users?count=200');
    expect(listed.body.totalResults).toBe(200);
    expect(new Set(listed.body.Resources.map((u: { userName: string }) => u.userName.toLowerCase())).size).toBe(200);
    const business = (await (await tables()).business.get({ businessId: burst.business.id }).go({ consistent: true })).data!;
    expect([business.employeeCount, business.billableEmployeeCount, business.activeCardCount]).toEqual([200, 200, 200]);
  }, 240_000);
});
