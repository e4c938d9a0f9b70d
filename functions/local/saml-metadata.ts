// Reads what a SAML 2.0 identity provider publishes in its metadata (entity ID, HTTP-Redirect sign-in URL, signing
// certificates), as Cognito reads it when a SAML provider is created or updated and when it starts a sign-in.
import { DOMParser } from '@xmldom/xmldom';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService location for the HTTP-Redirect binding. */
  ssoRedirectUrl: string;
  /** Base64 DER certificates marked for signing (or for any use). */
  signingCertificates: string[];
}

/** The metadata's IdP description, or an error naming what is missing (Cognito refuses such metadata). */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let doc: Document;
  try {
    doc = new DOMParser({ onError: (level: string, message: string) => { if (level !== 'warning') throw new Error(message); } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    throw new Error(`the metadata is not well-formed XML (${(error as Error).message})`, { cause: error });
  }
  const entity = doc.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw new Error('the metadata has no IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!entityId) throw new Error('the metadata has no entityID');
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((e) => e.getAttribute('Binding') === HTTP_REDIRECT);
  const ssoRedirectUrl = sso?.getAttribute('Location') ?? '';
  if (!ssoRedirectUrl) throw new Error('the metadata has no SingleSignOnService with the HTTP-Redirect binding');
  const signingCertificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')).map((c) => (c.textContent ?? '').replace(/\s+/g, '')))
    .filter(Boolean);
  if (!signingCertificates.length) throw new Error('the metadata has no signing certificate');
  return { entityId, ssoRedirectUrl, signingCertificates };
}
