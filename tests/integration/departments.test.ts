// Departments as records of the business over the real local runtime: Company Settings' list with counts, add, rename
// (every employee, card and leaver default naming it follows) and delete only when empty; the employee forms, the CSV
// import and SCIM groups add the departments the business lacks; an employee's own profile picks from the list; the
// backfill turns free-text departments into records.
import { describe, expect, it } from 'vitest';
import { departmentMessages } from '../../shared/messages/departments';
import { backfillDepartmentsOfBusiness } from '../../functions/src/business/backfill-departments';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, uniqueEmail, type TestUser } from '../support/runtime';

const m = departmentMessages;
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const list = (user: TestUser, businessId: string) => api('GET', `/api/businesses/${businessId}/departments`, { user });
const add = (user: TestUser, businessId: string, name: string) => api('POST', `/api/businesses/${businessId}/departments`, { user, body: { name } });
const rename = (user: TestUser, businessId: string, departmentId: string, name: string) => api('PUT', `/api/businesses/${businessId}/departments/${departmentId}`, { user, body: { name } });

/** The business's stored department records, by name. */
async function storedDepartments(businessId: string) {
  const { data } = await (await tables()).department.query.primary({ businessId }).go({ pages: 'all' });
  return data.map((d) => ({ name: d.name, previousName: d.previousName })).sort((a, b) => a.name.localeCompare(b.name));
}

async function storedEmployee(employeeId: string) {
  return (await (await tables()).employee.get({ employeeId }).go({ consistent: true })).data!;
}

async function storedCard(cardId: string) {
  return (await (await tables()).card.get({ cardId }).go({ consistent: true })).data!;
}

const idOf = (body: { departments: { departmentId: string; name: string }[] }, name: string) => body.departments.find((d) => d.name === name)!.departmentId;

describe('Company Settings: departments', () => {
  it('adds departments, lists them by name with their employees, and refuses a name the business has in any case', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Lists' });
    expect((await list(owner, business.id)).body).toEqual({ departments: [], withoutDepartment: 0 });
    expect((await add(owner, business.id, 'Sales')).status).toBe(201);
    await addEmployee(owner, business.id, { department: 'sales' });
    await addEmployee(owner, business.id, { department: 'Engineering' });
    await addEmployee(owner, business.id);

    const res = await list(owner, business.id);
    expect(res.status).toBe(200);
    // The first employee's 'sales' took the business's spelling; the third has no department.
    expect(res.body).toMatchObject({ departments: [{ name: 'Engineering', employeeCount: 1 }, { name: 'Sales', employeeCount: 1 }], withoutDepartment: 1 });
    const taken = await add(owner, business.id, '  SALES ');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ message: m.nameTaken, fieldErrors: { name: m.nameTaken } });
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Engineering' }, { name: 'Sales' }]);
  });

  it('renames a department on every employee, card and leaver default at once, and a repeat changes nothing', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Renames' });
    const [ana, bo, other] = await Promise.all([
      addEmployee(owner, business.id, { name: 'Ana', department: 'Sales' }),
      addEmployee(owner, business.id, { name: 'Bo', department: 'Sales' }),
      addEmployee(owner, business.id, { name: 'Cy', department: 'Support' }),
    ]);
    const defaults = await api('PUT', `/api/businesses/${business.id}/leaver-defaults`, { user: owner, body: { successorEmployeeId: null, departments: [{ department: 'Sales', successorEmployeeId: ana.id }] } });
    expect(defaults.status, defaults.text).toBe(200);
    const salesId = idOf((await list(owner, business.id)).body, 'Sales');

    const res = await rename(owner, business.id, salesId, 'Revenue');
    expect(res.status, res.text).toBe(200);
    expect(res.body.departments).toEqual([
      { departmentId: salesId, name: 'Revenue', employeeCount: 2 },
      { departmentId: expect.any(String), name: 'Support', employeeCount: 1 },
    ]);
    for (const person of [ana, bo]) {
      expect((await storedEmployee(person.id)).department).toBe('Revenue');
      expect((await storedCard(person.card.id)).profile.department).toBe('Revenue');
    }
    expect((await storedEmployee(other.id)).department).toBe('Support');
    expect((await api('GET', `/api/businesses/${business.id}/leaver-defaults`, { user: owner })).body.departments).toEqual([{ department: 'Revenue', successor: expect.objectContaining({ employeeId: ana.id }) }]);
    // The rename is complete: no previous name is left on the record; the log names it.
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Revenue' }, { name: 'Support' }]);
    const log = await api('GET', `/api/businesses/${business.id}/activity?action=department.renamed`, { user: owner });
    expect(log.body.entries[0]).toMatchObject({ action: 'department.renamed', target: { type: 'department', id: salesId, label: 'Revenue' } });

    expect((await rename(owner, business.id, salesId, 'Revenue')).status).toBe(200);
    expect((await rename(owner, business.id, salesId, 'support')).status).toBe(409);
    expect((await storedEmployee(ana.id)).department).toBe('Revenue');
  });

  it('finishes a rename that was cut short when it is saved again', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Resumes' });
    const ana = await addEmployee(owner, business.id, { department: 'Ops' });
    const opsId = idOf((await list(owner, business.id)).body, 'Ops');
    // What a rename whose copy onto employees failed leaves: the record renamed, the old name kept, Ana not yet moved.
    await (await tables()).department.patch({ businessId: business.id, departmentId: opsId }).set({ name: 'Operations', previousName: 'Ops' }).go();
    expect((await list(owner, business.id)).body.departments).toEqual([{ departmentId: opsId, name: 'Operations', employeeCount: 1 }]);

    expect((await rename(owner, business.id, opsId, 'Operations')).status).toBe(200);
    expect((await storedEmployee(ana.id)).department).toBe('Operations');
    expect((await storedCard(ana.card.id)).profile.department).toBe('Operations');
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Operations' }]);
  });

  it('deletes only a department nobody is in', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Deletes' });
    await addEmployee(owner, business.id, { department: 'Legal' });
    await add(owner, business.id, 'Empty');
    const body = (await list(owner, business.id)).body;
    const refused = await api('DELETE', `/api/businesses/${business.id}/departments/${idOf(body, 'Legal')}`, { user: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.notEmpty);
    expect((await api('DELETE', `/api/businesses/${business.id}/departments/${idOf(body, 'Empty')}`, { user: owner })).status).toBe(204);
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Legal' }]);
    // Its name is free again.
    expect((await add(owner, business.id, 'Empty')).status).toBe(201);
  });

  it('lets an employee pick a department from the list on their own profile, never add one', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Portal' });
    await add(owner, business.id, 'Design');
    const person = await addEmployee(owner, business.id, { department: null });
    const user = await createUser();
    const db = await tables();
    await db.membership.create({ userId: user.sub, scopeType: 'business', scopeId: business.id, role: 'employee', employeeId: person.id }).go();
    await db.profile.create({ userId: user.sub, email: user.email, displayName: 'Erin', accountType: 'employee' }).go();
    const profile = { name: 'Erin Employee', email: person.email };

    const refused = await api('PUT', '/api/me/employee', { user, body: { ...profile, department: 'Skunkworks' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fieldErrors).toEqual({ department: m.unknown });
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Design' }]);
    const picked = await api('PUT', '/api/me/employee', { user, body: { ...profile, department: 'design' } });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.department).toBe('Design');
    expect((await storedEmployee(person.id)).department).toBe('Design');
  });
});

describe('Departments from the CSV import and the directory', () => {
  it("creates the Department column's missing departments (not on a dry run) in the business's spelling", async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Imports' });
    await add(owner, business.id, 'Finance');
    const rows = [
      { line: 2, name: 'Fay', email: uniqueEmail('fay'), department: 'finance' },
      { line: 3, name: 'Gil', email: uniqueEmail('gil'), department: 'Logistics' },
      { line: 4, name: 'Hal', email: uniqueEmail('hal'), department: 'logistics' },
    ];
    const dry = await api('POST', `/api/businesses/${business.id}/employee-imports`, { user: owner, body: { rows, onExisting: 'update', dryRun: true } });
    expect(dry.status).toBe(200);
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Finance' }]);

    const res = await api('POST', `/api/businesses/${business.id}/employee-imports`, { user: owner, body: { rows, onExisting: 'update', dryRun: false } });
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['create', 'create', 'create']);
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Finance' }, { name: 'Logistics' }]);
    expect((await list(owner, business.id)).body.departments).toMatchObject([{ name: 'Finance', employeeCount: 1 }, { name: 'Logistics', employeeCount: 2 }]);
    const employees = await Promise.all(res.body.results.map((r: { employeeId: string }) => storedEmployee(r.employeeId)));
    expect(employees.map((e) => e.department)).toEqual(['Finance', 'Logistics', 'Logistics']);
  });

  it('makes a SCIM group a department, and its rename renames the department', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Directory' });
    const token = await api('POST', `/api/businesses/${business.id}/scim-tokens`, { user: owner, body: { name: 'Okta' } });
    const secret = String(token.body.secret);
    const scim = (method: string, path: string, body: unknown) =>
      api(method, `/scim/v2${path}`, { body: JSON.stringify(body), headers: { authorization: `Bearer ${secret}`, accept: 'application/scim+json', 'content-type': 'application/scim+json' } });
    const email = uniqueEmail('dir');
    const user = await scim('POST', '/Users', { schemas: [USER], userName: email, name: { givenName: 'Dee', familyName: 'Rector' }, emails: [{ value: email, type: 'work', primary: true }], active: true });
    expect(user.status, user.text).toBe(201);
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Research', members: [{ value: user.body.id }] });
    expect(group.status, group.text).toBe(201);
    expect((await list(owner, business.id)).body.departments).toMatchObject([{ name: 'Research', employeeCount: 1 }]);

    const renamed = await scim('PUT', `/Groups/${group.body.id}`, { schemas: [GROUP], displayName: 'R&D', members: [{ value: user.body.id }] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await storedDepartments(business.id)).toEqual([{ name: 'R&D' }]);
    expect((await list(owner, business.id)).body.departments).toMatchObject([{ name: 'R&D', employeeCount: 1 }]);
  });

  it('backfills free-text departments as records, one per spelling, and a second run changes nothing', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Dept Backfill' });
    const [a, b] = await Promise.all([addEmployee(owner, business.id, { department: 'Marketing' }), addEmployee(owner, business.id, { department: 'Marketing' })]);
    const db = await tables();
    // What an older business holds: free text in two spellings, no records.
    await db.employee.patch({ employeeId: b.id }).set({ department: 'marketing ' }).go();
    for (const d of await db.department.query.primary({ businessId: business.id }).go({ pages: 'all' }).then((r) => r.data)) {
      await db.department.delete({ businessId: d.businessId, departmentId: d.departmentId }).go();
      await db.departmentNameGuard.delete({ businessId: d.businessId, nameKey: d.name.toLowerCase() }).go();
    }
    expect(await backfillDepartmentsOfBusiness(business.id)).toEqual({ added: 1, respelled: 1 });
    expect(await storedDepartments(business.id)).toEqual([{ name: 'Marketing' }]);
    expect([(await storedEmployee(a.id)).department, (await storedEmployee(b.id)).department]).toEqual(['Marketing', 'Marketing']);
    expect(await backfillDepartmentsOfBusiness(business.id)).toEqual({ added: 0, respelled: 0 });
  });
});
