// The local user pool's identity-provider API answers the real Cognito SDK client as Cognito does (issue 24): the
// shapes, the completed provider details, the refusals (provider name rules, a duplicate, a taken IdP identifier,
// missing details, an unknown provider), and an app client whose SupportedIdentityProviders must name existing
// providers and whose update replaces the whole configuration.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateIdentityProviderCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  GetIdentityProviderByIdentifierCommand,
  ListIdentityProvidersCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type CreateIdentityProviderCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, startCognito } from './cognito';
import { localSettings } from './settings';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0) + 310;
const s = localSettings({ LOCAL_PORT_OFFSET: String(offset), DATA_DIR: mkdtempSync(join(tmpdir(), 'idps-')) });
const metadataPort = 12890 + offset;
const cognito = cognitoClient(s);
let stopCognito: () => Promise<void>;
let issuerServer: Server;
let userPoolId: string;

const metadataXml = (entityId: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBtestcertificate</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
const issuer = `http://127.0.0.1:${metadataPort}/oidc`;

const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: Error) => [error.name, error.message]);
const saml = (name: string, identifiers: string[] = []): CreateIdentityProviderCommandInput => ({
  UserPoolId: userPoolId,
  ProviderName: name,
  ProviderType: 'SAML',
  ProviderDetails: { MetadataFile: metadataXml(`urn:test:${name}`) },
  AttributeMapping: { email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress' },
  IdpIdentifiers: identifiers,
});
const oidcDetails = { client_id: 'cardcrew-local', client_secret: 'secret', authorize_scopes: 'openid email profile', oidc_issuer: issuer, attributes_request_method: 'GET' };

beforeAll(async () => {
  issuerServer = createServer((req, res) => {
    if (req.url === '/metadata') return res.end(metadataXml('urn:test:by-url'));
    if (req.url === '/oidc/.well-known/openid-configuration') {
      return res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, userinfo_endpoint: `${issuer}/me`, jwks_uri: `${issuer}/jwks` }));
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => issuerServer.listen(metadataPort, '127.0.0.1', r));
  const { server } = await startCognito(s);
  stopCognito = () => new Promise((r) => server.close(() => r()));
  userPoolId = (await cognito.send(new CreateUserPoolCommand({ PoolName: 'idps' }))).UserPool!.Id!;
});
afterAll(async () => {
  await stopCognito?.();
  await new Promise((r) => issuerServer?.close(r));
});

describe('identity providers of the local user pool', () => {
  it('creates a SAML provider from metadata (file or URL) and describes it as Cognito does', async () => {
    const { IdentityProvider: created } = await cognito.send(new CreateIdentityProviderCommand(saml('AcmeSaml', ['acme.example'])));
    expect(created).toMatchObject({ UserPoolId: userPoolId, ProviderName: 'AcmeSaml', ProviderType: 'SAML', IdpIdentifiers: ['acme.example'], ProviderDetails: { SSORedirectBindingURI: 'https://idp.example/sso' } });
    expect(created?.CreationDate).toBeInstanceOf(Date);
    const { IdentityProvider: described } = await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'AcmeSaml' }));
    expect(described?.AttributeMapping).toEqual({ email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress' });
    const byUrl = await cognito.send(new CreateIdentityProviderCommand({ ...saml('ByUrl'), ProviderDetails: { MetadataURL: `http://127.0.0.1:${metadataPort}/metadata` } }));
    expect(byUrl.IdentityProvider?.ProviderDetails).toEqual({ MetadataURL: `http://127.0.0.1:${metadataPort}/metadata`, SSORedirectBindingURI: 'https://idp.example/sso' });
    const byIdentifier = await cognito.send(new GetIdentityProviderByIdentifierCommand({ UserPoolId: userPoolId, IdpIdentifier: 'acme.example' }));
    expect(byIdentifier.IdentityProvider?.ProviderName).toBe('AcmeSaml');
  });

  it('creates an OIDC provider, completing its endpoints from the discovery document and mapping username to sub', async () => {
    const { IdentityProvider: p } = await cognito.send(new CreateIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'AcmeOidc', ProviderType: 'OIDC', ProviderDetails: oidcDetails, AttributeMapping: { email: 'email' } }));
    expect(p?.ProviderDetails).toMatchObject({ ...oidcDetails, authorize_url: `${issuer}/auth`, token_url: `${issuer}/token`, attributes_url: `${issuer}/me`, jwks_uri: `${issuer}/jwks` });
    expect(p?.AttributeMapping).toEqual({ username: 'sub', email: 'email' });
  });

  it('refuses what Cognito refuses', async () => {
    expect(await errorOf(cognito.send(new CreateIdentityProviderCommand(saml('AcmeSaml'))))).toEqual(['DuplicateProviderException', 'A provider with the name AcmeSaml already exists in this user pool.']);
    expect((await errorOf(cognito.send(new CreateIdentityProviderCommand(saml('Other', ['acme.example'])))))?.[0]).toBe('InvalidParameterException');
    for (const bad of ['_leading', 'a b c', 'ab', 'x'.repeat(33), 'Google', 'COGNITO']) {
      expect((await errorOf(cognito.send(new CreateIdentityProviderCommand(saml(bad)))))?.[0], bad).toBe('InvalidParameterException');
    }
    expect((await errorOf(cognito.send(new CreateIdentityProviderCommand({ ...saml('NoMetadata'), ProviderDetails: {} }))))?.[0]).toBe('InvalidParameterException');
    expect((await errorOf(cognito.send(new CreateIdentityProviderCommand({ ...saml('BadMetadata'), ProviderDetails: { MetadataFile: '<nope/>' } }))))?.[0]).toBe('InvalidParameterException');
    expect((await errorOf(cognito.send(new CreateIdentityProviderCommand({ ...saml('Unreachable'), ProviderDetails: { MetadataURL: 'http://127.0.0.1:1/metadata' } }))))?.[0]).toBe('InvalidParameterException');
    for (const missing of ['client_id', 'client_secret', 'authorize_scopes', 'oidc_issuer', 'attributes_request_method']) {
      const details = Object.fromEntries(Object.entries(oidcDetails).filter(([k]) => k !== missing));
      const error = await errorOf(cognito.send(new CreateIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'Partial', ProviderType: 'OIDC', ProviderDetails: details })));
      expect(error, missing).toEqual(['InvalidParameterException', `${missing} is required for OIDC identity providers.`]);
    }
    expect((await errorOf(cognito.send(new DescribeIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'Nobody' }))))?.[0]).toBe('ResourceNotFoundException');
    expect((await errorOf(cognito.send(new GetIdentityProviderByIdentifierCommand({ UserPoolId: userPoolId, IdpIdentifier: 'nobody.example' }))))?.[0]).toBe('ResourceNotFoundException');
    expect((await errorOf(cognito.send(new UpdateIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'Nobody', IdpIdentifiers: [] }))))?.[0]).toBe('ResourceNotFoundException');
    expect((await errorOf(cognito.send(new DeleteIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'Nobody' }))))?.[0]).toBe('ResourceNotFoundException');
  });

  it('updates identifiers and mapping, refusing an identifier another provider holds', async () => {
    const { IdentityProvider: p } = await cognito.send(new UpdateIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'AcmeOidc', IdpIdentifiers: ['acme-oidc.example'], AttributeMapping: { email: 'email', given_name: 'given_name' } }));
    expect(p).toMatchObject({ IdpIdentifiers: ['acme-oidc.example'], AttributeMapping: { email: 'email', given_name: 'given_name' }, ProviderDetails: { client_id: 'cardcrew-local' } });
    expect((await errorOf(cognito.send(new UpdateIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'AcmeOidc', IdpIdentifiers: ['acme.example'] }))))?.[0]).toBe('InvalidParameterException');
  });

  it('lists providers page by page', async () => {
    const first = await cognito.send(new ListIdentityProvidersCommand({ UserPoolId: userPoolId, MaxResults: 2 }));
    expect(first.Providers?.map((p) => p.ProviderName)).toEqual(['AcmeSaml', 'ByUrl']);
    const second = await cognito.send(new ListIdentityProvidersCommand({ UserPoolId: userPoolId, MaxResults: 2, NextToken: first.NextToken }));
    expect(second.Providers?.map((p) => [p.ProviderName, p.ProviderType])).toEqual([['AcmeOidc', 'OIDC']]);
    expect(second.NextToken).toBeUndefined();
  });

  it('keeps the app client to existing providers, and an update replaces the whole client configuration', async () => {
    const create = (providers: string[]) =>
      cognito.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', CallbackURLs: ['http://localhost/cb'], AllowedOAuthFlows: ['code'], SupportedIdentityProviders: providers }));
    expect((await errorOf(create(['COGNITO', 'Missing'])))?.[0]).toBe('InvalidParameterException');
    const clientId = (await create(['COGNITO', 'AcmeSaml'])).UserPoolClient!.ClientId!;
    expect((await errorOf(cognito.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, SupportedIdentityProviders: ['Missing'] }))))?.[0]).toBe('InvalidParameterException');
    await cognito.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, SupportedIdentityProviders: ['COGNITO', 'AcmeSaml', 'AcmeOidc'] }));
    const { UserPoolClient: c } = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
    expect(c?.SupportedIdentityProviders).toEqual(['COGNITO', 'AcmeSaml', 'AcmeOidc']);
    // Left out of the update, so reset, as in Cognito.
    expect(c?.CallbackURLs).toBeUndefined();
    expect(c?.ClientName).toBe('web');
    // A deleted provider leaves the client.
    await cognito.send(new DeleteIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: 'AcmeOidc' }));
    const after = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
    expect(after.UserPoolClient?.SupportedIdentityProviders).toEqual(['COGNITO', 'AcmeSaml']);
  });
});
