// Cognito through Amplify v6: configuration from the runtime config, and the local-mode token refresher
// (cognito-local has no GetTokensFromRefreshToken, so local mode refreshes with InitiateAuth REFRESH_TOKEN_AUTH).
// Google sign-in is Amplify's signInWithRedirect (code flow with PKCE) against the user pool domain in AWS and against
// the local hosted-UI stand-in (functions/local/hosted-ui.ts) on one machine.
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { fetchAuthSession, signInWithRedirect, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { cognitoUserPoolsTokenProvider, type TokenOrchestrator } from 'aws-amplify/auth/cognito';
import 'aws-amplify/auth/enable-oauth-listener';
import { getConfig, type RuntimeConfig } from './config';
import { domainSignInUrl, type DomainSignInTarget } from '@web/features/auth/domain-sign-in';
import { onAgencyDomain } from '@web/features/white-label/on-agency-domain';
import { withIdentityProvider, withIdpIdentifier } from '@web/features/sso/hosted-ui';
import { GOOGLE_FAILED_EVENT, GOOGLE_FAILED_KEY } from './google-sign-in-failure';
import { SESSION_REFRESH_TICKS, SESSION_TICK_MS } from './session-timing';

// This Amplify release does not export these two types by name; derive them from the orchestrator.
type TokenRefresher = Parameters<TokenOrchestrator['setTokenRefresher']>[0];
type CognitoAuthTokens = Awaited<ReturnType<TokenRefresher>>;
type JWT = NonNullable<CognitoAuthTokens['idToken']>;

/** The local hosted UI's host:port (plain http) in local mode, else null. */
let localHostedUi: string | null = null;
let withoutOAuth: ResourcesConfig | null = null;

export function configureAuth(config: RuntimeConfig): void {
  const oauth = config.oauthDomain
    ? {
        domain: config.oauthDomain,
        scopes: ['openid', 'email', 'profile'],
        redirectSignIn: [`${config.publicOrigin}/`],
        redirectSignOut: [`${config.publicOrigin}/`],
        responseType: 'code' as const,
        providers: ['Google' as const],
      }
    : undefined;

  // Registered before Amplify.configure: the OAuth listener may report a failed return at once. The flag is read by
  // GoogleFailureRedirect, which sends the visitor to /auth with the spec's message.
  Hub.listen('auth', ({ payload }) => {
    if (payload.event !== 'signInWithRedirect_failure') return;
    try {
      // The hosted UI's error_description (an SSO refusal's reason, issue 24) when Amplify passes it on.
      const data = (payload as { data?: { message?: unknown; error?: { message?: unknown } } }).data;
      const fromUrl = new URLSearchParams(window.location.search).get('error_description');
      const reason = [data?.error?.message, data?.message, fromUrl].find((r): r is string => typeof r === 'string' && r.length > 0);
      sessionStorage.setItem(GOOGLE_FAILED_KEY, typeof reason === 'string' && reason ? reason : '1');
    } catch {
      // storage disabled: the event below still reaches a mounted page
    }
    window.dispatchEvent(new Event(GOOGLE_FAILED_EVENT));
  });

  const cognito = {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
  };
  withoutOAuth = { Auth: { Cognito: { ...cognito, loginWith: { email: true } } } };
  if (config.local && oauth) {
    localHostedUi = oauth.domain;
    sendHostedUiCallsOverHttp(oauth.domain);
  }
  Amplify.configure({ Auth: { Cognito: { ...cognito, loginWith: { email: true, ...(oauth ? { oauth } : {}) } } } });

  if (config.local && config.userPoolEndpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(createLocalTokenRefresher(config.userPoolEndpoint, config.userPoolClientId));
  }
}

/**
 * Amplify writes every hosted-UI URL as https://{domain}; the local stand-in speaks plain http on 127.0.0.1. In local
 * mode only, the token call is sent to http:// (the same request otherwise) and signInWithGoogle opens http://.
 */
function sendHostedUiCallsOverHttp(domain: string) {
  const secure = `https://${domain}/`;
  const fetchOverNetwork = window.fetch.bind(window);
  window.fetch = (input, init) =>
    fetchOverNetwork(typeof input === 'string' && input.startsWith(secure) ? `http://${domain}/${input.slice(secure.length)}` : input, init);
}

/**
 * On an agency's custom domain, Google and SSO come back to it through the platform's relay, with the page's own PKCE
 * (features/auth/domain-sign-in.ts): Amplify's signInWithRedirect returns to its own origin only.
 */
async function signInThroughRelay(target: DomainSignInTarget): Promise<void> {
  const url = await domainSignInUrl(getConfig(), target);
  if (!url) throw new Error('Google sign-in is not available on this site.');
  window.location.assign(url);
}

/** 'Continue with Google': Amplify's signInWithRedirect (code flow with PKCE) to the Google identity provider. */
export function signInWithGoogle(): Promise<void> {
  if (onAgencyDomain()) return signInThroughRelay({ identityProvider: 'Google' });
  const hostedUi = localHostedUi;
  return signInWithRedirect({
    provider: 'Google',
    ...(hostedUi ? { options: { authSessionOpener: async (url: string) => void window.location.assign(url.replace(`https://${hostedUi}/`, `http://${hostedUi}/`)) } } : {}),
  });
}

/**
 * 'Sign in with SSO' (issue 24): Amplify's signInWithRedirect (its PKCE verifier and state kept as for Google) with the
 * authorize URL turned from a provider name to `idp_identifier=<domain>`, so Cognito picks the business's provider.
 */
export function signInWithSso(domain: string, providerName?: string): Promise<void> {
  if (onAgencyDomain()) return signInThroughRelay(providerName ? { identityProvider: providerName } : { idpIdentifier: domain });
  const local = localHostedUi !== null;
  const target = (url: string) => (providerName ? withIdentityProvider(url, providerName, local) : withIdpIdentifier(url, domain, local));
  return signInWithRedirect({
    provider: { custom: 'SSO' },
    options: { authSessionOpener: async (url: string) => void window.location.assign(target(url)) },
  });
}

/**
 * Amplify's sign-out. After a Google sign-in it would send the browser to https://{domain}/logout; the local stand-in
 * keeps no session of its own to end, so local mode signs out with the OAuth part of the configuration left out.
 */
export async function signOutOfCognito(): Promise<void> {
  if (!localHostedUi || !withoutOAuth) return signOut();
  const full = Amplify.getConfig();
  Amplify.configure(withoutOAuth);
  try {
    await signOut();
  } finally {
    Amplify.configure(full);
  }
}

interface InitiateAuthResponse {
  AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
}

/** A refresher that speaks InitiateAuth(REFRESH_TOKEN_AUTH) to the local Cognito stand-in. */
export function createLocalTokenRefresher(endpoint: string, clientId: string, fetchImpl: typeof fetch = fetch): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new Error('No refresh token to refresh the session with');
    const res = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    if (!res.ok) throw new Error(`Token refresh failed (${res.status})`);
    const { AuthenticationResult: result } = (await res.json()) as InitiateAuthResponse;
    if (!result?.AccessToken) throw new Error('Token refresh returned no access token');
    const accessToken = decodeJWT(result.AccessToken);
    const iat = accessToken.payload.iat;
    if (!iat) throw new Error('Refreshed access token has no iat');
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: iat * 1000 - Date.now(),
      username,
    };
  };
}

/**
 * Keeps tokens the page obtained outside Amplify's own flows (a Google or SSO sign-in on an agency's domain,
 * features/auth/domain-sign-in.ts) as Amplify's session, exactly as its own sign-ins store theirs.
 */
export async function adoptTokens(tokens: { id_token: string; access_token?: string; refresh_token?: string }): Promise<void> {
  if (!tokens.access_token) throw new Error('The sign-in returned no access token');
  const accessToken = decodeJWT(tokens.access_token);
  const idToken = decodeJWT(tokens.id_token);
  const username = accessToken.payload.username ?? idToken.payload['cognito:username'] ?? idToken.payload.sub;
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
    tokens: { accessToken, idToken, refreshToken: tokens.refresh_token, clockDrift: (accessToken.payload.iat ?? 0) * 1000 - Date.now(), username: String(username) },
  });
}

/** Decodes (does not verify) a JWT into Amplify's shape; the server verifies every token it receives. */
export function decodeJWT(token: string): JWT {
  const part = token.split('.')[1];
  if (!part) throw new Error('Malformed JWT');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return { toString: () => token, payload: JSON.parse(json) as JWT['payload'] };
}

/** The current Cognito ID token (refreshed by Amplify when needed), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}


/** Whether a token expiring at `expiresAtMs` should be refreshed at `nowMs`. */
export function sessionNeedsRefresh(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs <= SESSION_REFRESH_TICKS * SESSION_TICK_MS;
}

/** One tick: refreshes the tokens when the ID token is about to expire; true when it did. */
export async function refreshSessionIfExpiring(now: () => number = Date.now): Promise<boolean> {
  const { tokens } = await fetchAuthSession();
  const expiresAt = tokens?.idToken?.payload.exp;
  if (typeof expiresAt !== 'number' || !sessionNeedsRefresh(expiresAt * 1000, now())) return false;
  await fetchAuthSession({ forceRefresh: true });
  return true;
}
