// Reading a SAML 2.0 identity provider's metadata (issue 24): its entity ID, sign-in URL (SingleSignOnService,
// HTTP-Redirect preferred, as Cognito sends its requests) and signing certificate. Metadata without any of the three is
// refused before Cognito sees it. Parsed with @xmldom/xmldom, which never loads external entities or DTDs.
import { DOMParser, type Element } from '@xmldom/xmldom';
import { ssoMessages } from '../../../shared/messages/sso';
import { AppError } from '../lib/errors';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const MAX_METADATA_BYTES = 256 * 1024;

export interface SamlMetadata {
  entityId: string;
  signInUrl: string;
  /** Base64 DER of the first signing certificate (no PEM armour, no whitespace). */
  certificate: string;
}



function elements(parent: Element, ns: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);
}

/** The metadata's three parts, or a 400 naming `field` (the form field the metadata came from). */
export function parseSamlMetadata(xml: string, field: 'metadataUrl' | 'metadataXml' = 'metadataXml'): SamlMetadata {
  const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });
  if (Buffer.byteLength(xml, 'utf8') > MAX_METADATA_BYTES) throw invalid(ssoMessages.metadataTooLarge);
  if (/<!DOCTYPE/i.test(xml)) throw invalid(ssoMessages.metadataInvalid);
  let root: Element | null;
  try {
    const doc = new DOMParser({ onError: (level) => { if (level !== 'warning') throw new Error('malformed'); } }).parseFromString(xml, 'text/xml');
    root = doc.documentElement;
  } catch {
    throw invalid(ssoMessages.metadataInvalid);
  }
  if (!root || root.namespaceURI !== MD) throw invalid(ssoMessages.metadataInvalid);
  // An EntitiesDescriptor wraps several entities: the first with an IdP role is the one.
  const entity = root.localName === 'EntityDescriptor' ? root : elements(root, MD, 'EntityDescriptor').find((e) => elements(e, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity ? elements(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp) throw invalid(ssoMessages.metadataInvalid);

  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw invalid(ssoMessages.metadataNoEntityId);

  const services = elements(idp, MD, 'SingleSignOnService');
  const service = services.find((s) => s.getAttribute('Binding') === REDIRECT) ?? services[0];
  const signInUrl = service?.getAttribute('Location')?.trim();
  if (!signInUrl || !/^https?:\/\//i.test(signInUrl)) throw invalid(ssoMessages.metadataNoSignInUrl);

  const keys = elements(idp, MD, 'KeyDescriptor').filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const certificate = keys
    .map((k) => elements(k, DS, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '') ?? '')
    .find((c) => /^[A-Za-z0-9+/]{100,}={0,2}$/.test(c));
  if (!certificate) throw invalid(ssoMessages.metadataNoCertificate);

  return { entityId, signInUrl, certificate };
}
