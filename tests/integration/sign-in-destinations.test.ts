// Where a signed-in person goes (docs/decisions.md "Where a signed-in person goes, and switching identity provider"):
// one rule on the server, /api/me's `destination`, for every way in — password, Google, SSO through SAML, SSO through
// OIDC, an invitation — and every kind of person: an employee (their portal), a leaver ('Access Ended' naming the
// company and whom to contact, never business onboarding, and business onboarding's POST refused), an owner (the
// dashboard), a new person (business onboarding; through SSO a person with no employee is refused and nothing is
// stored). Each cell asserts /api/me's answer and the stored records. Then switching identity provider keeps everyone
// linked: the replaced provider's links are removed, the new provider's first sign-in links the employee again, and
// two providers side by side both land the employee in the same portal. Signs in through the real hosted-UI stand-in
// and the local IdPs (tests/support/sso-sign-in.ts); acme.example is released at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { ssoMessages } from '../../shared/messages/sso';
import { invite } from '../support/invitations';
import { federatedSignIn } from '../support/sso-sign-in';
import { addTxtRecord, LOCAL_OIDC_CLIENT, removeTxtRecord } from '../support/sso-stand-ins';
import { addEmployee, api, createOwnerWithBusiness, createUser, runtime, signIn, tables, uniqueEmail, validBusinessForm, type TestUser } from '../support/runtime';

const DOMAIN = 'acme.example';
let acme: Awaited<ReturnType<typeof createOwnerWithBusiness>>;
let domainId = '';
let txt: { name: string; value: string };
const employeeIds: Record<string, string> = {};
/** The password people: an invited employee (then signing in again), and one who left. */
let invited: TestUser;
let invitedEmployeeId = '';
let passwordLeaver: TestUser;
let passwordLeaverEmployeeId = '';

const asUser = (idToken: string) => ({ idToken }) as TestUser;
const me = (idToken: string) => api('POST', '/api/me', { user: asUser(idToken), body: {} });
const subOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
const saml = { type: 'SAML', metadataUrl: runtime.env.LOCAL_SAML_METADATA_URL };
const oidc = { type: 'OIDC', issuer: runtime.env.LOCAL_OIDC_ISSUER, clientId: LOCAL_OIDC_CLIENT.clientId, clientSecret: LOCAL_OIDC_CLIENT.clientSecret };
const connect = async (body: Record<string, unknown>) => {
  const res = await api('PUT', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { provider: { providerName: string; type: string }; previousProvider: { providerName: string; type: string } | null };
};

const ssoSignIn = (email: string, identityProvider?: string) => federatedSignIn(email, identityProvider ? { identityProvider } : {});
/** Sessions end with a cut-off one second ahead (identity/repository.ts endSessions): a sign-in after it is a new session. */
const pastSessionCutOff = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function deactivate(employeeId: string) {
  const res = await api('POST', `/api/businesses/${acme.business.id}/employees/${employeeId}/deactivate`, { user: acme.owner, body: {} });
  expect(res.status, res.text).toBe(200);
}

async function records(userId: string) {
  const db = await tables();
  const { data } = await db.service.collections.user({ userId }).go({ pages: 'all' });
  return { profile: data.profile[0] ?? null, memberships: data.membership };
}

async function employee(employeeId: string) {
  return (await (await tables()).employee.get({ employeeId }).go({ consistent: true })).data;
}

/** The leaver's 'Access Ended' answer: the company and its owner to contact; and business onboarding refused, storing nothing. */
async function expectAccessEnded(idToken: string) {
  const res = await me(idToken);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ destination: 'access-ended', role: null, businessId: null, accessEnded: { businessName: 'Acme Matrix', contactEmail: acme.owner.email } });
  const create = await api('POST', '/api/businesses', { user: asUser(idToken), body: validBusinessForm({ name: 'Leaver Ventures' }) });
  expect(create.status, create.text).toBe(403);
  expect(create.body.error.message).toBe(messages.leavers.cannotSetUpBusiness);
  const stored = await records(subOf(idToken));
  expect(stored.memberships.filter((m) => !m.leftAt)).toEqual([]);
  expect((await (await tables()).businessOwnerGuard.get({ ownerId: subOf(idToken) }).go()).data).toBeNull();
  return res.body;
}

beforeAll(async () => {
  acme = await createOwnerWithBusiness({ name: 'Acme Matrix' });
  for (const [name, email, role] of [
    ['Marcus Lee', 'marcus@acme.example', 'employee'],
    ['Lee Leaver', 'lee.leaver@acme.example', 'employee'],
    ['Olive Owner', 'olive.owner@acme.example', 'owner'],
  ] as const) {
    employeeIds[email] = (await addEmployee(acme.owner, acme.business.id, { name, email, role, status: 'active' })).id;
  }
  // Lee left before ever signing in: every sign-in of Lee's makes a new account, recognised by the e-mail.
  await deactivate(employeeIds['lee.leaver@acme.example']!);

  // The password people come through invitations (the invitation path).
  for (const who of ['invited', 'leaver'] as const) {
    const email = uniqueEmail(`matrix-${who}`);
    const added = await addEmployee(acme.owner, acme.business.id, { name: who === 'invited' ? 'Ivy Invited' : 'Pat Parting', email, status: 'active' });
    const token = await invite(acme, added.id, email);
    const user = await createUser({ email });
    const accepted = await api('POST', `/api/invitations/${token}/accept`, { user, body: {} });
    expect(accepted.status, accepted.text).toBe(200);
    if (who === 'invited') [invited, invitedEmployeeId] = [user, added.id];
    else [passwordLeaver, passwordLeaverEmployeeId] = [user, added.id];
  }
  await deactivate(passwordLeaverEmployeeId);
  await pastSessionCutOff();

  const claimed = await api('POST', `/api/businesses/${acme.business.id}/sso/domains`, { user: acme.owner, body: { domain: DOMAIN } });
  expect(claimed.status, claimed.text).toBe(201);
  domainId = claimed.body.id;
  txt = claimed.body.txtRecord;
  await addTxtRecord(txt.name, txt.value);
  expect((await api('POST', `/api/businesses/${acme.business.id}/sso/domains/${domainId}/check`, { user: acme.owner })).status).toBe(200);
  await connect(saml);
});

afterAll(async () => {
  await api('DELETE', `/api/businesses/${acme.business.id}/sso/provider`, { user: acme.owner });
  await api('DELETE', `/api/businesses/${acme.business.id}/sso/domains/${domainId}`, { user: acme.owner });
  await removeTxtRecord(txt.name);
});

describe('invitation', () => {
  it('employee: the accepted invitation lands in the portal (role employee, the employee linked)', async () => {
    const res = await me(invited.idToken);
    expect(res.body).toMatchObject({ destination: 'employee-portal', role: 'employee', accountType: 'employee', employeeId: invitedEmployeeId, businessId: acme.business.id, accessEnded: null });
    expect((await employee(invitedEmployeeId))?.userId).toBe(invited.sub);
  });
});

describe('password', () => {
  it('employee: signing in again lands in the portal', async () => {
    const again = await signIn(invited.email, invited.password);
    expect((await me(again.idToken)).body).toMatchObject({ destination: 'employee-portal', role: 'employee', employeeId: invitedEmployeeId });
  });

  it('owner: the business dashboard', async () => {
    const res = await me(acme.owner.idToken);
    expect(res.body).toMatchObject({ destination: 'business', role: 'owner', accountType: 'business', businessId: acme.business.id, accessEnded: null });
  });

  it('leaver: Access Ended with the company and whom to contact; business onboarding refused', async () => {
    const again = await signIn(passwordLeaver.email, passwordLeaver.password);
    const body = await expectAccessEnded(again.idToken);
    expect(body.accountType).toBe('employee');
    const stored = await records(passwordLeaver.sub);
    expect(stored.memberships).toEqual([expect.objectContaining({ scopeId: acme.business.id, employeeId: passwordLeaverEmployeeId, leftAt: expect.any(String) })]);
  });

  it('new person: business onboarding, and only they may set up a business', async () => {
    const person = await createUser();
    const res = await me(person.idToken);
    expect(res.body).toMatchObject({ destination: 'business-onboarding', role: null, businessId: null, accountType: 'business', accessEnded: null });
    expect((await records(person.sub)).memberships).toEqual([]);
  });
});

describe('Google', () => {
  it('employee: a Google sign-in with the employee’s verified e-mail is their account, and lands in the portal', async () => {
    const google = await federatedSignIn(invited.email, { identityProvider: 'Google' });
    expect(subOf(google.idToken!)).toBe(invited.sub);
    expect((await me(google.idToken!)).body).toMatchObject({ destination: 'employee-portal', role: 'employee', employeeId: invitedEmployeeId });
  });

  it('owner: the business dashboard', async () => {
    const google = await federatedSignIn(acme.owner.email, { identityProvider: 'Google' });
    expect(subOf(google.idToken!)).toBe(acme.owner.sub);
    expect((await me(google.idToken!)).body).toMatchObject({ destination: 'business', role: 'owner', businessId: acme.business.id });
  });

  it('leaver: linked to the leaver’s account, Access Ended', async () => {
    const google = await federatedSignIn(passwordLeaver.email, { identityProvider: 'Google' });
    expect(subOf(google.idToken!)).toBe(passwordLeaver.sub);
    await expectAccessEnded(google.idToken!);
  });

  it('leaver with a new Google account: the verified e-mail in the business’s verified domain names them', async () => {
    const google = await federatedSignIn('lee.leaver@acme.example', { identityProvider: 'Google' });
    const body = await expectAccessEnded(google.idToken!);
    expect(body.accountType).toBe('employee');
    expect((await records(subOf(google.idToken!))).profile).toMatchObject({ accountType: 'employee' });
  });

  it('new person: business onboarding', async () => {
    const google = await federatedSignIn(uniqueEmail('matrix-google'), { identityProvider: 'Google' });
    expect((await me(google.idToken!)).body).toMatchObject({ destination: 'business-onboarding', role: null, businessId: null, accessEnded: null });
  });
});

describe.each([
  ['SAML', saml],
  ['OIDC', oidc],
] as const)('single sign-on through %s', (type, provider) => {
  let providerName = '';
  beforeAll(async () => {
    providerName = (await connect(provider)).provider.providerName;
  });

  it('employee: the first sign-in links the employee (membership naming the provider) and lands in the portal', async () => {
    const signedIn = await ssoSignIn('marcus@acme.example');
    expect(signedIn.errorDescription).toBeNull();
    const res = await me(signedIn.idToken!);
    expect(res.body).toMatchObject({ destination: 'employee-portal', role: 'employee', employeeId: employeeIds['marcus@acme.example'], businessId: acme.business.id });
    const userId = subOf(signedIn.idToken!);
    expect((await employee(employeeIds['marcus@acme.example']!))).toMatchObject({ userId, status: 'active' });
    expect((await records(userId)).memberships).toEqual([expect.objectContaining({ role: 'employee', employeeId: employeeIds['marcus@acme.example'], ssoProvider: providerName })]);
  });

  it('owner: an employee with the Owner role lands on the dashboard', async () => {
    const signedIn = await ssoSignIn('olive.owner@acme.example');
    expect((await me(signedIn.idToken!)).body).toMatchObject({ destination: 'business', role: 'owner', businessId: acme.business.id });
    expect((await records(subOf(signedIn.idToken!))).memberships).toEqual([expect.objectContaining({ role: 'owner', ssoProvider: providerName })]);
  });

  it('leaver: a new account through the provider is recognised by the e-mail: Access Ended, nothing linked', async () => {
    const signedIn = await ssoSignIn('lee.leaver@acme.example');
    expect(signedIn.errorDescription).toBeNull();
    const body = await expectAccessEnded(signedIn.idToken!);
    expect(body.accountType).toBe('employee');
    expect((await employee(employeeIds['lee.leaver@acme.example']!))).toMatchObject({ status: 'inactive' });
    expect((await employee(employeeIds['lee.leaver@acme.example']!))?.userId).toBeUndefined();
  });

  it(`new person: refused (${type}), nothing stored`, async () => {
    const signedIn = await ssoSignIn('new.hire@acme.example');
    expect(signedIn.idToken).toBeNull();
    expect(signedIn.errorDescription).toContain(ssoMessages.noEmployee);
    expect((await (await tables()).employeeEmailGuard.get({ businessId: acme.business.id, email: 'new.hire@acme.example' }).go()).data).toBeNull();
  });
});

describe('switching identity provider', () => {
  it('replacing the provider removes its links (sessions ended) and the new provider’s first sign-in links the employee again', async () => {
    const marcusId = employeeIds['marcus@acme.example']!;
    const linkedBefore = (await employee(marcusId))!.userId!;
    const before = await ssoSignIn('marcus@acme.example');
    expect(subOf(before.idToken!)).toBe(linkedBefore);
    const old = (await connect(saml)).provider.providerName; // OIDC → SAML: a new IdP, the OIDC provider goes
    await pastSessionCutOff();
    expect((await records(linkedBefore)).memberships).toEqual([]);
    expect((await employee(marcusId))?.userId).toBeUndefined();
    // The replaced provider's user holds a token still: refused at once, and it links nothing again.
    expect((await me(before.idToken!)).status).toBe(401);

    const after = await ssoSignIn('marcus@acme.example');
    const res = await me(after.idToken!);
    expect(res.body).toMatchObject({ destination: 'employee-portal', role: 'employee', employeeId: marcusId });
    expect(subOf(after.idToken!)).not.toBe(linkedBefore);
    expect((await employee(marcusId))?.userId).toBe(subOf(after.idToken!));
    expect((await records(subOf(after.idToken!))).memberships).toEqual([expect.objectContaining({ employeeId: marcusId, ssoProvider: old })]);
  });

  it('two providers side by side: each sign-in lands in the same portal; removing the previous one removes only its links', async () => {
    const marcusId = employeeIds['marcus@acme.example']!;
    const samlUser = (await employee(marcusId))!.userId!;
    const both = await connect({ ...oidc, keepCurrentProvider: true });
    expect(both.provider.type).toBe('OIDC');
    expect(both.previousProvider?.type).toBe('SAML');
    const discovered = await api('POST', '/api/sso/discover', { body: { email: 'marcus@acme.example' } });
    expect(discovered.body.providers.map((p: { providerName: string }) => p.providerName)).toEqual([both.provider.providerName, both.previousProvider!.providerName]);

    const viaOidc = await ssoSignIn('marcus@acme.example'); // the domain now finds the new provider
    const viaSaml = await ssoSignIn('marcus@acme.example', both.previousProvider!.providerName);
    expect(subOf(viaSaml.idToken!)).toBe(samlUser);
    for (const signedIn of [viaOidc, viaSaml, viaOidc]) {
      expect((await me(signedIn.idToken!)).body).toMatchObject({ destination: 'employee-portal', role: 'employee', employeeId: marcusId });
    }
    const oidcUser = subOf(viaOidc.idToken!);
    expect(oidcUser).not.toBe(samlUser);
    expect((await employee(marcusId))?.userId).toBe(samlUser);
    expect((await records(oidcUser)).memberships).toEqual([expect.objectContaining({ employeeId: marcusId, ssoProvider: both.provider.providerName })]);

    // The move is done: saving the new provider without keeping the previous one removes it and its links only.
    const done = await connect(oidc);
    expect(done.previousProvider).toBeNull();
    expect(done.provider.providerName).toBe(both.provider.providerName);
    expect((await records(samlUser)).memberships).toEqual([]);
    expect((await employee(marcusId))?.userId).toBe(oidcUser);
    expect((await me((await ssoSignIn('marcus@acme.example')).idToken!)).body).toMatchObject({ destination: 'employee-portal', employeeId: marcusId });
    const audit = (await (await tables()).auditEntry.query.primary({ businessId: acme.business.id }).go({ pages: 'all' })).data;
    expect(audit.filter((e) => e.action === 'sso.employeeUnlinked').length).toBeGreaterThanOrEqual(2);
  });

  it('a leaver with sign-ins through both providers loses every one of them', async () => {
    const oliveId = employeeIds['olive.owner@acme.example']!;
    await connect({ ...saml, keepCurrentProvider: true });
    const bothUsers = [];
    for (const name of (await api('POST', '/api/sso/discover', { body: { email: 'olive.owner@acme.example' } })).body.providers.map((p: { providerName: string }) => p.providerName)) {
      const signedIn = await ssoSignIn('olive.owner@acme.example', name);
      expect((await me(signedIn.idToken!)).body).toMatchObject({ destination: 'business', role: 'owner' });
      bothUsers.push(subOf(signedIn.idToken!));
    }
    await deactivate(oliveId);
    await pastSessionCutOff();
    for (const userId of bothUsers) {
      expect((await records(userId)).memberships).toEqual([expect.objectContaining({ employeeId: oliveId, leftAt: expect.any(String) })]);
    }
    await expectAccessEnded((await ssoSignIn('olive.owner@acme.example')).idToken!);
  });
});
