// Bad input (DESIGN §11): every route with a body gets malformed JSON, wrong types, missing and extra fields, an
// oversize body and the wrong content type → a clear 4xx with a message, never a partial write. Hostile values inside
// otherwise valid requests are in hostile-input.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, type TestUser } from '../support/runtime';

let owner: TestUser;
let admin: TestUser;
let ids: Record<string, string>;

beforeAll(async () => {
  admin = await createUser({ groups: ['admin'] });
  const a = await createOwnerWithBusiness();
  const employee = await addEmployee(a.owner, a.business.id);
  owner = a.owner;
  ids = { businessId: a.business.id, cardId: employee.card.id, employeeId: employee.id, planId: 'plan-business-starter', userId: admin.sub, invoiceId: 'no-such-invoice-0001', deviceLibraryIdentifier: '0123456789abcdef0123456789abcdef', passTypeIdentifier: 'pass.example.cardcrew.local', serialNumber: employee.card.id, agencyId: 'no-such-agency-0001', domainId: 'no-such-domain-0001', departmentId: 'no-such-department-0001' };
});

const withBody = routes.filter((r) => r.body);

/** Admin routes are refused to anyone else before their body is read: they are sent by an admin. */
const callerOf = (route: (typeof routes)[number]) => (route.auth === 'admin' ? admin : owner);

async function snapshot() {
  const db = await tables();
  return (await db.business.get({ businessId: ids.businessId! }).go()).data;
}

describe('bad input', () => {
  for (const route of withBody) {
    const path = () => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name]!);

    it(`${route.operationId}: malformed JSON, wrong types and oversize bodies get a clear 4xx and change nothing`, async () => {
      const before = await snapshot();
      const cases: [string, string | unknown, number][] = [
        ['malformed JSON', '{"name": ', 400],
        ['an array', [], 400],
        ['a number', 42, 400],
        ['a string', '"text"', 400],
        ['wrong field types', { name: 123, email: true, billingEmail: [], pendingAccountType: 7 }, 400],
        ['an unknown field', { unexpectedField: 'x' }, 400],
        ['an oversize body', { name: 'x'.repeat(70 * 1024) }, 413],
      ];
      for (const [label, body, status] of cases) {
        const res = await api(route.method, path(), { user: callerOf(route), body });
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(status);
        expect(res.body.error?.message, label).toMatch(/\w/);
      }
      const wrongType = await api(route.method, path(), { user: callerOf(route), body: 'name=x', headers: { 'content-type': 'text/plain' } });
      expect(wrongType.status).toBe(415);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('names the missing required fields of Add Employee', async () => {
    const res = await api('POST', `/api/businesses/${ids.businessId}/employees`, { user: owner, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors).toMatchObject({ name: 'Name is required', email: 'Please enter a valid email address' });
  });

  it('accepts only http(s) LinkedIn links', async () => {
    const res = await api('POST', `/api/businesses/${ids.businessId}/employees`, { user: owner, body: { name: 'A', email: 'a@b.co', linkedinProfile: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fieldErrors.linkedinProfile).toBe('Please enter a valid LinkedIn URL');
  });

  it('answers unknown API paths and unknown methods with a JSON 404, as an HTTP API does (it has no 405)', async () => {
    expect((await api('GET', '/api/nope', { user: owner })).status).toBe(404);
    const wrongMethod = await api('DELETE', '/api/businesses', { user: owner });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toEqual({ message: 'Not Found' });
  });
});

describe('API reference', () => {
  it('documents every route of the route table in /api/openapi.json', async () => {
    const res = await api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of routes) {
      const operation = res.body.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(route.operationId);
      expect(Boolean(operation.requestBody)).toBe(Boolean(route.body));
    }
  });
});
