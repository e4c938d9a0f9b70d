// The hosted UI for single sign-on (issue 24): the authorize URL for a domain (`idp_identifier=<domain>` lets Cognito
// pick the business's identity provider) and the owner's 'Test sign-in' (PKCE, state, its own callback page). Plain
// http in local mode (the stand-in on 127.0.0.1), https in AWS.
import { ssoTestMessages } from '@shared/messages/sso';
import type { RuntimeConfig } from '@web/lib/config';

export function hostedUiOrigin(config: Pick<RuntimeConfig, 'oauthDomain' | 'local'>): string | null {
  return config.oauthDomain ? `${config.local ? 'http' : 'https'}://${config.oauthDomain}` : null;
}

/** Where 'Test sign-in' comes back to (an OAuth callback URL of the app client: user-pool-definition.ts). */
export const TEST_CALLBACK_PATH = '/sso/test-callback';

/** What the callback page needs to finish a test sign-in, kept under its state until it is used once. */
interface PendingTest {
  verifier: string;
  providerName: string;
  /** The business whose provider is tested: the callback page records the test there (issue 39). */
  businessId: string;
}
const pendingKey = (state: string) => `cardcrew.ssoTest.${state}`;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** 32 random bytes as base64url: a PKCE verifier or an OAuth state. */
export const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** A PKCE verifier and its S256 challenge. */
async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomText();
  return { verifier, challenge: base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))) };
}

export const testCallbackUrl = (config: Pick<RuntimeConfig, 'publicOrigin'>) => `${config.publicOrigin.replace(/\/$/, '')}${TEST_CALLBACK_PATH}`;

/** Which provider the hosted UI sends the person to: one by name (`identity_provider`) or the one of an e-mail domain. */
export type ProviderChoice = { identity_provider: string } | { idp_identifier: string };

/**
 * The hosted UI's authorize URL for an authorization-code sign-in with PKCE (S256) and `state`, or null without a
 * hosted UI. `keep` stores the verifier under the state where the callback page will find it (used once there).
 */
export async function pkceAuthorizeUrl(
  config: Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId'>,
  request: { redirectUri: string; provider: ProviderChoice; state: string; keep: (verifier: string) => void },
): Promise<string | null> {
  const origin = hostedUiOrigin(config);
  if (!origin) return null;
  const { verifier, challenge } = await pkcePair();
  request.keep(verifier);
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: config.userPoolClientId,
    redirect_uri: request.redirectUri,
    scope: 'openid email profile',
    ...request.provider,
    state: request.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${origin}/oauth2/authorize?${params}`;
}

/**
 * 'Test sign-in' (issue 24): a PKCE sign-in straight to the business's provider, back to the test callback page. The
 * verifier waits in local storage under the state (the sign-in runs in a new tab, which shares local storage, not
 * session storage); the callback takes it once. The app's own session (Amplify's keys) is never touched.
 */
export async function startTestSignIn(
  config: Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId' | 'publicOrigin'>,
  providerName: string,
  businessId: string,
): Promise<string | null> {
  const state = randomText();
  return pkceAuthorizeUrl(config, {
    redirectUri: testCallbackUrl(config),
    provider: { identity_provider: providerName },
    state,
    keep: (verifier) => localStorage.setItem(pendingKey(state), JSON.stringify({ verifier, providerName, businessId } satisfies PendingTest)),
  });
}

/**
 * The outcome the callback page shows: the person the IdP sent, or why it failed. Tokens are never kept: the access
 * token goes once to the API, which records the successful test (issue 39), and is dropped with the page.
 */
export type TestSignInResult = { ok: true; email: string | null; name: string | null; businessId: string; accessToken: string | null } | { ok: false; reason: string };

function claimsOf(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

/** What the hosted UI's token endpoint answers for a code. */
export interface HostedUiTokens {
  id_token: string;
  access_token?: string;
  refresh_token?: string;
}

/** Trades an authorization code and its PKCE verifier at the hosted UI's token endpoint: the tokens, or why not. */
export async function tradeCode(
  config: Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId'>,
  code: string,
  verifier: string,
  redirectUri: string,
  unreachable: string,
): Promise<{ ok: true; tokens: HostedUiTokens } | { ok: false; reason: string }> {
  const origin = hostedUiOrigin(config);
  if (!origin) return { ok: false, reason: unreachable };
  const res = await fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: config.userPoolClientId, redirect_uri: redirectUri, code, code_verifier: verifier }),
  }).catch(() => null);
  if (!res) return { ok: false, reason: unreachable };
  const body = (await res.json().catch(() => ({}))) as Partial<HostedUiTokens> & { error?: string; error_description?: string };
  if (!res.ok || !body.id_token) return { ok: false, reason: body.error_description || body.error || `${ssoTestMessages.tokenRefused} (${res.status})` };
  return { ok: true, tokens: { id_token: body.id_token, access_token: body.access_token, refresh_token: body.refresh_token } };
}

/** Finishes a test sign-in from the callback's query: checks the state, trades the code (PKCE) and reads the ID token. */
export async function finishTestSignIn(config: Pick<RuntimeConfig, 'oauthDomain' | 'local' | 'userPoolClientId' | 'publicOrigin'>, query: URLSearchParams): Promise<TestSignInResult> {
  const state = query.get('state') ?? '';
  const raw = state ? localStorage.getItem(pendingKey(state)) : null;
  if (state) localStorage.removeItem(pendingKey(state));
  const error = query.get('error');
  if (error) return { ok: false, reason: query.get('error_description')?.trim() || error };
  const code = query.get('code');
  const origin = hostedUiOrigin(config);
  if (!raw || !code || !origin) return { ok: false, reason: ssoTestMessages.unknownTest };
  const pending = JSON.parse(raw) as PendingTest;
  const traded = await tradeCode(config, code, pending.verifier, testCallbackUrl(config), ssoTestMessages.tokenUnreachable);
  if (!traded.ok) return traded;
  const body = traded.tokens;
  // Shown, not trusted: nothing is signed in with it and it is dropped here (the hosted UI has just issued it).
  const claims = claimsOf(body.id_token);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const name = text(claims.name) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || null);
  return { ok: true, email: text(claims.email), name, businessId: pending.businessId, accessToken: body.access_token ?? null };
}

/** Amplify's authorize URL (PKCE and state kept by Amplify) turned to the SSO domain instead of a provider name. */
export function withIdpIdentifier(authorizeUrl: string, domain: string, local: boolean): string {
  const url = new URL(authorizeUrl);
  url.searchParams.delete('identity_provider');
  url.searchParams.set('idp_identifier', domain);
  if (local) url.protocol = 'http:';
  return url.toString();
}

/** During a move to another IdP the person picks one of the business's two providers: Cognito's `identity_provider`. */
export function withIdentityProvider(authorizeUrl: string, providerName: string, local: boolean): string {
  const url = new URL(authorizeUrl);
  url.searchParams.delete('idp_identifier');
  url.searchParams.set('identity_provider', providerName);
  if (local) url.protocol = 'http:';
  return url.toString();
}
