// Single sign-on setup that fails early, in words (issue 39), through the real API, the local user pool and the local
// identity providers: an OIDC connection is saved only when the provider's token endpoint takes the client ID and
// secret (a wrong secret is refused in words and nothing is saved, in the table or in Cognito); 'Require SSO' goes on
// only after a successful Test sign-in through the current provider, recorded by the API from the test's access token;
// domain claims expire after 7 days, never block the business that proves the domain and never say who else claimed
// it; admins list and release claims.
import { DescribeIdentityProviderCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { ssoMessages } from '../../shared/messages/sso';
import { providerNameOf } from '../../functions/src/sso/provider-name';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, runtime, signIn, tables, uniqueDomain, type TestUser } from '../support/runtime';
import { federatedSignIn } from '../support/sso-sign-in';
import { addTxtRecord, claimAndProveDomain, LOCAL_OIDC_CLIENT, localOidcIssuer, removeTxtRecord } from '../support/sso-stand-ins';
import { tableFingerprint } from '../support/table-fingerprint';

const UserPoolId = runtime.ids.userPoolId;
const ACME = 'acme.example';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function cognitoProvider(name: string) {
  try {
    return (await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId, ProviderName: name }))).IdentityProvider ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

const connectOidc = (user: TestUser, businessId: string, clientSecret: string, clientId: string = LOCAL_OIDC_CLIENT.clientId) =>
  api('PUT', `/api/businesses/${businessId}/sso/provider`, { user, body: { type: 'OIDC', issuer: localOidcIssuer, clientId, clientSecret } });
const settings = (user: TestUser, businessId: string, requireSso: boolean) =>
  api('PUT', `/api/businesses/${businessId}/sso/settings`, { user, body: { createEmployeesOnFirstSignIn: false, requireSso } });

/** Waits until the clock is in a later whole second than `iso` (tokens' `iat` counts whole seconds). */
async function untilNextSecondAfter(iso: string) {
  const wait = (Math.floor(Date.parse(iso) / 1000) + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Claims and proves `domain`; its TXT record is removed at the end. */
async function claimAndProve(user: TestUser, businessId: string, domain: string) {
  const proven = await claimAndProveDomain(user, businessId, domain);
  cleanups.push(() => removeTxtRecord(proven.txtRecord.name, proven.txtRecord.value));
  return proven;
}

describe('the local OIDC provider answers its token endpoint as a real one does', () => {
  it('invalid_client (401) for a wrong secret or an unknown client; invalid_grant (400) for a code it never issued', async () => {
    const discovery = (await (await fetch(`${localOidcIssuer}/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
    const token = (clientId: string, clientSecret: string) =>
      fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'never-issued', redirect_uri: `${runtime.env.SSO_AUTH_ORIGIN}/oauth2/idpresponse`, client_id: clientId, client_secret: clientSecret }),
      }).then(async (res) => ({ status: res.status, error: ((await res.json()) as { error: string }).error }));
    expect(await token(LOCAL_OIDC_CLIENT.clientId, 'wrong-secret')).toEqual({ status: 401, error: 'invalid_client' });
    expect(await token('no-such-client', LOCAL_OIDC_CLIENT.clientSecret)).toEqual({ status: 401, error: 'invalid_client' });
    expect(await token(LOCAL_OIDC_CLIENT.clientId, LOCAL_OIDC_CLIENT.clientSecret)).toEqual({ status: 400, error: 'invalid_grant' });
  });
});

describe('connecting OIDC checks the client before saving', () => {
  it('refuses a wrong client secret in words and saves nothing; the right one connects', async () => {
    const a = await createOwnerWithBusiness();
    const name = providerNameOf(a.business.id);
    const before = await tableFingerprint();

    const wrong = await connectOidc(a.owner, a.business.id, 'not-the-secret');
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.error.fieldErrors).toEqual({ clientSecret: ssoMessages.oidcClientRefused });
    const unknownClient = await connectOidc(a.owner, a.business.id, LOCAL_OIDC_CLIENT.clientSecret, 'someone-elses-client');
    expect(unknownClient.status).toBe(400);
    expect(unknownClient.body.error.fieldErrors.clientSecret).toBe(ssoMessages.oidcClientRefused);
    // Nothing saved: no provider in Cognito, no connection, no audit entry.
    expect(await cognitoProvider(name)).toBeNull();
    expect(await tableFingerprint()).toEqual(before);
    expect((await api('GET', `/api/businesses/${a.business.id}/sso`, { user: a.owner })).body.provider).toBeNull();

    const right = await connectOidc(a.owner, a.business.id, LOCAL_OIDC_CLIENT.clientSecret);
    expect(right.status, right.text).toBe(200);
    expect(right.body.provider).toMatchObject({ type: 'OIDC', issuer: localOidcIssuer, clientId: LOCAL_OIDC_CLIENT.clientId, testedAt: null });
    expect((await cognitoProvider(name))?.ProviderType).toBe('OIDC');
    await api('DELETE', `/api/businesses/${a.business.id}/sso/provider`, { user: a.owner });
  });
});

describe("'Require SSO' only after a successful test sign-in through the current provider", () => {
  it('is refused (409) until a test sign-in is recorded; a token of another sign-in is not one; a re-saved provider needs a new test', async () => {
    const a = await createOwnerWithBusiness({ name: 'Acme Gate' });
    await addEmployee(a.owner, a.business.id, { name: 'Marcus Lee', email: `marcus@${ACME}` });
    const { claim, check } = await claimAndProve(a.owner, a.business.id, ACME);
    expect(check.status, check.text).toBe(200);
    cleanups.push(() => api('DELETE', `/api/businesses/${a.business.id}/sso/domains/${claim.id}`, { user: a.owner }));
    cleanups.push(() => api('DELETE', `/api/businesses/${a.business.id}/sso/provider`, { user: a.owner }));
    const db = await tables();
    const stored = async () => (await db.ssoConnection.get({ businessId: a.business.id }).go({ consistent: true })).data;

    // No provider, then a provider with no test: refused in words, nothing stored.
    const noProvider = await settings(a.owner, a.business.id, true);
    expect(noProvider.status).toBe(409);
    expect(noProvider.body.error.message).toBe(ssoMessages.requireSsoNeedsTest);
    const connected = await connectOidc(a.owner, a.business.id, LOCAL_OIDC_CLIENT.clientSecret);
    expect(connected.status, connected.text).toBe(200);
    const providerName = connected.body.provider.providerName as string;
    const untested = await settings(a.owner, a.business.id, true);
    expect(untested.status).toBe(409);
    expect(untested.body.error.message).toBe(ssoMessages.requireSsoNeedsTest);
    expect((await stored())?.requireSso).toBe(false);

    // Not a test sign-in: no token, a forged one, the owner's own password sign-in.
    const record = (accessToken: string) => api('POST', `/api/businesses/${a.business.id}/sso/test-sign-ins`, { user: a.owner, body: { accessToken } });
    expect((await record('not-a-token')).body.error.message).toBe(ssoMessages.testSignInNotConfirmed);
    const password = await signIn(a.owner.email, a.owner.password);
    const notThroughProvider = await record(password.accessToken);
    expect(notThroughProvider.status).toBe(400);
    expect(notThroughProvider.body.error.message).toBe(ssoMessages.testSignInOtherProvider);
    expect((await stored())?.testedAt).toBeUndefined();

    // A real test sign-in through the provider: recorded, and the switch goes on. A token of the second the provider
    // was saved in does not count (its `iat` cannot show it came after), so this one is issued in a later second, as a
    // person's would be.
    await untilNextSecondAfter(connected.body.provider.connectedAt);
    const test = await federatedSignIn(`marcus@${ACME}`, { identityProvider: providerName });
    expect(test.error, test.errorDescription ?? '').toBeNull();
    const recorded = await record(test.accessToken!);
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body.provider.testedAt).toEqual(expect.any(String));
    expect(await stored()).toMatchObject({ testedProviderName: providerName, testedAt: recorded.body.provider.testedAt });
    const on = await settings(a.owner, a.business.id, true);
    expect(on.status, on.text).toBe(200);
    expect((await stored())?.requireSso).toBe(true);

    // The provider saved again: its test is gone; off stays possible, on again needs a new test.
    expect((await connectOidc(a.owner, a.business.id, LOCAL_OIDC_CLIENT.clientSecret)).body.provider.testedAt).toBeNull();
    expect((await settings(a.owner, a.business.id, false)).status).toBe(200);
    expect((await settings(a.owner, a.business.id, true)).status).toBe(409);
    expect((await stored())?.requireSso).toBe(false);
    // The earlier test's token predates the re-saved provider: it does not count for it.
    expect((await record(test.accessToken!)).body.error.message).toBe(ssoMessages.testSignInOtherProvider);
  });
});

describe("disconnecting the provider switches 'Require SSO' off", () => {
  it('leaves no business requiring SSO with no provider: stored, answered and audited', async () => {
    // globex.example: a domain the local identity providers have a person of (sam.starter); released at the end, as
    // sso-first-sign-in.test.ts (which claims it too, in another file: files run one at a time) releases it.
    const a = await createOwnerWithBusiness({ name: 'Globex Unplugged' });
    const domain = 'globex.example';
    await addEmployee(a.owner, a.business.id, { name: 'Sam Starter', email: `sam.starter@${domain}` });
    const { claim, check } = await claimAndProve(a.owner, a.business.id, domain);
    expect(check.status, check.text).toBe(200);
    cleanups.push(() => api('DELETE', `/api/businesses/${a.business.id}/sso/domains/${claim.id}`, { user: a.owner }));
    const db = await tables();
    const stored = async () => (await db.ssoConnection.get({ businessId: a.business.id }).go({ consistent: true })).data;
    const connected = await connectOidc(a.owner, a.business.id, LOCAL_OIDC_CLIENT.clientSecret);
    expect(connected.status, connected.text).toBe(200);
    await untilNextSecondAfter(connected.body.provider.connectedAt);
    const test = await federatedSignIn(`sam.starter@${domain}`, { identityProvider: connected.body.provider.providerName });
    expect(test.error, test.errorDescription ?? '').toBeNull();
    expect((await api('POST', `/api/businesses/${a.business.id}/sso/test-sign-ins`, { user: a.owner, body: { accessToken: test.accessToken } })).status).toBe(200);
    const on = await api('PUT', `/api/businesses/${a.business.id}/sso/settings`, { user: a.owner, body: { createEmployeesOnFirstSignIn: true, requireSso: true } });
    expect(on.status, on.text).toBe(200);
    expect(await stored()).toMatchObject({ requireSso: true, createEmployeesOnFirstSignIn: true });

    const disconnected = await api('DELETE', `/api/businesses/${a.business.id}/sso/provider`, { user: a.owner });
    expect(disconnected.status).toBe(204);
    const after = await api('GET', `/api/businesses/${a.business.id}/sso`, { user: a.owner });
    expect(after.body.provider).toBeNull();
    expect(after.body.settings).toEqual({ createEmployeesOnFirstSignIn: true, requireSso: false });
    const row = await stored();
    expect(row).toMatchObject({ requireSso: false, createEmployeesOnFirstSignIn: true });
    expect(row?.providerName).toBeUndefined();
    const { data: audit } = await db.auditEntry.query.primary({ businessId: a.business.id }).go({ pages: 'all' });
    expect(audit.filter((e) => e.action === 'sso.settingsChanged').map((e) => e.fields)).toEqual([['createEmployeesOnFirstSignIn', 'requireSso'], ['requireSso']]);
  });
});

describe('domain claims expire, never block the business that proves the domain, and never leak', () => {
  it("a pending claim of another business neither blocks nor shows; an expired one is gone; 'Check' meets only a business that proved it first", async () => {
    const squatter = await createOwnerWithBusiness({ name: 'Squatter' });
    const owner = await createOwnerWithBusiness({ name: 'Real Owner' });
    const domain = uniqueDomain('sso');
    const db = await tables();

    // The squatter claims first; the owner's claim is answered exactly as a fresh one is.
    const squatted = await api('POST', `/api/businesses/${squatter.business.id}/sso/domains`, { user: squatter.owner, body: { domain } });
    expect(squatted.status).toBe(201);
    expect(Date.parse(squatted.body.expiresAt) - Date.parse(squatted.body.createdAt)).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    const { claim, check } = await claimAndProve(owner.owner, owner.business.id, domain);
    expect(JSON.stringify(claim)).not.toContain(squatter.business.id);
    expect(check.status, check.text).toBe(200);
    expect(check.body).toMatchObject({ state: 'verified', expiresAt: null });
    expect((await db.ssoDomainHolder.get({ domain }).go({ consistent: true })).data).toMatchObject({ businessId: owner.business.id });

    // The squatter cannot prove it: its own record is not there (422). Had it proven it too, it would meet the holder.
    const squatterCheck = await api('POST', `/api/businesses/${squatter.business.id}/sso/domains/${squatted.body.id}/check`, { user: squatter.owner });
    expect(squatterCheck.status).toBe(422);
    await addTxtRecord(squatted.body.txtRecord.name, squatted.body.txtRecord.value);
    cleanups.push(() => removeTxtRecord(squatted.body.txtRecord.name, squatted.body.txtRecord.value));
    const second = await api('POST', `/api/businesses/${squatter.business.id}/sso/domains/${squatted.body.id}/check`, { user: squatter.owner });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(ssoMessages.domainVerifiedElsewhere);
    expect((await db.ssoDomain.get({ domain, businessId: squatter.business.id }).go({ consistent: true })).data?.verifiedAt).toBeUndefined();

    // A claim older than 7 days is gone from its business's list, and the business may claim again.
    await db.ssoDomain.patch({ domain, businessId: squatter.business.id }).set({ expiresAt: Math.floor(Date.now() / 1000) - 60 }).go();
    const listed = await api('GET', `/api/businesses/${squatter.business.id}/sso`, { user: squatter.owner });
    expect(listed.body.domains).toEqual([]);
    const reclaimed = await api('POST', `/api/businesses/${squatter.business.id}/sso/domains`, { user: squatter.owner, body: { domain } });
    expect(reclaimed.status).toBe(201);
    expect(reclaimed.body.id).not.toBe(squatted.body.id);
  });

  it('an expired claim never blocks: the owner proves a domain a week-old claim still names', async () => {
    const stale = await createOwnerWithBusiness();
    const owner = await createOwnerWithBusiness();
    const domain = uniqueDomain('sso');
    const db = await tables();
    expect((await api('POST', `/api/businesses/${stale.business.id}/sso/domains`, { user: stale.owner, body: { domain } })).status).toBe(201);
    await db.ssoDomain.patch({ domain, businessId: stale.business.id }).set({ expiresAt: Math.floor(Date.now() / 1000) - 8 * 24 * 3600 }).go();
    const { check } = await claimAndProve(owner.owner, owner.business.id, domain);
    expect(check.status, check.text).toBe(200);
    expect(check.body.state).toBe('verified');
    // 'Sign in with SSO' finds the owner's business by it (no provider yet: the domain's own answer, not the stale one's).
    expect((await db.ssoDomainHolder.get({ domain }).go({ consistent: true })).data?.businessId).toBe(owner.business.id);
  });
});

describe('admins see and release claims', () => {
  it('lists claims with business and state; releasing a verified claim frees the domain for the business that proves it', async () => {
    const holder = await createOwnerWithBusiness({ name: 'Old Holder' });
    const owner = await createOwnerWithBusiness({ name: 'New Owner' });
    const domain = uniqueDomain('ssoadmin');
    const first = await claimAndProve(holder.owner, holder.business.id, domain);
    expect(first.check.status).toBe(200);
    const { claim, check } = await claimAndProve(owner.owner, owner.business.id, domain);
    expect(check.status).toBe(409);

    const admin = await createUser({ groups: ['admin'] });
    const list = await api('GET', `/api/admin/sso-domains?q=${encodeURIComponent(domain)}`, { user: admin });
    expect(list.status, list.text).toBe(200);
    expect(list.body.claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ domain, businessId: holder.business.id, businessName: 'Old Holder', state: 'verified' }),
        expect.objectContaining({ domain, businessId: owner.business.id, businessName: 'New Owner', state: 'pending' }),
      ]),
    );
    expect(list.body.claims).toHaveLength(2);
    // Owners may not see or release claims.
    const before = await tableFingerprint();
    expect((await api('GET', '/api/admin/sso-domains', { user: owner.owner })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/sso-domains/${domain}/claims/${holder.business.id}`, { user: owner.owner })).status).toBe(403);
    expect(await tableFingerprint()).toEqual(before);

    const released = await api('DELETE', `/api/admin/sso-domains/${domain}/claims/${holder.business.id}`, { user: admin });
    expect(released.status, released.text).toBe(204);
    const db = await tables();
    expect((await db.ssoDomainHolder.get({ domain }).go({ consistent: true })).data).toBeNull();
    expect((await db.ssoDomain.get({ domain, businessId: holder.business.id }).go({ consistent: true })).data).toBeNull();
    expect((await db.auditEntry.query.primary({ businessId: holder.business.id }).go({ pages: 'all' })).data.map((e) => e.action)).toContain('sso.domainReleased');
    expect((await api('DELETE', `/api/admin/sso-domains/${domain}/claims/${holder.business.id}`, { user: admin })).status).toBe(404);

    const now = await api('POST', `/api/businesses/${owner.business.id}/sso/domains/${claim.id}/check`, { user: owner.owner });
    expect(now.status, now.text).toBe(200);
    expect(now.body.state).toBe('verified');
  });
});
