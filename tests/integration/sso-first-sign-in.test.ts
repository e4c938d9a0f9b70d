// 'Create employees on first sign-in' (issue 24): a person whose e-mail is in a verified domain of a business with the
// switch on, and who has no employee there, gets a DRAFT employee on their first SSO sign-in (name and e-mail from
// the IdP), linked to them as the just-in-time link does: employee (draft, their user id), card (inactive), e-mail
// and user guards, membership, audit `sso.employeeCreated`; not billed. A second sign-in creates nothing more. With
// the switch off the sign-in is refused as before and nothing is made. Signs in through the real hosted-UI stand-in
// and the local SAML IdP (tests/support/sso-sign-in.ts); the domain globex.example is released at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoMessages } from '../../shared/messages/sso';
import { addTxtRecord, removeTxtRecord } from '../support/sso-stand-ins';
import { samlSignIn } from '../support/sso-sign-in';
import { api, createOwnerWithBusiness, runtime, tables } from '../support/runtime';

const DOMAIN = 'globex.example';
const EMAIL = 'sam.starter@globex.example';
let globex: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let domainId = '';
let txt: { name: string; value: string };

const settings = (on: boolean) =>
  api('PUT', `/api/businesses/${globex.business.id}/sso/settings`, { user: globex.owner, body: { createEmployeesOnFirstSignIn: on, requireSso: false } });

async function employeesOf(businessId: string) {
  const db = await tables();
  return (await db.employee.query.dashboard({ businessId }).go({ pages: "all" })).data;
}

async function businessCounts() {
  const db = await tables();
  const { data } = await db.business.get({ businessId: globex.business.id }).go({ consistent: true });
  return { employeeCount: data?.employeeCount ?? 0, billableEmployeeCount: data?.billableEmployeeCount ?? 0, cardCount: data?.cardCount ?? 0, activeCardCount: data?.activeCardCount ?? 0 };
}

beforeAll(async () => {
  globex = await createOwnerWithBusiness({ name: 'Globex SSO' });
  const claimed = await api('POST', `/api/businesses/${globex.business.id}/sso/domains`, { user: globex.owner, body: { domain: DOMAIN } });
  expect(claimed.status, claimed.text).toBe(201);
  domainId = claimed.body.id;
  txt = claimed.body.txtRecord;
  await addTxtRecord(txt.name, txt.value);
  expect((await api('POST', `/api/businesses/${globex.business.id}/sso/domains/${domainId}/check`, { user: globex.owner })).status).toBe(200);
  const saml = await api('PUT', `/api/businesses/${globex.business.id}/sso/provider`, { user: globex.owner, body: { type: 'SAML', metadataUrl: runtime.env.LOCAL_SAML_METADATA_URL } });
  expect(saml.status, saml.text).toBe(200);
});

afterAll(async () => {
  // Other tests may claim the domain of this IdP test user.
  await api('DELETE', `/api/businesses/${globex.business.id}/sso/provider`, { user: globex.owner });
  await api('DELETE', `/api/businesses/${globex.business.id}/sso/domains/${domainId}`, { user: globex.owner });
  await removeTxtRecord(txt.name);
});

describe('create employees on first sign-in', () => {
  it('refuses a person with no employee while the switch is off, creating nothing', async () => {
    const before = await businessCounts();
    const result = await samlSignIn(EMAIL);
    expect(result.idToken).toBeNull();
    expect(result.errorDescription).toContain(ssoMessages.noEmployee);
    expect((await employeesOf(globex.business.id)).map((e) => e.email)).not.toContain(EMAIL);
    expect(await businessCounts()).toEqual(before);
  });

  it('creates a draft employee with an inactive card, linked to the person, audited and not billed; a second sign-in creates nothing', async () => {
    expect((await settings(true)).status).toBe(200);
    const before = await businessCounts();
    const first = await samlSignIn(EMAIL);
    expect(first.errorDescription).toBeNull();
    const me = await api('POST', '/api/me', { user: { idToken: first.idToken! } as never, body: {} });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ role: 'employee', accountType: 'employee' });

    const db = await tables();
    const drafts = (await employeesOf(globex.business.id)).filter((e) => e.email === EMAIL);
    expect(drafts).toHaveLength(1);
    const draft = drafts[0]!;
    expect(draft).toMatchObject({ name: 'Sam Starter', email: EMAIL, status: 'draft', role: 'employee' });
    expect(draft.userId).toBeTruthy();
    const card = (await db.card.get({ cardId: draft.cardId! }).go()).data;
    expect(card).toMatchObject({ employeeId: draft.employeeId, isActive: false, profile: { name: 'Sam Starter', email: EMAIL } });
    expect((await db.membership.get({ userId: draft.userId!, scopeType: 'business', scopeId: globex.business.id }).go()).data).toMatchObject({ role: 'employee', employeeId: draft.employeeId });
    expect((await db.employeeEmailGuard.get({ businessId: globex.business.id, email: EMAIL }).go()).data?.employeeId).toBe(draft.employeeId);
    expect((await db.employeeUserGuard.get({ userId: draft.userId! }).go()).data?.employeeId).toBe(draft.employeeId);
    // Not billed (spec 2: drafts are not), its card not active.
    expect(await businessCounts()).toEqual({ ...before, employeeCount: before.employeeCount + 1, cardCount: before.cardCount + 1 });
    const audit = (await db.auditEntry.query.primary({ businessId: globex.business.id }).go({ pages: 'all' })).data;
    expect(audit.filter((e) => e.action === 'sso.employeeCreated')).toEqual([expect.objectContaining({ targetId: draft.employeeId, targetLabel: 'Sam Starter' })]);

    // The owner sees it in the Employees list to review.
    const dashboard = await api('GET', `/api/businesses/${globex.business.id}/dashboard`, { user: globex.owner });
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(JSON.stringify(dashboard.body)).toContain(draft.employeeId);

    // The person's own portal reads their (draft) employee.
    const mine = await api('GET', '/api/me/employee', { user: { idToken: first.idToken! } as never });
    expect(mine.status, mine.text).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(draft.employeeId);

    const second = await samlSignIn(EMAIL);
    expect((await api('POST', '/api/me', { user: { idToken: second.idToken! } as never, body: {} })).status).toBe(200);
    expect((await employeesOf(globex.business.id)).filter((e) => e.email === EMAIL)).toHaveLength(1);
    expect(await businessCounts()).toEqual({ ...before, employeeCount: before.employeeCount + 1, cardCount: before.cardCount + 1 });
    expect((await db.auditEntry.query.primary({ businessId: globex.business.id }).go({ pages: 'all' })).data.filter((e) => e.action === 'sso.employeeCreated')).toHaveLength(1);
  });
});
