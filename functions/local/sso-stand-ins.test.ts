// The single sign-on stand-ins end to end (issue 24), in-process on their own ports: the hosted UI signs people in
// through the local SAML and OIDC identity providers up to the user pool's tokens, and refuses — back to the app with
// error and error_description, nobody signed in, no user created — every bad answer the issue lists: an unsigned or
// wrongly signed assertion, the wrong audience or recipient, an expired or not yet valid assertion, a replay, an
// unknown InResponseTo; an id_token with the wrong issuer, audience or nonce (or expired, or wrongly signed). The pages
// are driven with fetch like a browser would (cookies, redirects, the auto-posting form). The DNS stand-in answers
// node's Resolver.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  ListUsersCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUserPool, startCognito } from './cognito';
import { startDnsStandIn, type DnsStandIn } from './dns';
import { startHostedUi } from './hosted-ui';
import { LOCAL_OIDC_CLIENT, startOidcIdp, type IdTokenKnobs, type OidcIdp } from './oidc-idp';
import { startSamlIdp, type SamlIdp, type SamlResponseKnobs } from './saml-idp';
import { localSettings, ssoLocalEndpoints } from './settings';
import { SSO_TEST_PASSWORD } from './sso-test-users';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0) + 320;
const dataDir = mkdtempSync(join(tmpdir(), 'sso-'));
const s = localSettings({ LOCAL_PORT_OFFSET: String(offset), DATA_DIR: dataDir });
const cognito = cognitoClient(s);
const hostedUi = `http://${s.host}:${s.hostedUiPort}`;
const app = `${s.origin}/`;
/** E-mail addresses the pool's pre-sign-up trigger refuses in this test (the product's own rules are tested elsewhere). */
const refusedByTrigger = new Set(['new.hire@acme.example']);
const closers: (() => Promise<unknown>)[] = [];
let ids: { userPoolId: string; userPoolClientId: string };
let samlIdp: SamlIdp;
let oidcIdp: OidcIdp;
let dns: DnsStandIn;

beforeAll(async () => {
  const started = await startCognito(s, {
    preSignUp: async (event) => {
      if (refusedByTrigger.has(event.request.userAttributes.email ?? '')) throw new Error('No employee of this business has this e-mail.');
    },
    // The stand-ins alone, without the product's table: 'Require SSO' is tested in tests/integration/sso.test.ts.
    signIn: async () => undefined,
  });
  closers.push(() => new Promise((r) => started.server.close(r)));
  ids = await ensureUserPool(cognito, s);
  const ui = await startHostedUi(s, started.federation);
  closers.push(() => new Promise((r) => ui.close(r)));
  samlIdp = await startSamlIdp({ host: s.host, port: s.samlIdpPort, dataDir });
  closers.push(() => samlIdp.close());
  oidcIdp = await startOidcIdp({ host: s.host, port: s.oidcIdpPort, dataDir, redirectUris: [ssoLocalEndpoints(s, ids.userPoolId).oidcRedirectUri] });
  closers.push(() => oidcIdp.close());
  dns = await startDnsStandIn({ host: s.host, port: s.dnsPort, file: join(dataDir, 'dns', 'txt.json') });
  closers.push(() => dns.close());

  const mapping = { email: 'email', given_name: 'given_name', family_name: 'family_name' };
  await cognito.send(new CreateIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: 'AcmeSaml', ProviderType: 'SAML', ProviderDetails: { MetadataURL: samlIdp.metadataUrl }, AttributeMapping: mapping, IdpIdentifiers: ['acme.example'] }));
  await cognito.send(
    new CreateIdentityProviderCommand({
      UserPoolId: ids.userPoolId,
      ProviderName: 'AcmeOidc',
      ProviderType: 'OIDC',
      ProviderDetails: { client_id: LOCAL_OIDC_CLIENT.clientId, client_secret: LOCAL_OIDC_CLIENT.clientSecret, authorize_scopes: 'openid email profile', oidc_issuer: oidcIdp.issuer, attributes_request_method: 'GET' },
      AttributeMapping: { ...mapping, email_verified: 'email_verified' },
      IdpIdentifiers: ['acme-oidc.example'],
    }),
  );
  await cognito.send(new CreateIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: 'Unlisted', ProviderType: 'SAML', ProviderDetails: { MetadataURL: samlIdp.metadataUrl }, IdpIdentifiers: ['unlisted.example'] }));
  // Read, modify, write: UpdateUserPoolClient replaces the whole configuration.
  const { UserPoolClient: c } = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }));
  const { ClientSecret: _secret, CreationDate: _created, LastModifiedDate: _modified, ...config } = c!;
  await cognito.send(new UpdateUserPoolClientCommand({ ...config, UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId, SupportedIdentityProviders: [...(c!.SupportedIdentityProviders ?? []), 'AcmeSaml', 'AcmeOidc'] }));
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

/** A browser's cookies, good enough for one host per name. */
const jar = new Map<string, string>();
async function browse(url: string, init: RequestInit = {}): Promise<{ url: string; status: number; location?: string; body: string }> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
  const location = res.headers.get('location');
  return { url, status: res.status, body: await res.text(), ...(location ? { location: new URL(location, url).toString() } : {}) };
}
/** Follows redirects until the app is reached (its URL returned) or a page is shown. */
async function follow(url: string, init?: RequestInit): Promise<{ appUrl?: URL; page?: { url: string; body: string } }> {
  let step = await browse(url, init);
  for (let i = 0; i < 10 && step.location; i++) {
    if (step.location.startsWith(app)) return { appUrl: new URL(step.location) };
    step = await browse(step.location);
  }
  return { page: { url: step.url, body: step.body } };
}
const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const hidden = (body: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(body)?.[1];

function authorizeUrl(params: Record<string, string>) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({ client_id: ids.userPoolClientId, redirect_uri: app, response_type: 'code', scope: 'openid email profile', state: 'app-state', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', ...params });
  return { url: `${hostedUi}/oauth2/authorize?${query}`, verifier };
}

async function tokensFor(appUrl: URL, verifier: string) {
  expect(appUrl.searchParams.get('error_description')).toBeNull();
  expect(appUrl.searchParams.get('state')).toBe('app-state');
  const res = await fetch(`${hostedUi}/oauth2/token`, form({ grant_type: 'authorization_code', client_id: ids.userPoolClientId, redirect_uri: app, code: appUrl.searchParams.get('code')!, code_verifier: verifier }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id_token: string };
  return decodeJwt(body.id_token);
}

/** SAML up to the auto-posting form: the response the IdP would POST to the ACS URL, and its RelayState. */
async function samlPost(params: Record<string, string>, email: string, knobs?: SamlResponseKnobs) {
  const start = authorizeUrl(params);
  const { page } = await follow(start.url);
  expect(page?.url).toContain(`http://${s.host}:${s.samlIdpPort}/sso?SAMLRequest=`);
  if (knobs) await fetch(`http://${s.host}:${s.samlIdpPort}/test/next-response`, { method: 'POST', body: JSON.stringify(knobs) });
  const posted = await browse(`http://${s.host}:${s.samlIdpPort}/login`, form({ request: hidden(page!.body, 'request')!, email, password: SSO_TEST_PASSWORD }));
  expect(posted.body).toContain(`action="${hostedUi}/saml2/idpresponse"`);
  return { verifier: start.verifier, SAMLResponse: hidden(posted.body, 'SAMLResponse')!, RelayState: hidden(posted.body, 'RelayState')! };
}
const postToAcs = (fields: { SAMLResponse: string; RelayState: string }) => follow(`${hostedUi}/saml2/idpresponse`, form(fields));

async function oidcSignIn(params: Record<string, string>, email: string, knobs?: IdTokenKnobs) {
  jar.clear(); // a new browser: the provider's own session would skip its login page
  const start = authorizeUrl(params);
  const { page } = await follow(start.url);
  expect(page?.url).toMatch(new RegExp(`^${oidcIdp.issuer}/interaction/`));
  expect(page?.body).toContain('<label for="email">Work e-mail</label>');
  if (knobs) await fetch(`${oidcIdp.issuer}/test/next-id-token`, { method: 'POST', body: JSON.stringify(knobs) });
  const action = /action="([^"]+)"/.exec(page!.body)![1]!;
  const done = await follow(new URL(action, page!.url).toString(), form({ email, password: SSO_TEST_PASSWORD }));
  return { appUrl: done.appUrl!, verifier: start.verifier };
}

const usersNamed = async (username: string) => ((await cognito.send(new ListUsersCommand({ UserPoolId: ids.userPoolId }))).Users ?? []).filter((u) => u.Username === username);
const attributesOf = (user: { Attributes?: { Name?: string; Value?: string }[] } | undefined) => Object.fromEntries((user?.Attributes ?? []).map((a) => [a.Name, a.Value]));
const refusal = (appUrl: URL | undefined) => ({ error: appUrl?.searchParams.get('error'), description: appUrl?.searchParams.get('error_description'), code: appUrl?.searchParams.get('code'), state: appUrl?.searchParams.get('state') });

describe('SAML 2.0 through the hosted UI', () => {
  it('signs a person in by identity_provider, with the mapped e-mail and the identity Cognito writes', async () => {
    const post = await samlPost({ identity_provider: 'AcmeSaml' }, 'marcus@acme.example');
    const { appUrl } = await postToAcs(post);
    const claims = await tokensFor(appUrl!, post.verifier);
    expect(claims).toMatchObject({ email: 'marcus@acme.example', 'cognito:username': 'AcmeSaml_marcus@acme.example' });
    const [user] = await usersNamed('AcmeSaml_marcus@acme.example');
    expect(user?.UserStatus).toBe('EXTERNAL_PROVIDER');
    expect(attributesOf(user)).toMatchObject({ email: 'marcus@acme.example', given_name: 'Marcus', family_name: 'Lee' });
    const identities = JSON.parse(user!.Attributes!.find((a) => a.Name === 'identities')!.Value!) as { providerName: string; providerType: string; userId: string }[];
    expect(identities).toMatchObject([{ providerName: 'AcmeSaml', providerType: 'SAML', userId: 'marcus@acme.example', issuer: samlIdp.entityId }]);
  });

  it('picks the provider by idp_identifier (the e-mail domain)', async () => {
    const post = await samlPost({ idp_identifier: 'acme.example' }, 'jane@acme.example');
    const claims = await tokensFor((await postToAcs(post)).appUrl!, post.verifier);
    expect(claims.email).toBe('jane@acme.example');
  });

  it('refuses a provider the app client does not support, and an identifier nobody holds', async () => {
    const cases: Record<string, string>[] = [{ identity_provider: 'Unlisted' }, { idp_identifier: 'unlisted.example' }, { idp_identifier: 'nobody.example' }, { identity_provider: 'Nobody' }];
    for (const params of cases) {
      const { appUrl } = await follow(authorizeUrl(params).url);
      expect(refusal(appUrl), JSON.stringify(params)).toMatchObject({ error: 'invalid_request', code: null, state: 'app-state' });
    }
  });

  const refusals: [string, SamlResponseKnobs, RegExp][] = [
    ['an unsigned assertion', { unsigned: true }, /signature/i],
    ['a wrongly signed assertion', { wrongKey: true }, /signature/i],
    ['the wrong audience', { audience: 'urn:amazon:cognito:sp:someone-else' }, /audience/i],
    ['the wrong recipient', { recipient: 'https://evil.example/saml2/idpresponse' }, /Recipient/],
    ['the wrong destination', { destination: 'https://evil.example/saml2/idpresponse' }, /Destination/],
    ['an expired assertion', { notOnOrAfterShift: -400 }, /expired|no valid subject confirmation/i],
    ['an assertion not yet valid', { notBeforeShift: 600 }, /not yet valid/i],
    ['an unknown InResponseTo', { inResponseTo: '_not-a-request-we-sent' }, /InResponseTo/],
  ];
  for (const [what, knobs, reason] of refusals) {
    it(`refuses ${what}: back to the app with the reason, nobody signed in, no user created`, async () => {
      const post = await samlPost({ identity_provider: 'AcmeSaml' }, 'contractor@elsewhere.example', knobs);
      const { appUrl } = await postToAcs(post);
      expect(refusal(appUrl)).toMatchObject({ error: 'invalid_request', code: null, state: 'app-state' });
      expect(refusal(appUrl).description).toMatch(reason);
      expect(await usersNamed('AcmeSaml_contractor@elsewhere.example')).toEqual([]);
    });
  }

  it('refuses a replayed assertion, even inside a new sign-in', async () => {
    const post = await samlPost({ identity_provider: 'AcmeSaml' }, 'jane@acme.example');
    expect((await postToAcs(post)).appUrl?.searchParams.get('code')).toBeTruthy();
    // The same response again: its sign-in is over, so the hosted UI has nowhere to send it.
    expect((await postToAcs(post)).page?.body).toMatch(/already used/);
    // Inside a sign-in the attacker started: back to that app, refused.
    const fresh = await samlPost({ identity_provider: 'AcmeSaml' }, 'marcus@acme.example');
    const { appUrl } = await postToAcs({ SAMLResponse: post.SAMLResponse, RelayState: fresh.RelayState });
    expect(refusal(appUrl)).toMatchObject({ error: 'invalid_request', code: null });
    expect(refusal(appUrl).description).toMatch(/already used/);
  });

  it('sends a refusal of the pre-sign-up trigger back to the app and creates no user', async () => {
    const post = await samlPost({ identity_provider: 'AcmeSaml' }, 'new.hire@acme.example');
    const { appUrl } = await postToAcs(post);
    expect(refusal(appUrl)).toMatchObject({ error: 'invalid_request', code: null, description: 'PreSignUp failed with error No employee of this business has this e-mail..' });
    expect(await usersNamed('AcmeSaml_new.hire@acme.example')).toEqual([]);
  });
});

describe('OpenID Connect through the hosted UI', () => {
  it('signs a person in with code, PKCE and nonce, with the mapped e-mail', async () => {
    const { appUrl, verifier } = await oidcSignIn({ identity_provider: 'AcmeOidc' }, 'marcus@acme.example');
    const claims = await tokensFor(appUrl, verifier);
    expect(claims).toMatchObject({ email: 'marcus@acme.example', email_verified: true, 'cognito:username': 'AcmeOidc_acme-0001' });
    const [user] = await usersNamed('AcmeOidc_acme-0001');
    expect(attributesOf(user)).toMatchObject({ email: 'marcus@acme.example', email_verified: 'true', given_name: 'Marcus', family_name: 'Lee' });
    expect(JSON.parse(user!.Attributes!.find((a) => a.Name === 'identities')!.Value!)).toMatchObject([{ providerName: 'AcmeOidc', providerType: 'OIDC', userId: 'acme-0001', issuer: oidcIdp.issuer }]);
  });

  it('picks the provider by idp_identifier', async () => {
    const { appUrl, verifier } = await oidcSignIn({ idp_identifier: 'acme-oidc.example' }, 'jane@acme.example');
    expect((await tokensFor(appUrl, verifier)).email).toBe('jane@acme.example');
  });

  const refusals: [string, IdTokenKnobs, RegExp][] = [
    ['the wrong issuer', { iss: 'http://127.0.0.1:1/not-the-issuer' }, /iss/],
    ['the wrong audience', { aud: 'someone-else' }, /aud/],
    ['the wrong nonce', { nonce: 'not-the-nonce' }, /nonce/],
    ['an expired id_token', { expiresIn: -60 }, /exp/],
    ['a wrongly signed id_token', { wrongKey: true }, /signature/],
  ];
  for (const [what, knobs, reason] of refusals) {
    it(`refuses ${what}: back to the app with the reason, no user created`, async () => {
      const { appUrl } = await oidcSignIn({ identity_provider: 'AcmeOidc' }, 'contractor@elsewhere.example', knobs);
      expect(refusal(appUrl)).toMatchObject({ error: 'invalid_request', code: null, state: 'app-state' });
      expect(refusal(appUrl).description).toMatch(reason);
      expect(await usersNamed('AcmeOidc_else-0001')).toEqual([]);
    });
  }
});

describe('DNS stand-in', () => {
  it('answers TXT queries through node’s Resolver from the records its page adds, NXDOMAIN otherwise', async () => {
    const resolver = new Resolver();
    resolver.setServers([`${s.host}:${s.dnsPort}`]);
    const add = await fetch(`http://${s.host}:${s.dnsPort}/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '_cardcrew.Acme.Example.', value: 'cardcrew-verification=abc123' }) });
    expect(add.status).toBe(200);
    expect(await resolver.resolveTxt('_cardcrew.acme.example')).toEqual([['cardcrew-verification=abc123']]);
    const long = 'x'.repeat(300);
    await fetch(`http://${s.host}:${s.dnsPort}/records`, form({ name: '_cardcrew.acme.example', value: long }));
    expect((await resolver.resolveTxt('_cardcrew.acme.example')).map((chunks) => chunks.join(''))).toEqual(['cardcrew-verification=abc123', long]);
    await expect(resolver.resolveTxt('_cardcrew.nobody.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await fetch(`http://${s.host}:${s.dnsPort}/records/delete`, form({ name: '_cardcrew.acme.example' }));
    await expect(resolver.resolveTxt('_cardcrew.acme.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const page = await (await fetch(`http://${s.host}:${s.dnsPort}/`)).text();
    expect(page).toContain('<label for="name">Name</label>');
  });
});
