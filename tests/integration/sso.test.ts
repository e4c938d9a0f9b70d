// Single sign-on (issue 24), the product side through the real API and the local user pool's identity-provider API:
// a domain is claimed with a TXT record to create (another business's claim neither blocks nor shows), public mail
// domains are refused,
// an employee may not touch it (403, nothing changed); 'Check' refuses a domain without its record; a SAML provider
// (uploaded metadata) and an OIDC provider are created in Cognito and added to the app client — two owners saving at
// once both end up in it — and disconnecting reverses both; the OIDC secret is never answered; every change is audited.
import { DescribeIdentityProviderCommand, DescribeUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { ssoMessages } from '../../shared/messages/sso';
import { providerNameOf } from '../../functions/src/sso/provider-name';
import { addEmployee, api, cognito, createOwnerWithBusiness, createUser, runtime, signIn, tables, uniqueDomain, type TestUser } from '../support/runtime';
import { sampleSamlMetadata } from '../support/saml-metadata';
import { tableFingerprint } from '../support/table-fingerprint';

const UserPoolId = runtime.ids.userPoolId;
const ClientId = runtime.ids.userPoolClientId;

async function clientProviders(): Promise<string[]> {
  const { UserPoolClient } = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId, ClientId }));
  return UserPoolClient?.SupportedIdentityProviders ?? [];
}

async function cognitoProvider(name: string) {
  try {
    return (await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId, ProviderName: name }))).IdentityProvider ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

async function auditActions(businessId: string): Promise<string[]> {
  const db = await tables();
  const { data } = await db.auditEntry.query.primary({ businessId }).go({ pages: 'all' });
  return data.map((e) => e.action);
}

const claim = (user: TestUser, businessId: string, domain: string) => api('POST', `/api/businesses/${businessId}/sso/domains`, { user, body: { domain } });
const connectSaml = (user: TestUser, businessId: string, entityId?: string) =>
  api('PUT', `/api/businesses/${businessId}/sso/provider`, { user, body: { type: 'SAML', metadataXml: sampleSamlMetadata(entityId) } });

/**
 * A SAML provider with a recorded successful test sign-in, as 'Require SSO' needs (the test itself, through the IdP and
 * the API, is tests/integration/sso-setup-checks.test.ts): written straight to the connection, as the API records it.
 */
async function connectTestedProvider(user: TestUser, businessId: string): Promise<void> {
  const connected = await connectSaml(user, businessId);
  expect(connected.status, connected.text).toBe(200);
  const db = await tables();
  await db.ssoConnection.patch({ businessId }).set({ testedProviderName: connected.body.provider.providerName, testedAt: new Date().toISOString() }).go();
}

describe('single sign-on: domains', () => {
  it("claims a domain with a TXT record to create; another business's claim neither blocks nor shows; public mail domains and employees are refused", async () => {
    const a = await createOwnerWithBusiness();
    const b = await createOwnerWithBusiness();
    const domain = uniqueDomain('sso');

    const claimed = await claim(a.owner, a.business.id, domain.toUpperCase());
    expect(claimed.status, claimed.text).toBe(201);
    expect(claimed.body).toMatchObject({ domain, state: 'pending', verifiedAt: null, txtRecord: { type: 'TXT', name: `_cardcrew-sso.${domain}` } });
    expect(claimed.body.txtRecord.value).toMatch(/^cardcrew-sso=[A-Za-z0-9_-]{24}$/);
    const db = await tables();
    expect((await db.ssoDomain.get({ domain, businessId: a.business.id }).go({ consistent: true })).data).toMatchObject({ businessId: a.business.id, domainId: claimed.body.id });

    // A claim proves nothing: B's claim of the same domain is answered as A's was, with B's own record to create.
    const also = await claim(b.owner, b.business.id, domain);
    expect(also.status, also.text).toBe(201);
    expect(also.body).toMatchObject({ domain, state: 'pending', verifiedAt: null });
    expect(also.body.txtRecord.value).not.toBe(claimed.body.txtRecord.value);
    expect((await db.ssoDomain.get({ domain, businessId: b.business.id }).go({ consistent: true })).data).toMatchObject({ domainId: also.body.id });
    const again = await claim(a.owner, a.business.id, domain);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ssoMessages.domainClaimedHere);

    const gmail = await claim(a.owner, a.business.id, 'gmail.com');
    expect(gmail.status).toBe(400);
    expect(gmail.body.error.fieldErrors.domain).toBe(ssoMessages.publicMailDomain);

    const employee = await addEmployee(a.owner, a.business.id);
    const employeeUser = await createUser({ email: employee.email });
    const before = await tableFingerprint();
    expect((await claim(employeeUser, a.business.id, uniqueDomain('sso'))).status).toBe(403);
    expect((await api('GET', `/api/businesses/${a.business.id}/sso`, { user: employeeUser })).status).toBe(403);
    expect((await api('DELETE', `/api/businesses/${a.business.id}/sso/domains/${claimed.body.id}`, { user: b.owner })).status).toBe(403);
    expect(await tableFingerprint()).toEqual(before);

    const read = await api('GET', `/api/businesses/${a.business.id}/sso`, { user: a.owner });
    expect(read.status).toBe(200);
    expect(read.body.domains).toEqual([claimed.body]);
    expect(read.body.provider).toBeNull();
    expect(read.body.settings).toEqual({ createEmployeesOnFirstSignIn: false, requireSso: false });
    expect(read.body.serviceProvider).toEqual({
      acsUrl: `${runtime.env.SSO_AUTH_ORIGIN}/saml2/idpresponse`,
      audience: `urn:amazon:cognito:sp:${UserPoolId}`,
      redirectUri: `${runtime.env.SSO_AUTH_ORIGIN}/oauth2/idpresponse`,
    });
  });

  it("refuses 'Check' while the TXT record is missing (the domain stays pending), then removes the domain", async () => {
    const a = await createOwnerWithBusiness();
    const domain = uniqueDomain('sso');
    const claimed = await claim(a.owner, a.business.id, domain);
    const check = await api('POST', `/api/businesses/${a.business.id}/sso/domains/${claimed.body.id}/check`, { user: a.owner });
    expect(check.status).toBe(422);
    expect([ssoMessages.dnsRecordMissing, ssoMessages.dnsLookupFailed]).toContain(check.body.error.message);
    const db = await tables();
    expect((await db.ssoDomain.get({ domain, businessId: a.business.id }).go({ consistent: true })).data?.verifiedAt).toBeUndefined();

    expect((await api('DELETE', `/api/businesses/${a.business.id}/sso/domains/${claimed.body.id}`, { user: a.owner })).status).toBe(204);
    expect((await db.ssoDomain.get({ domain, businessId: a.business.id }).go({ consistent: true })).data).toBeNull();
    expect((await api('DELETE', `/api/businesses/${a.business.id}/sso/domains/${claimed.body.id}`, { user: a.owner })).status).toBe(404);
    // Free again: another business may claim it.
    const b = await createOwnerWithBusiness();
    expect((await claim(b.owner, b.business.id, domain)).status).toBe(201);
    expect(await auditActions(a.business.id)).toEqual(expect.arrayContaining(['sso.domainClaimed', 'sso.domainRemoved']));
  });
});

describe('single sign-on: the identity provider in Cognito', () => {
  it('connects SAML from uploaded metadata: the provider with its mapping, in the app client; disconnect removes both', async () => {
    const a = await createOwnerWithBusiness();
    const name = providerNameOf(a.business.id);
    const res = await connectSaml(a.owner, a.business.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.provider).toMatchObject({ type: 'SAML', providerName: name, entityId: 'https://idp.acme.example/saml', signInUrl: 'https://idp.acme.example/saml/sso', metadataUrl: null });

    const provider = await cognitoProvider(name);
    expect(provider).toMatchObject({ ProviderType: 'SAML', IdpIdentifiers: [] });
    expect(provider!.AttributeMapping).toMatchObject({ email: 'email', given_name: 'given_name', family_name: 'family_name' });
    expect(await clientProviders()).toContain(name);
    // The client keeps what it had (the house sign-in).
    expect(await clientProviders()).toContain('COGNITO');

    const db = await tables();
    expect((await db.ssoConnection.get({ businessId: a.business.id }).go()).data).toMatchObject({ providerName: name, providerType: 'SAML' });

    expect((await api('DELETE', `/api/businesses/${a.business.id}/sso/provider`, { user: a.owner })).status).toBe(204);
    expect(await cognitoProvider(name)).toBeNull();
    expect(await clientProviders()).not.toContain(name);
    expect((await api('GET', `/api/businesses/${a.business.id}/sso`, { user: a.owner })).body.provider).toBeNull();
    expect(await auditActions(a.business.id)).toEqual(expect.arrayContaining(['sso.providerConnected', 'sso.providerDisconnected']));
  });

  it('refuses metadata without a signing certificate and an OIDC issuer without a discovery document, creating nothing', async () => {
    const a = await createOwnerWithBusiness();
    const name = providerNameOf(a.business.id);
    const noCert = await api('PUT', `/api/businesses/${a.business.id}/sso/provider`, {
      user: a.owner,
      body: { type: 'SAML', metadataXml: sampleSamlMetadata().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '') },
    });
    expect(noCert.status).toBe(400);
    expect(noCert.body.error.fieldErrors.metadataXml).toBe(ssoMessages.metadataNoCertificate);
    // The site itself publishes no discovery document.
    const noDiscovery = await api('PUT', `/api/businesses/${a.business.id}/sso/provider`, {
      user: a.owner,
      body: { type: 'OIDC', issuer: runtime.origin, clientId: 'cardcrew', clientSecret: 'a-client-secret' },
    });
    expect(noDiscovery.status).toBe(400);
    expect(noDiscovery.body.error.fieldErrors.issuer).toBe(ssoMessages.issuerNoDiscovery);
    expect(await cognitoProvider(name)).toBeNull();
    expect(await clientProviders()).not.toContain(name);
  });

  it('serialises the app client update: two owners connecting at once both end up in the client', async () => {
    const owners = await Promise.all([createOwnerWithBusiness(), createOwnerWithBusiness(), createOwnerWithBusiness()]);
    const results = await Promise.all(owners.map((o, i) => connectSaml(o.owner, o.business.id, `https://idp${i}.example/saml`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const providers = await clientProviders();
    for (const o of owners) expect(providers).toContain(providerNameOf(o.business.id));
    // And two disconnecting at once both leave it.
    await Promise.all(owners.slice(0, 2).map((o) => api('DELETE', `/api/businesses/${o.business.id}/sso/provider`, { user: o.owner })));
    const after = await clientProviders();
    expect(after).not.toContain(providerNameOf(owners[0]!.business.id));
    expect(after).not.toContain(providerNameOf(owners[1]!.business.id));
    expect(after).toContain(providerNameOf(owners[2]!.business.id));
  });

  it('saves the switches and audits the change', async () => {
    const a = await createOwnerWithBusiness();
    await connectTestedProvider(a.owner, a.business.id);
    const res = await api('PUT', `/api/businesses/${a.business.id}/sso/settings`, { user: a.owner, body: { createEmployeesOnFirstSignIn: true, requireSso: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.settings).toEqual({ createEmployeesOnFirstSignIn: true, requireSso: true });
    const db = await tables();
    expect((await db.ssoConnection.get({ businessId: a.business.id }).go()).data).toMatchObject({ createEmployeesOnFirstSignIn: true, requireSso: true });
    expect(await auditActions(a.business.id)).toContain('sso.settingsChanged');
  });

  it("'Require SSO' refuses an employee's password sign-in with the way to sign in, never the owner's; off again, it signs in", async () => {
    const a = await createOwnerWithBusiness();
    const employee = await addEmployee(a.owner, a.business.id, { status: 'active' });
    const person = await createUser();
    const db = await tables();
    await db.membership.create({ userId: person.sub, scopeType: 'business', scopeId: a.business.id, role: 'employee', employeeId: employee.id }).go();
    const settings = (requireSso: boolean) => api('PUT', `/api/businesses/${a.business.id}/sso/settings`, { user: a.owner, body: { createEmployeesOnFirstSignIn: false, requireSso } });
    await connectTestedProvider(a.owner, a.business.id);

    expect((await settings(true)).status).toBe(200);
    const refused = await signIn(person.email, person.password).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe('UserLambdaValidationException');
    expect((refused as Error).message).toBe(`PreAuthentication failed with error ${ssoMessages.ssoRequired}.`);
    // The owner keeps a password sign-in, so a broken provider cannot lock the business out.
    expect((await signIn(a.owner.email, a.owner.password)).sub).toBe(a.owner.sub);

    expect((await settings(false)).status).toBe(200);
    expect((await signIn(person.email, person.password)).sub).toBe(person.sub);
  });

  it('discovers nothing for a domain without a verified SSO provider', async () => {
    const res = await api('POST', '/api/sso/discover', { body: { email: `someone@${uniqueDomain('sso')}` } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(ssoMessages.noSsoForDomain);
  });
});
