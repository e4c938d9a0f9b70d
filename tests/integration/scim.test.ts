// SCIM 2.0 directory sync (issue 23 §1) over the real local runtime: the owner's tokens (shown once, stored hashed, at
// most five, revoked at once), then the request sequences Okta's and Entra ID's provisioning documentation describe —
// connection test, lookup by filter, create, read, PUT, PATCH (Entra's "Replace"/"False" forms), deactivate,
// reactivate, delete — checking the SCIM answers AND the stored employee, card and business counters; a token sees only
// its business; bad input is a SCIM error, never a 5xx and never a write.
import { beforeAll, describe, expect, it } from 'vitest';
import { directorySyncMessages } from '../../shared/messages/directory-sync';
import { allItems } from '../support/table-fingerprint';
import { addEmployee, api, createOwnerWithBusiness, mailbox, origin, tables, uniqueEmail, type TestUser } from '../support/runtime';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function newToken(owner: TestUser, businessId: string, name = 'Okta') {
  const res = await api('POST', `/api/businesses/${businessId}/scim-tokens`, { user: owner, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body as { token: { id: string; name: string; createdAt: string; lastUsedAt: string | null }; secret: string };
}

/** A SCIM request as an identity provider sends it. */
function scim(secret: string, method: string, path: string, body?: unknown, contentType = 'application/scim+json') {
  return api(method, `/scim/v2${path}`, {
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { authorization: `Bearer ${secret}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': contentType }) },
  });
}

const filterQuery = (filter: string, extra = '') => `/Users?filter=${encodeURIComponent(filter)}${extra}`;

function expectScimError(res: { status: number; body: unknown; headers: Headers }, status: number, scimType?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(res.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
}

async function stored(employeeId: string) {
  const db = await tables();
  const employee = (await db.employee.get({ employeeId }).go({ consistent: true })).data;
  const card = employee?.cardId ? (await db.card.get({ cardId: employee.cardId }).go({ consistent: true })).data : null;
  const directory = (await db.directoryUser.get({ employeeId }).go({ consistent: true })).data;
  return { employee, card, directory };
}

async function businessCounts(businessId: string) {
  const db = await tables();
  const business = (await db.business.get({ businessId }).go({ consistent: true })).data!;
  return { employees: business.employeeCount ?? 0, billable: business.billableEmployeeCount ?? 0, activeCards: business.activeCardCount ?? 0 };
}

/**
 * Every item but the request bookkeeping an authenticated SCIM call writes by design (its rate-limit counter, the
 * token's last use): equal before and after means the request changed no data.
 */
async function tableFingerprint(): Promise<string> {
  const items = (await allItems())
    .filter((item) => item.__edb_e__ !== 'rateLimit')
    .map(({ lastUsedAt: _used, previewImageUrl: _preview, ...item }) => JSON.stringify(item, Object.keys(item).sort()));
  return items.sort().join('\n');
}

let a: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let b: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let secretA: string;
let secretB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createOwnerWithBusiness({ name: 'Scim Works' }), createOwnerWithBusiness({ name: 'Other Co' })]);
  secretA = (await newToken(a.owner, a.business.id)).secret;
  secretB = (await newToken(b.owner, b.business.id)).secret;
});

describe('SCIM tokens', () => {
  it('shows a token once, stores only its hash, lists name/created/last used, allows five and refuses a revoked one at once', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Token Keeper' });
    const first = await newToken(owner.owner, owner.business.id, 'Entra ID');
    expect(first.secret).toMatch(/^ccscim_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await allItems())).not.toContain(first.secret);

    // Not used yet; a SCIM call records the last use.
    let list = await api('GET', `/api/businesses/${owner.business.id}/directory-sync`, { user: owner.owner });
    expect(list.body.tokens).toEqual([{ id: first.token.id, name: 'Entra ID', createdAt: first.token.createdAt, lastUsedAt: null }]);
    expect(list.text).not.toContain(first.secret);
    expect((await scim(first.secret, 'GET', '/ServiceProviderConfig')).status).toBe(200);
    list = await api('GET', `/api/businesses/${owner.business.id}/directory-sync`, { user: owner.owner });
    expect(list.body.tokens[0].lastUsedAt).toEqual(expect.any(String));

    for (let i = 2; i <= 5; i += 1) await newToken(owner.owner, owner.business.id, `Token ${i}`);
    const sixth = await api('POST', `/api/businesses/${owner.business.id}/scim-tokens`, { user: owner.owner, body: { name: 'Sixth' } });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.message).toBe(directorySyncMessages.tooManyTokens);

    const revoked = await api('DELETE', `/api/businesses/${owner.business.id}/scim-tokens/${first.token.id}`, { user: owner.owner });
    expect(revoked.status).toBe(204);
    expectScimError(await scim(first.secret, 'GET', '/Users'), 401);
    expect((await api('DELETE', `/api/businesses/${owner.business.id}/scim-tokens/${first.token.id}`, { user: owner.owner })).status).toBe(404);
    list = await api('GET', `/api/businesses/${owner.business.id}/directory-sync`, { user: owner.owner });
    expect(list.body.tokens.map((t: { name: string }) => t.name)).toEqual(['Token 2', 'Token 3', 'Token 4', 'Token 5']);
    // A slot is free again.
    expect((await api('POST', `/api/businesses/${owner.business.id}/scim-tokens`, { user: owner.owner, body: { name: 'Again' } })).status).toBe(201);
  });

  it('serves the discovery documents in application/scim+json', async () => {
    const config = await scim(secretA, 'GET', '/ServiceProviderConfig');
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true, maxResults: 200 }, sort: { supported: false }, etag: { supported: false }, changePassword: { supported: false }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    expect((await scim(secretA, 'GET', '/ResourceTypes')).body.Resources[0]).toMatchObject({ id: 'User', endpoint: '/Users', schemaExtensions: [{ schema: ENTERPRISE, required: false }] });
    expect((await scim(secretA, 'GET', '/Schemas')).body.totalResults).toBe(3);
    // Okta lists groups after saving the connection: this business has none yet, an empty list.
    expect((await scim(secretA, 'GET', '/Groups?startIndex=1&count=100')).body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
  });

  it('rate-limits each token (600 a minute) with a SCIM 429, other tokens unaffected', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Busy Sync' });
    const busy = (await newToken(owner.owner, owner.business.id, 'Busy')).secret;
    const calm = (await newToken(owner.owner, owner.business.id, 'Calm')).secret;
    let limited: Awaited<ReturnType<typeof scim>> | undefined;
    // A fixed window: 601 requests inside one minute are refused; a window boundary in between may need a few more.
    for (let sent = 0; !limited && sent < 1300; sent += 25) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => scim(busy, 'GET', '/ServiceProviderConfig')));
      expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      limited = answers.find((r) => r.status === 429);
    }
    expect(limited, 'no request was rate-limited').toBeDefined();
    expectScimError(limited!, 429);
    expect((await scim(calm, 'GET', '/ServiceProviderConfig')).status).toBe(200);
  });

  it('refuses a missing, malformed or unknown bearer token with a SCIM 401', async () => {
    expectScimError(await api('GET', '/scim/v2/Users'), 401);
    expectScimError(await scim('not-a-token', 'GET', '/Users'), 401);
    expectScimError(await scim(`ccscim_${'x'.repeat(43)}`, 'GET', '/Users'), 401);
    expectScimError(await api('GET', '/scim/v2/Users', { user: a.owner }), 401);
  });
});

describe('Okta provisioning sequence', () => {
  it('connection test, lookup, create, read, PUT, deactivate, reactivate — answers and stored state', async () => {
    const email = uniqueEmail('okta.user');
    const countsBefore = await businessCounts(a.business.id);

    // 1. Connection test / lookup of a user that does not exist yet.
    const lookup = await scim(secretA, 'GET', filterQuery(`userName eq "${email}"`, '&startIndex=1&count=100'));
    expect(lookup.status).toBe(200);
    expect(lookup.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(lookup.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // 2. Create, as Okta sends it (password, locale and groups are accepted and ignored).
    const created = await scim(secretA, 'POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { givenName: 'Olive', familyName: 'Okta' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Olive Okta',
      locale: 'en-US',
      externalId: '00u1okta',
      groups: [],
      password: '1mP@ssw0rd',
      active: true,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`${origin}/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({ schemas: [USER], id, userName: email, externalId: '00u1okta', active: true, name: { formatted: 'Olive Okta', givenName: 'Olive', familyName: 'Okta' }, emails: [{ value: email, type: 'work', primary: true }], meta: { resourceType: 'User', location: `${origin}/scim/v2/Users/${id}` } });
    expect(created.text).not.toContain('1mP@ssw0rd');
    let state = await stored(id);
    expect(state.employee).toMatchObject({ businessId: a.business.id, name: 'Olive Okta', email, status: 'active', role: 'employee' });
    expect(state.card).toMatchObject({ isActive: true, employeeId: id });
    expect(state.directory).toMatchObject({ externalId: '00u1okta', userName: email, givenName: 'Olive', familyName: 'Okta' });
    // Billed like any other employee, and its card counts.
    expect(await businessCounts(a.business.id)).toEqual({ employees: countsBefore.employees + 1, billable: countsBefore.billable + 1, activeCards: countsBefore.activeCards + 1 });
    // No invitation mail by default.
    expect((await mailbox()).some((m) => [m.to].flat().includes(email))).toBe(false);
    // The owner sees the employee on the dashboard.
    const dashboard = await api('GET', `/api/businesses/${a.business.id}/dashboard`, { user: a.owner });
    expect(JSON.stringify(dashboard.body)).toContain(email);

    // 3. Read, and the lookup again — userName compared case-insensitively.
    expect((await scim(secretA, 'GET', `/Users/${id}`)).body).toEqual(created.body);
    const found = await scim(secretA, 'GET', filterQuery(`userName eq "${email.toUpperCase()}"`, '&startIndex=1&count=100'));
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, Resources: [{ id }] });

    // 4. A second create of the same userName: 409 uniqueness, nothing written.
    const before = await tableFingerprint();
    expectScimError(await scim(secretA, 'POST', '/Users', { schemas: [USER], userName: email.toUpperCase(), name: { givenName: 'Dup', familyName: 'Licate' }, active: true }), 409, 'uniqueness');
    expect(await tableFingerprint()).toEqual(before);

    // 5. PUT: the whole user, with a new name, title, phones and department.
    const put = await scim(secretA, 'PUT', `/Users/${id}`, {
      schemas: [USER, ENTERPRISE],
      id,
      userName: email,
      externalId: '00u1okta',
      name: { givenName: 'Olivia', familyName: 'Okta' },
      title: 'Head Baker',
      emails: [{ primary: true, value: email, type: 'work' }],
      phoneNumbers: [{ value: '+1 555 0101', type: 'work' }, { value: '+1 555 0102', type: 'mobile' }],
      active: true,
      [ENTERPRISE]: { department: 'Ovens', employeeNumber: 'E-42', manager: { value: 'mgr-7', displayName: 'Max Manager' } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: { formatted: 'Olivia Okta' }, title: 'Head Baker', [ENTERPRISE]: { department: 'Ovens', employeeNumber: 'E-42', manager: { value: 'mgr-7', displayName: 'Max Manager' } } });
    state = await stored(id);
    expect(state.employee).toMatchObject({ name: 'Olivia Okta', jobTitle: 'Head Baker', officePhone: '+1 555 0101', mobilePhone: '+1 555 0102', department: 'Ovens' });
    expect(state.card!.profile).toMatchObject({ name: 'Olivia Okta', jobTitle: 'Head Baker' });
    expect(state.directory).toMatchObject({ employeeNumber: 'E-42', managerId: 'mgr-7', managerDisplayName: 'Max Manager' });

    // 6. Deactivate (Okta: replace without a path), then 7. reactivate.
    const off = await scim(secretA, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);
    state = await stored(id);
    expect(state.employee!.status).toBe('inactive');
    expect(state.card!.isActive).toBe(false);
    expect((await businessCounts(a.business.id)).activeCards).toBe(countsBefore.activeCards);
    const on = await scim(secretA, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.body.active).toBe(true);
    state = await stored(id);
    expect(state.employee!.status).toBe('active');
    expect(state.card!.isActive).toBe(true);
    // The PUT's fields survived both.
    expect(state.employee).toMatchObject({ name: 'Olivia Okta', department: 'Ovens' });

    // The audit log (issue 23 §3) names the token as who made each change.
    const entries = (await (await tables()).auditEntry.query.primary({ businessId: a.business.id }).go({ pages: 'all' })).data.filter((e) => e.targetId === id);
    expect(entries.map((e) => e.action).sort()).toEqual(['employee.created', 'employee.deactivated', 'employee.reactivated', 'employee.updated']);
    expect(entries.every((e) => e.actorType === 'scim' && e.actorLabel === 'Okta')).toBe(true);
  });
});

describe('Entra ID provisioning sequence', () => {
  it('lookup by userName and externalId, create with the enterprise extension, PATCH with "Replace" and "False", reactivate, delete', async () => {
    const upn = uniqueEmail('entra.user');
    const mail = uniqueEmail('entra.mail');
    const externalId = `58342554-38d6-4ec8-948c-${Date.now().toString(16).padStart(12, '0')}`;

    // Entra's connection test asks for a random userName and expects an empty list.
    const test = await scim(secretA, 'GET', filterQuery(`userName eq "${crypto.randomUUID()}"`));
    expect(test.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect((await scim(secretA, 'GET', filterQuery(`externalId eq "${externalId}"`))).body.totalResults).toBe(0);

    const created = await scim(secretA, 'POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId,
      userName: upn,
      active: true,
      emails: [{ primary: true, type: 'work', value: mail }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Ed Entra', familyName: 'Entra', givenName: 'Ed' },
      title: 'Pastry Chef',
      phoneNumbers: [{ type: 'mobile', value: '+1 555 0199' }],
      [ENTERPRISE]: { department: 'Pastry', employeeNumber: '1234', manager: 'boss-1' },
      roles: [],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    // userName as sent; the work e-mail is the employee's.
    expect(created.body).toMatchObject({ userName: upn, emails: [{ value: mail, type: 'work' }], externalId });
    let state = await stored(id);
    expect(state.employee).toMatchObject({ email: mail, name: 'Ed Entra', jobTitle: 'Pastry Chef', mobilePhone: '+1 555 0199', department: 'Pastry', status: 'active' });
    expect(state.directory).toMatchObject({ userName: upn, externalId, employeeNumber: '1234', managerId: 'boss-1' });

    // Lookups by externalId, by userName, by the work e-mail, and joined by `and`.
    for (const filter of [`externalId eq "${externalId}"`, `userName eq "${upn}"`, `emails[type eq "work"].value eq "${mail}"`, `userName eq "${upn}" and externalId eq "${externalId}"`]) {
      const res = await scim(secretA, 'GET', filterQuery(filter));
      expect(res.body, filter).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    }
    expect((await scim(secretA, 'GET', filterQuery(`userName eq "${upn}" and externalId eq "other"`))).body.totalResults).toBe(0);

    // PATCH as Entra sends it: capitalised ops, a value-filter path, the extension's URN path, "False".
    const patched = await scim(secretA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Edward Entra' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: mail.replace('entra.mail', 'entra.new') },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Bread' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0100' },
        { op: 'Remove', path: 'title' },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ active: false, name: { formatted: 'Edward Entra' }, [ENTERPRISE]: { department: 'Bread', employeeNumber: '1234' } });
    expect(patched.body.title).toBeUndefined();
    state = await stored(id);
    expect(state.employee).toMatchObject({ name: 'Edward Entra', email: mail.replace('entra.mail', 'entra.new'), department: 'Bread', officePhone: '+1 555 0100', status: 'inactive' });
    expect(state.employee!.jobTitle).toBeUndefined();
    expect(state.card!.isActive).toBe(false);

    // Reactivate with "True".
    const back = await scim(secretA, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(back.body.active).toBe(true);
    expect((await stored(id)).card!.isActive).toBe(true);

    // Delete: deactivated, then deleted the way the owner deletes; then it is gone.
    const countsBefore = await businessCounts(a.business.id);
    const deleted = await scim(secretA, 'DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    state = await stored(id);
    expect(state).toEqual({ employee: null, card: null, directory: null });
    expect(await businessCounts(a.business.id)).toEqual({ employees: countsBefore.employees - 1, billable: countsBefore.billable - 1, activeCards: countsBefore.activeCards - 1 });
    expectScimError(await scim(secretA, 'GET', `/Users/${id}`), 404);
    expectScimError(await scim(secretA, 'DELETE', `/Users/${id}`), 404);
  });
});

describe('scope and paging', () => {
  it("answers 404 for another business's user and lists only its own business", async () => {
    const other = await addEmployee(b.owner, b.business.id);
    const before = await tableFingerprint();
    expectScimError(await scim(secretA, 'GET', `/Users/${other.id}`), 404);
    expectScimError(await scim(secretA, 'PUT', `/Users/${other.id}`, { schemas: [USER], userName: other.email, active: false }), 404);
    expectScimError(await scim(secretA, 'PATCH', `/Users/${other.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] }), 404);
    expectScimError(await scim(secretA, 'DELETE', `/Users/${other.id}`), 404);
    expect(await tableFingerprint()).toEqual(before);
    const listed = await scim(secretA, 'GET', '/Users?count=200');
    expect(listed.body.Resources.map((u: { id: string }) => u.id)).not.toContain(other.id);
    expect((await scim(secretB, 'GET', `/Users/${other.id}`)).status).toBe(200);
  });

  it('pages with startIndex and count over every employee of the business (employees added by hand too)', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Paging Co' });
    const { secret } = await newToken(owner.owner, owner.business.id);
    for (let i = 0; i < 4; i += 1) await addEmployee(owner.owner, owner.business.id);
    const ownerProfile = await addEmployee(owner.owner, owner.business.id, { role: 'owner' });
    const all = await scim(secret, 'GET', '/Users');
    expect(all.body.totalResults).toBe(5);
    const page = await scim(secret, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { id: string }) => u.id)).toEqual(all.body.Resources.slice(1, 3).map((u: { id: string }) => u.id));
    expect((await scim(secret, 'GET', '/Users?startIndex=9&count=2')).body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    expect((await scim(secret, 'GET', '/Users?count=0')).body).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
    // An Owner's profile cannot be deactivated or deleted by the directory.
    expectScimError(await scim(secret, 'DELETE', `/Users/${ownerProfile.id}`), 400, 'mutability');
    expectScimError(await scim(secret, 'PATCH', `/Users/${ownerProfile.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] }), 400, 'mutability');
    expect((await stored(ownerProfile.id)).employee!.status).toBe('active');
  });

  it('sends the invitation mail to provisioned employees when the owner turned it on', async () => {
    const owner = await createOwnerWithBusiness({ name: 'Invite Sync' });
    const { secret } = await newToken(owner.owner, owner.business.id);
    const saved = await api('PUT', `/api/businesses/${owner.business.id}/directory-sync`, { user: owner.owner, body: { sendInvitations: true } });
    expect(saved.body.settings).toEqual({ sendInvitations: true });
    const email = uniqueEmail('invited.sync');
    expect((await scim(secret, 'POST', '/Users', { schemas: [USER], userName: email, name: { formatted: 'Ina Vite' } })).status).toBe(201);
    const mails = (await mailbox()).filter((m) => [m.to].flat().includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Invite Sync');
  });
});

describe('bad input', () => {
  it('answers SCIM errors, never a 5xx, and writes nothing', async () => {
    const target = await addEmployee(a.owner, a.business.id);
    const colleague = await addEmployee(a.owner, a.business.id);
    const before = await tableFingerprint();
    const user = (extra: Record<string, unknown>) => ({ schemas: [USER], userName: uniqueEmail('bad'), name: { formatted: 'Bad Input' }, ...extra });
    const cases: [string, Promise<Awaited<ReturnType<typeof scim>>>, number, string?][] = [
      ['1 MB body', scim(secretA, 'POST', '/Users', JSON.stringify(user({ title: 'x'.repeat(1024 * 1024) }))), 413],
      ['deep nesting', scim(secretA, 'POST', '/Users', `${'['.repeat(5000)}${']'.repeat(5000)}`), 400, 'invalidSyntax'],
      ['deep object', scim(secretA, 'POST', '/Users', user({ name: JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`) })), 400, 'invalidSyntax'],
      ['not JSON', scim(secretA, 'POST', '/Users', '{"schemas":'), 400, 'invalidSyntax'],
      ['duplicate key', scim(secretA, 'POST', '/Users', '{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"a@example.com","userName":"b@example.com"}'), 400, 'invalidSyntax'],
      ['wrong media type', scim(secretA, 'POST', '/Users', user({}), 'text/plain'), 415],
      ['unknown schema', scim(secretA, 'POST', '/Users', { ...user({}), schemas: [USER, 'urn:example:custom'] }), 400, 'invalidSyntax'],
      ['unknown attribute', scim(secretA, 'POST', '/Users', user({ favouriteCake: 'lemon' })), 400, 'invalidSyntax'],
      ['unknown extension', scim(secretA, 'POST', '/Users', user({ 'urn:example:ext': {} })), 400, 'invalidSyntax'],
      ['no userName', scim(secretA, 'POST', '/Users', { schemas: [USER], name: { formatted: 'X' } }), 400, 'invalidValue'],
      ['userName not an e-mail', scim(secretA, 'POST', '/Users', user({ userName: 'not-an-email' })), 400, 'invalidValue'],
      ['active not boolean', scim(secretA, 'POST', '/Users', user({ active: 'maybe' })), 400, 'invalidValue'],
      ['title too long', scim(secretA, 'POST', '/Users', user({ title: 'x'.repeat(500) })), 400, 'invalidValue'],
      ['emails not a list', scim(secretA, 'POST', '/Users', user({ emails: 'a@b.c' })), 400, 'invalidValue'],
      ['bad filter', scim(secretA, 'GET', filterQuery('userName eq')), 400, 'invalidFilter'],
      ['bad filter operator', scim(secretA, 'GET', filterQuery('userName xx "a"')), 400, 'invalidFilter'],
      ['bad count', scim(secretA, 'GET', '/Users?count=abc'), 400, 'invalidValue'],
      ['impossible id', scim(secretA, 'GET', `/Users/${'x'.repeat(300)}`), 400],
      ['unknown id', scim(secretA, 'GET', '/Users/AAAAAAAAAAAAAAAAAAAAAA'), 404],
      ['patch without schemas', scim(secretA, 'PATCH', `/Users/${target.id}`, { Operations: [{ op: 'replace', path: 'title', value: 'x' }] }), 400, 'invalidSyntax'],
      ['patch unknown op', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'title' }] }), 400, 'invalidSyntax'],
      ['patch remove without path', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), 400, 'noTarget'],
      ['patch of id', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: 'other' }] }), 400, 'mutability'],
      ['patch bad path', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[[', value: 'x' }] }), 400],
      ['patch unknown attribute', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'favouriteCake', value: 'lemon' }] }), 400, 'invalidSyntax'],
      ['patch bad active', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'perhaps' }] }), 400, 'invalidValue'],
      ['patch: one good op and one bad', scim(secretA, 'PATCH', `/Users/${target.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: 'Changed' }, { op: 'replace', path: 'active', value: 'perhaps' }] }), 400, 'invalidValue'],
      ['put with an e-mail taken', scim(secretA, 'PUT', `/Users/${target.id}`, { schemas: [USER], userName: colleague.email, name: { formatted: 'Taken' } }), 409, 'uniqueness'],
    ];
    for (const [label, request, status, scimType] of cases) {
      const res = await request;
      expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expectScimError(res, status, scimType);
    }
    expect(await tableFingerprint(), 'a refused request changed the table').toEqual(before);
  });
});
