// The single sign-on stand-ins as `npm start` runs them (issue 24): the handlers' environment says what an identity
// provider needs from us and where the DNS stand-in listens; the local pool connects the running test identity
// providers (their metadata and discovery documents are read, as Cognito reads them); a TXT record added on the DNS
// stand-in's page answers node's Resolver at DNS_SERVER. The sign-in round trips and refusals are tested in-process by
// functions/local/sso-stand-ins.test.ts.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { CreateIdentityProviderCommand, DeleteIdentityProviderCommand, DescribeIdentityProviderCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { cognito, runtime } from '../support/runtime';

const { env, ids, settings } = runtime;
const hostedUi = `http://127.0.0.1:${settings.hostedUiPort}`;

describe('single sign-on stand-ins under npm start', () => {
  it('gives the handlers what an identity provider needs from us, and the DNS server', () => {
    expect(env).toMatchObject({
      SSO_SAML_ACS_URL: `${hostedUi}/saml2/idpresponse`,
      SSO_SAML_AUDIENCE: `urn:amazon:cognito:sp:${ids.userPoolId}`,
      SSO_OIDC_REDIRECT_URI: `${hostedUi}/oauth2/idpresponse`,
      DNS_SERVER: `127.0.0.1:${settings.dnsPort}`,
      LOCAL_OIDC_ISSUER: `http://127.0.0.1:${settings.oidcIdpPort}`,
      LOCAL_SAML_METADATA_URL: `http://127.0.0.1:${settings.samlIdpPort}/metadata`,
    });
  });

  it('connects the running SAML and OIDC test providers to the local pool', async () => {
    const suffix = randomBytes(3).toString('hex');
    const saml = `StandInSaml${suffix}`;
    const oidc = `StandInOidc${suffix}`;
    await cognito.send(new CreateIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: saml, ProviderType: 'SAML', ProviderDetails: { MetadataURL: env.LOCAL_SAML_METADATA_URL! }, AttributeMapping: { email: 'email' } }));
    await cognito.send(
      new CreateIdentityProviderCommand({
        UserPoolId: ids.userPoolId,
        ProviderName: oidc,
        ProviderType: 'OIDC',
        ProviderDetails: { client_id: 'cardcrew-local', client_secret: 'cardcrew-local-oidc-secret', authorize_scopes: 'openid email profile', oidc_issuer: env.LOCAL_OIDC_ISSUER!, attributes_request_method: 'GET' },
        AttributeMapping: { email: 'email' },
      }),
    );
    try {
      const samlDetails = (await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: saml }))).IdentityProvider?.ProviderDetails;
      expect(samlDetails?.SSORedirectBindingURI).toBe(`http://127.0.0.1:${settings.samlIdpPort}/sso`);
      const oidcDetails = (await cognito.send(new DescribeIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: oidc }))).IdentityProvider?.ProviderDetails;
      expect(oidcDetails).toMatchObject({ authorize_url: `${env.LOCAL_OIDC_ISSUER}/auth`, token_url: `${env.LOCAL_OIDC_ISSUER}/token`, jwks_uri: `${env.LOCAL_OIDC_ISSUER}/jwks` });
    } finally {
      await cognito.send(new DeleteIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: saml }));
      await cognito.send(new DeleteIdentityProviderCommand({ UserPoolId: ids.userPoolId, ProviderName: oidc }));
    }
  });

  it('answers a TXT record added on the DNS stand-in through the Resolver the product uses', async () => {
    const name = `_cardcrew.${randomBytes(4).toString('hex')}.example`;
    const value = `cardcrew-domain-verification=${randomBytes(8).toString('hex')}`;
    const resolver = new Resolver();
    resolver.setServers([env.DNS_SERVER!]);
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const added = await fetch(`http://127.0.0.1:${settings.dnsPort}/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) });
    expect(added.status).toBe(200);
    expect(await resolver.resolveTxt(name)).toEqual([[value]]);
  });
});
