// Authorization matrix (DESIGN §11): every route that names a business, employee or card, called by each kind
// of caller. Zero unexpected allows, and a denied call changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { addEmployee, api, createOwnerWithBusiness, createUser, tables, uniqueEmail, type TestUser } from '../support/runtime';

type Actor = 'anonymous' | 'employeeOfA' | 'ownerOfA' | 'ownerOfB' | 'agencyManagingA' | 'agencyNotManagingA' | 'admin';
const allowed: Actor[] = ['ownerOfA', 'agencyManagingA', 'admin'];

/** A valid request body per scoped operation; a new scoped route without one fails the suite. */
const sampleBodies: Record<string, () => unknown> = {
  getDashboard: () => undefined,
  createEmployee: () => ({ name: 'Matrix Person', email: uniqueEmail('matrix') }),
  generateCardQr: () => undefined,
};

let actors: Record<Actor, TestUser | null>;
let ids: Record<string, string>;

beforeAll(async () => {
  const a = await createOwnerWithBusiness({ name: 'Business A' });
  const b = await createOwnerWithBusiness({ name: 'Business B' });
  const employeeOfA = await addEmployee(a.owner, a.business.id);
  const db = await tables();

  const employeeUser = await createUser();
  await db.membership.create({ userId: employeeUser.sub, scopeType: 'business', scopeId: a.business.id, role: 'employee', employeeId: employeeOfA.id }).go();
  const agencyManaging = await createUser();
  const agencyOther = await createUser();
  for (const [user, agencyId, manages] of [
    [agencyManaging, `agency-managing-${agencyManaging.sub}`, true],
    [agencyOther, `agency-other-${agencyOther.sub}`, false],
  ] as const) {
    await db.agency.create({ agencyId, ownerId: user.sub, name: 'Agency' }).go();
    await db.membership.create({ userId: user.sub, scopeType: 'agency', scopeId: agencyId, role: 'owner' }).go();
    if (manages) await db.agencyClient.create({ agencyId, businessId: a.business.id }).go();
  }
  actors = {
    anonymous: null,
    employeeOfA: employeeUser,
    ownerOfA: a.owner,
    ownerOfB: b.owner,
    agencyManagingA: agencyManaging,
    agencyNotManagingA: agencyOther,
    admin: await createUser({ groups: ['admin'] }),
  };
  ids = { businessId: a.business.id, cardId: employeeOfA.card.id, employeeId: employeeOfA.id };
});

const scoped = routes.filter((r) => r.scoped);

describe('authorization matrix', () => {
  it('has a sample request for every scoped route', () => {
    expect(scoped.map((r) => r.operationId).filter((id) => !sampleBodies[id])).toEqual([]);
  });

  for (const route of scoped) {
    it(`${route.method} ${route.path}: only ${allowed.join(', ')} get through`, async () => {
      const db = await tables();
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name]!);
      const unexpected: string[] = [];
      for (const [actor, user] of Object.entries(actors) as [Actor, TestUser | null][]) {
        const before = (await db.business.get({ businessId: ids.businessId! }).go()).data;
        const res = await api(route.method, path, { user, body: sampleBodies[route.operationId]!() });
        const expected = actor === 'anonymous' ? [401] : allowed.includes(actor) ? [200, 201] : [403, 404];
        if (!expected.includes(res.status)) unexpected.push(`${actor}: ${res.status} ${res.text.slice(0, 120)}`);
        if (!allowed.includes(actor)) {
          const after = (await db.business.get({ businessId: ids.businessId! }).go()).data;
          expect(after, `${actor} changed the business`).toEqual(before);
        }
      }
      expect(unexpected).toEqual([]);
    });
  }

  it('refuses an employee of A the dashboard and leaves the card QR untouched', async () => {
    const db = await tables();
    const before = (await db.card.get({ cardId: ids.cardId! }).go()).data;
    const res = await api('POST', `/api/businesses/${ids.businessId}/cards/${ids.cardId}/qr`, { user: actors.ownerOfB });
    expect(res.status).toBe(403);
    expect((await db.card.get({ cardId: ids.cardId! }).go()).data).toEqual(before);
  });

  it('does not let a business owner regenerate a card of another business through their own business id', async () => {
    const b = await createOwnerWithBusiness();
    const res = await api('POST', `/api/businesses/${b.business.id}/cards/${ids.cardId}/qr`, { user: b.owner });
    expect(res.status).toBe(404);
  });

  it('rejects a token whose signature is not the user pool’s', async () => {
    const owner = actors.ownerOfA!;
    const [header, payload] = owner.idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    const res = await api('GET', `/api/businesses/${ids.businessId}/dashboard`, { user: { ...owner, idToken: forged } });
    expect(res.status).toBe(401);
  });
});
