import { describe, expect, it } from 'vitest';
import { SAMPLE_IDP_CERTIFICATE, sampleSamlMetadata } from '../../../tests/support/saml-metadata';
import { ssoMessages } from '../../../shared/messages/sso';
import { parseSamlMetadata } from './saml-metadata';

const refusal = (xml: string) => {
  try {
    parseSamlMetadata(xml);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('parseSamlMetadata', () => {
  it('reads entity ID, the HTTP-Redirect sign-in URL and the signing certificate', () => {
    expect(parseSamlMetadata(sampleSamlMetadata())).toEqual({ entityId: 'https://idp.acme.example/saml', signInUrl: 'https://idp.acme.example/saml/sso', certificate: SAMPLE_IDP_CERTIFICATE });
  });

  it('reads Entra ID style metadata: an unprefixed default namespace, a certificate split over lines, a KeyDescriptor without use', () => {
    const split = SAMPLE_IDP_CERTIFICATE.replace(/(.{64})/g, '$1\n      ');
    const xml = `<?xml version="1.0"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://sts.windows.net/tenant/">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>
      ${split}
    </X509Certificate></X509Data></KeyInfo></KeyDescriptor>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://login.example/post"/>
  </IDPSSODescriptor>
</EntityDescriptor>`;
    expect(parseSamlMetadata(xml)).toEqual({ entityId: 'https://sts.windows.net/tenant/', signInUrl: 'https://login.example/post', certificate: SAMPLE_IDP_CERTIFICATE });
  });

  it('takes the identity provider out of an EntitiesDescriptor', () => {
    const inner = sampleSamlMetadata().replace(/^<\?xml[^>]*>/, '');
    const xml = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${inner}</md:EntitiesDescriptor>`;
    expect(parseSamlMetadata(xml).entityId).toBe('https://idp.acme.example/saml');
  });

  it('refuses metadata without an entity ID, a sign-in URL or a signing certificate, each with its reason', () => {
    expect(refusal(sampleSamlMetadata().replace(/entityID="[^"]*"/, ''))).toBe(ssoMessages.metadataNoEntityId);
    expect(refusal(sampleSamlMetadata().replace(/<md:SingleSignOnService[^>]*\/>/g, ''))).toBe(ssoMessages.metadataNoSignInUrl);
    expect(refusal(sampleSamlMetadata().replace(/Location="[^"]*"/g, 'Location="javascript:alert(1)"'))).toBe(ssoMessages.metadataNoSignInUrl);
    expect(refusal(sampleSamlMetadata().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''))).toBe(ssoMessages.metadataNoCertificate);
    expect(refusal(sampleSamlMetadata().replace('use="signing"', 'use="encryption"'))).toBe(ssoMessages.metadataNoCertificate);
  });

  it('refuses what is not IdP metadata: malformed XML, another root, SP metadata, a DOCTYPE (entity expansion)', () => {
    expect(refusal('<md:EntityDescriptor')).toBe(ssoMessages.metadataInvalid);
    expect(refusal('not xml at all')).toBe(ssoMessages.metadataInvalid);
    expect(refusal('<html><body>Sign in</body></html>')).toBe(ssoMessages.metadataInvalid);
    expect(refusal(sampleSamlMetadata().replaceAll('IDPSSODescriptor', 'SPSSODescriptor'))).toBe(ssoMessages.metadataInvalid);
    expect(refusal(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${sampleSamlMetadata().replace(/^<\?xml[^>]*>/, '')}`)).toBe(ssoMessages.metadataInvalid);
    expect(refusal(`${sampleSamlMetadata()}${' '.repeat(300 * 1024)}`)).toBe(ssoMessages.metadataTooLarge);
  });
});
