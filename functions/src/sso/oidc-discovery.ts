// Fetching what an identity provider publishes (issue 24): an OIDC issuer's discovery document (refused without one,
// or when it names another issuer), a check of the OIDC client's ID and secret at its token endpoint, and SAML
// metadata by URL. Bounded in time and size; https only in AWS (the local
// test identity providers are plain http on 127.0.0.1).
import { randomBytes } from 'node:crypto';
import { ssoMessages } from '../../../shared/messages/sso';
import { runtimeConfig } from '../config';
import { AppError } from '../lib/errors';
import { MAX_METADATA_BYTES } from './saml-metadata';

const TIMEOUT_MS = 5000;

export interface OidcDiscovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

const field = (name: string, message: string) => new AppError('VALIDATION_FAILED', message, { [name]: message });

function allowedUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url;
    return url.protocol === 'http:' && runtimeConfig().APP_MODE === 'local' ? url : null;
  } catch {
    return null;
  }
}

/** GET `url` as text, at most `maxBytes`; null when it cannot be read (network, status, size). */
async function fetchText(url: URL, accept: string, maxBytes: number): Promise<string | null> {
  try {
    const response = await fetch(url, { headers: { accept }, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok || !response.body) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) return null;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return null;
  }
}

/** The issuer's discovery document (OpenID Connect Discovery 1.0 §4), checked to name this issuer. */
export async function readOidcDiscovery(issuer: string): Promise<OidcDiscovery> {
  const base = allowedUrl(issuer);
  if (!base) throw field('issuer', ssoMessages.issuerInvalid);
  const url = new URL(`${base.href.replace(/\/$/, '')}/.well-known/openid-configuration`);
  const text = await fetchText(url, 'application/json', 64 * 1024);
  let doc: Record<string, unknown> | null = null;
  try {
    doc = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    doc = null;
  }
  const str = (key: string) => (doc && typeof doc[key] === 'string' ? (doc[key] as string) : '');
  if (!doc || !str('authorization_endpoint') || !str('token_endpoint') || !str('jwks_uri')) throw field('issuer', ssoMessages.issuerNoDiscovery);
  if (str('issuer').replace(/\/$/, '') !== issuer.replace(/\/$/, '')) throw field('issuer', ssoMessages.issuerMismatch);
  return { issuer: str('issuer'), authorizationEndpoint: str('authorization_endpoint'), tokenEndpoint: str('token_endpoint'), jwksUri: str('jwks_uri') };
}

/**
 * Whether the issuer's token endpoint takes this client ID and secret, before anything is saved: a token request with a
 * code no one issued, authenticated as Cognito will (client_secret_post). `invalid_grant` means the client
 * authenticated and only the code was refused; `invalid_client` means the ID or secret is wrong (RFC 6749 §5.2).
 * Anything else is refused too, in words, so a bad secret never first shows at an employee's sign-in.
 */
export async function checkOidcClient(discovery: OidcDiscovery, clientId: string, clientSecret: string, redirectUri: string): Promise<void> {
  const url = allowedUrl(discovery.tokenEndpoint);
  if (!url) throw field('issuer', ssoMessages.issuerNoDiscovery);
  let status: number;
  let error = '';
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: `cardcrew-connection-check-${randomBytes(12).toString('hex')}`,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    const text = (await response.text()).slice(0, 4096);
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') error = body.error;
    } catch {
      // not JSON: judged by the status alone
    }
  } catch {
    throw field('clientSecret', ssoMessages.oidcTokenEndpointUnreachable);
  }
  if (error === 'invalid_grant') return;
  if (error === 'invalid_client' || status === 401) throw field('clientSecret', ssoMessages.oidcClientRefused);
  if (error === 'unauthorized_client') throw field('clientId', ssoMessages.oidcClientNotAllowed);
  throw field('clientSecret', ssoMessages.oidcCheckUnexpected(error || `HTTP ${status}`));
}

/** SAML metadata from its URL (at most 256 KB). */
export async function fetchSamlMetadata(metadataUrl: string): Promise<string> {
  const url = allowedUrl(metadataUrl);
  if (!url) throw field('metadataUrl', ssoMessages.metadataUrlInvalid);
  const text = await fetchText(url, 'application/samlmetadata+xml, application/xml, text/xml', MAX_METADATA_BYTES);
  if (!text) throw field('metadataUrl', ssoMessages.metadataUnreadable);
  return text;
}
