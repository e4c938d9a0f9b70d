// Single sign-on in the hosted-UI stand-in (issue 24): after /oauth2/authorize picked a SAML or OIDC provider of the
// pool (by identity_provider or idp_identifier), this signs the person in through it as Cognito does, then hands the
// profile, mapped through the provider's AttributeMapping, to the same federated sign-in as Google.
// - SAML 2.0, SP-initiated: an HTTP-Redirect AuthnRequest to the sign-in URL of the provider's metadata; the response
//   comes by HTTP-POST to /saml2/idpresponse and is checked with @node-saml/node-saml (signature against the
//   metadata's signing certificate, audience urn:amazon:cognito:sp:<pool id>, NotBefore/NotOnOrAfter, InResponseTo the
//   request this flow sent) and here (Destination and Recipient = the ACS URL, an assertion id is used once).
// - OIDC: authorization code with PKCE and nonce against the provider's discovery endpoints; /oauth2/idpresponse trades
//   the code with the client id and secret and verifies the id_token with jose (JWKS, issuer, audience, nonce, expiry).
// Every failure redirects to the app's redirect_uri with error and error_description and signs nobody in.
import { createHash, randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheItem, type CacheProvider } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { FederatedProfile, LocalFederation } from './cognito';
import type { IdentityProvider } from './identity-providers';
import { parseIdpMetadata } from './saml-metadata';

const PENDING_TTL_MS = 10 * 60_000;

/** The app's side of a sign-in that left for an identity provider: where to come back to, and what binds the return. */
export interface AppReturn {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
}

interface PendingSso extends AppReturn {
  userPoolId: string;
  providerName: string;
  expiresAt: number;
  /** SAML: the AuthnRequest's ID. OIDC: the nonce and PKCE verifier this stand-in sent. */
  samlRequestId?: string;
  nonce?: string;
  codeVerifier?: string;
}

export interface SsoOutcome {
  /** The app to return to (absent when the return cannot be tied to a sign-in this stand-in started). */
  app?: AppReturn;
  tokens?: { AccessToken: string; IdToken: string; RefreshToken: string };
  error?: { error: string; error_description: string };
}

/** node-saml's request-id cache, shared by every flow (the SAML object is made per flow, for its provider). */
class RequestIdCache implements CacheProvider {
  private readonly items = new Map<string, CacheItem>();
  async saveAsync(key: string, value: string) {
    if (this.items.has(key)) return null;
    const item = { value, createdAt: Date.now() };
    this.items.set(key, item);
    return item;
  }
  async getAsync(key: string) {
    const item = this.items.get(key);
    if (!item || item.createdAt + PENDING_TTL_MS < Date.now()) return null;
    return item.value;
  }
  async removeAsync(key: string | null) {
    if (key === null || !this.items.has(key)) return null;
    this.items.delete(key);
    return key;
  }
}

const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The pool attributes a provider's claims or SAML attributes give, through its AttributeMapping. */
export function mappedAttributes(provider: IdentityProvider, source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [poolAttribute, providerAttribute] of Object.entries(provider.AttributeMapping)) {
    if (poolAttribute === 'username') continue;
    const value = source[providerAttribute];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== null && first !== '') out[poolAttribute] = typeof first === 'string' ? first : String(first as string | number | boolean);
  }
  return out;
}

export function ssoHandlers(options: { hostedUiBase: string; federation: LocalFederation; fetchText?: (url: string) => Promise<string> }) {
  const { hostedUiBase, federation } = options;
  const acsUrl = `${hostedUiBase}/saml2/idpresponse`;
  const oidcRedirectUri = `${hostedUiBase}/oauth2/idpresponse`;
  const pending = new Map<string, PendingSso>();
  const requestIds = new RequestIdCache();
  /** Assertion ids already accepted, until their NotOnOrAfter (a replay is refused). */
  const usedAssertions = new Map<string, number>();
  const fetchText = options.fetchText ?? (async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.text();
  });

  const take = (key: string) => {
    const p = pending.get(key);
    pending.delete(key);
    return p && p.expiresAt >= Date.now() ? p : undefined;
  };
  const failed = (app: AppReturn | undefined, description: string): SsoOutcome => ({ app, error: { error: 'invalid_request', error_description: description } });

  async function samlOf(provider: IdentityProvider, userPoolId: string, requestId?: string) {
    const metadata = parseIdpMetadata(provider.ProviderDetails.MetadataFile ?? (await fetchText(provider.ProviderDetails.MetadataURL!)));
    return {
      metadata,
      saml: new SAML({
        idpCert: metadata.signingCertificates.map(pem),
        issuer: `urn:amazon:cognito:sp:${userPoolId}`,
        audience: `urn:amazon:cognito:sp:${userPoolId}`,
        callbackUrl: acsUrl,
        entryPoint: metadata.ssoRedirectUrl,
        idpIssuer: metadata.entityId,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: PENDING_TTL_MS,
        cacheProvider: requestIds,
        acceptedClockSkewMs: 0,
        identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        ...(requestId ? { generateUniqueId: () => requestId } : {}),
      }),
    };
  }

  /** Where to send the browser to sign in with this provider. */
  async function start(provider: IdentityProvider, userPoolId: string, app: AppReturn): Promise<string> {
    const key = randomBytes(24).toString('base64url');
    const base = { ...app, userPoolId, providerName: provider.ProviderName, expiresAt: Date.now() + PENDING_TTL_MS };
    if (provider.ProviderType === 'SAML') {
      const samlRequestId = `_${randomBytes(20).toString('hex')}`;
      const { saml } = await samlOf(provider, userPoolId, samlRequestId);
      pending.set(key, { ...base, samlRequestId });
      return saml.getAuthorizeUrlAsync(key, undefined, {});
    }
    const d = provider.ProviderDetails;
    const nonce = randomBytes(16).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    pending.set(key, { ...base, nonce, codeVerifier });
    const url = new URL(d.authorize_url!);
    for (const [k, v] of Object.entries({ client_id: d.client_id!, redirect_uri: oidcRedirectUri, response_type: 'code', scope: d.authorize_scopes!, state: key, nonce, code_challenge: s256(codeVerifier), code_challenge_method: 'S256' })) {
      url.searchParams.set(k, v);
    }
    return url.toString();
  }

  async function signIn(p: PendingSso, provider: IdentityProvider, profile: FederatedProfile): Promise<SsoOutcome> {
    try {
      return { app: p, tokens: await federation.signInFederated(p.clientId, provider.ProviderName, profile) };
    } catch (error) {
      return failed(p, (error as Error).message);
    }
  }

  /** POST /saml2/idpresponse */
  async function samlResponse(form: URLSearchParams): Promise<SsoOutcome> {
    const samlResponseB64 = form.get('SAMLResponse') ?? '';
    let doc: Document;
    try {
      doc = new DOMParser({ onError: (level: string, message: string) => { if (level !== 'warning') throw new Error(message); } }).parseFromString(Buffer.from(samlResponseB64, 'base64').toString('utf8'), 'text/xml') as unknown as Document;
    } catch {
      return failed(undefined, 'Invalid SAML response received: not a SAML response');
    }
    const assertions = Array.from(doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Assertion'));
    const now = Date.now();
    for (const [id, until] of usedAssertions) if (until < now) usedAssertions.delete(id);
    // A replay is refused before anything else; an id is only remembered once its assertion was accepted.
    const assertionId = assertions[0]?.getAttribute('ID') ?? '';
    const replayed = assertionId && usedAssertions.has(assertionId);
    const p = take(form.get('RelayState') ?? '');
    if (replayed) return failed(p, 'Invalid SAML response received: the assertion was already used (replay)');
    if (!p) return failed(undefined, 'Invalid SAML response received: unknown or expired RelayState');
    const provider = federation.identityProvider(p.userPoolId, { name: p.providerName });
    if (!provider || provider.ProviderType !== 'SAML') return failed(p, `Identity provider ${p.providerName} is no longer available`);
    if (assertions.length !== 1) return failed(p, 'Invalid SAML response received: exactly one assertion is required');
    const destination = doc.documentElement?.getAttribute('Destination');
    if (destination && destination !== acsUrl) return failed(p, `Invalid SAML response received: Destination ${destination} is not ${acsUrl}`);
    const recipients = Array.from(assertions[0]!.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'SubjectConfirmationData')).map((e) => e.getAttribute('Recipient'));
    if (!recipients.length || recipients.some((r) => r !== acsUrl)) return failed(p, `Invalid SAML response received: Recipient ${recipients.join(', ')} is not ${acsUrl}`);
    const inResponseTo = doc.documentElement?.getAttribute('InResponseTo');
    if (inResponseTo !== p.samlRequestId) return failed(p, 'Invalid SAML response received: InResponseTo is not the request this sign-in sent');
    let profile;
    try {
      const { saml } = await samlOf(provider, p.userPoolId);
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponseB64 }));
    } catch (error) {
      return failed(p, `Invalid SAML response received: ${(error as Error).message}`);
    }
    if (!profile?.nameID) return failed(p, 'Invalid SAML response received: no NameID');
    const notOnOrAfter = Date.parse(assertions[0]!.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Conditions')[0]?.getAttribute('NotOnOrAfter') ?? '');
    usedAssertions.set(assertionId, Number.isFinite(notOnOrAfter) ? notOnOrAfter : now + PENDING_TTL_MS);
    const source = { ...((profile.attributes as Record<string, unknown> | undefined) ?? {}), NameID: profile.nameID };
    return signIn(p, provider, { subject: profile.nameID, attributes: mappedAttributes(provider, source) });
  }

  /** GET /oauth2/idpresponse */
  async function oidcResponse(q: URLSearchParams): Promise<SsoOutcome> {
    const p = take(q.get('state') ?? '');
    if (!p || !p.nonce || !p.codeVerifier) return failed(undefined, 'Invalid OIDC response: unknown or expired state');
    const provider = federation.identityProvider(p.userPoolId, { name: p.providerName });
    if (!provider || provider.ProviderType !== 'OIDC') return failed(p, `Identity provider ${p.providerName} is no longer available`);
    if (q.get('error')) return failed(p, `${q.get('error')}: ${q.get('error_description') ?? 'the identity provider refused the sign-in'}`);
    const d = provider.ProviderDetails;
    let claims: Record<string, unknown>;
    try {
      const res = await fetch(d.token_url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: q.get('code') ?? '', redirect_uri: oidcRedirectUri, client_id: d.client_id!, client_secret: d.client_secret!, code_verifier: p.codeVerifier }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { id_token?: string; access_token?: string; error?: string };
      if (!res.ok || !body.id_token) throw new Error(`the token endpoint answered ${res.status} ${body.error ?? ''}`.trim());
      const { payload } = await jwtVerify(body.id_token, createRemoteJWKSet(new URL(d.jwks_uri!)), { issuer: d.oidc_issuer, audience: d.client_id, requiredClaims: ['sub', 'exp', 'iat'] });
      if (payload.nonce !== p.nonce) throw new Error('the id_token nonce is not the one this sign-in sent');
      claims = payload;
      if (d.attributes_url && body.access_token) {
        const info = await fetch(d.attributes_url, { method: d.attributes_request_method ?? 'GET', headers: { authorization: `Bearer ${body.access_token}` }, signal: AbortSignal.timeout(5000) });
        if (info.ok) {
          const extra = (await info.json()) as Record<string, unknown>;
          // The userinfo answer must be about the same person (OIDC Core 5.3.2).
          if (extra.sub === payload.sub) claims = { ...extra, ...payload };
        }
      }
    } catch (error) {
      return failed(p, `Invalid OIDC response: ${(error as Error).message}`);
    }
    return signIn(p, provider, { subject: String(claims.sub), attributes: mappedAttributes(provider, claims) });
  }

  return { start, samlResponse, oidcResponse, endpoints: { acsUrl, oidcRedirectUri } };
}
