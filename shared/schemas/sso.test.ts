import { describe, expect, it } from 'vitest';
import { ssoMessages } from '../messages/sso';
import { claimSsoDomainSchema, ssoDiscoverySchema, ssoProviderInputSchema } from './sso';

const domainError = (domain: unknown) => {
  const r = claimSsoDomainSchema.safeParse({ domain });
  return r.success ? null : r.error.issues[0]!.message;
};

describe('claimSsoDomainSchema', () => {
  it('keeps a hostname lower-cased and trimmed', () => {
    expect(claimSsoDomainSchema.parse({ domain: ' Acme.Example ' })).toEqual({ domain: 'acme.example' });
    expect(claimSsoDomainSchema.parse({ domain: 'mail.acme-corp.co.uk' })).toEqual({ domain: 'mail.acme-corp.co.uk' });
  });

  it('refuses public mail domains and what is no hostname', () => {
    expect(domainError('gmail.com')).toBe(ssoMessages.publicMailDomain);
    expect(domainError('Outlook.com')).toBe(ssoMessages.publicMailDomain);
    for (const bad of ['acme', 'me@acme.example', 'acme..example', '-acme.example', 'acme.example/', '1.2.3.4', 'acme example.com', '*.acme.example']) {
      expect(domainError(bad), bad).toBe(ssoMessages.domainInvalid);
    }
    expect(domainError('')).toBe(ssoMessages.domainRequired);
    expect(domainError(`${'a'.repeat(37)}.com`)).toBe(ssoMessages.domainTooLong);
    expect(domainError(`${'a'.repeat(36)}.com`)).toBeNull();
  });
});

describe('ssoProviderInputSchema', () => {
  const issues = (body: unknown) => {
    const r = ssoProviderInputSchema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes SAML metadata by URL or as XML, never both or neither', () => {
    expect(issues({ type: 'SAML', metadataUrl: 'https://idp.example/metadata' })).toEqual({});
    expect(issues({ type: 'SAML', metadataXml: '<md:EntityDescriptor/>' })).toEqual({});
    expect(issues({ type: 'SAML' })).toEqual({ metadataUrl: ssoMessages.metadataRequired });
    expect(issues({ type: 'SAML', metadataUrl: 'https://idp.example/m', metadataXml: '<x/>' })).toEqual({ metadataUrl: ssoMessages.metadataRequired });
    expect(issues({ type: 'SAML', metadataUrl: 'javascript:alert(1)' })).toEqual({ metadataUrl: ssoMessages.metadataUrlInvalid });
  });

  it('needs an OIDC issuer URL, client id and secret', () => {
    expect(issues({ type: 'OIDC', issuer: 'https://login.acme.example', clientId: 'abc', clientSecret: 's3cret' })).toEqual({});
    expect(issues({ type: 'OIDC' })).toEqual({ issuer: ssoMessages.issuerInvalid, clientId: ssoMessages.clientIdRequired, clientSecret: ssoMessages.clientSecretRequired });
    expect(issues({ type: 'OIDC', issuer: 'ftp://x', clientId: 'a', clientSecret: 'b' })).toEqual({ issuer: ssoMessages.issuerInvalid });
    expect(issues({ type: 'LDAP' })).toHaveProperty('type', ssoMessages.providerTypeRequired);
  });
});

describe('ssoDiscoverySchema', () => {
  it('takes a work e-mail, lower-cased', () => {
    expect(ssoDiscoverySchema.parse({ email: ' Marcus@ACME.example ' })).toEqual({ email: 'marcus@acme.example' });
    expect(ssoDiscoverySchema.safeParse({ email: 'not an email' }).success).toBe(false);
  });
});
