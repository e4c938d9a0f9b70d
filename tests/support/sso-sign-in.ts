// A single sign-on through the running hosted-UI stand-in and the local SAML or OIDC identity provider (or its local
// Google account chooser), driven with fetch as a browser would (cookies, redirects, the IdP's login form and its
// auto-posting form), for integration tests that need a federated person's ID token (or the refusal) without a
// browser. The same steps as functions/local/sso-stand-ins.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { SSO_TEST_PASSWORD } from '../../functions/local/sso-test-users';
import { runtime } from './runtime';

const { env } = runtime;
const samlIdp = new URL(env.LOCAL_SAML_METADATA_URL!).origin;
const oidcIdp = env.LOCAL_OIDC_ISSUER!.replace(/\/$/, '');
const hostedUi = env.SSO_AUTH_ORIGIN!.replace(/\/$/, '');
const app = `${runtime.origin}/`;

type Step = { url: string; status: number; location?: string; body: string };

export interface SsoSignInResult {
  /** The ID token of the signed-in person, or null when the hosted UI sent back an error. */
  idToken: string | null;
  /** The access token of the same sign-in (what a 'Test sign-in' hands to the API to be recorded), or null. */
  accessToken?: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** Signs `email` in through the SAML IdP with `idp_identifier=<domain>` (a fresh browser each time). */
export function samlSignIn(email: string): Promise<SsoSignInResult> {
  return federatedSignIn(email);
}

/**
 * Signs `email` in through whichever provider the hosted UI picks — by `idp_identifier=<domain>`, or by name
 * (`identityProvider`: a business's provider, or 'Google' for the local account chooser with a typed account) — and
 * completes that provider's login page (a fresh browser each time).
 */
export async function federatedSignIn(email: string, options: { identityProvider?: string; googleEmailVerified?: boolean } = {}): Promise<SsoSignInResult> {
  const jar = new Map<string, string>();
  async function browse(url: string, init: RequestInit = {}): Promise<Step> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    return { url, status: res.status, body: await res.text(), ...(location ? { location: new URL(location, url).toString() } : {}) };
  }
  async function follow(url: string, init?: RequestInit): Promise<{ appUrl?: URL; page?: Step }> {
    let step = await browse(url, init);
    for (let i = 0; i < 10 && step.location; i++) {
      if (step.location.startsWith(app)) return { appUrl: new URL(step.location) };
      step = await browse(step.location);
    }
    return { page: step };
  }
  const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const hidden = (body: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(body)?.[1];

  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: runtime.ids.userPoolClientId,
    redirect_uri: app,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'test-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.identityProvider ? { identity_provider: options.identityProvider } : { idp_identifier: email.slice(email.indexOf('@') + 1) }),
  });
  const { page, appUrl: early } = await follow(`${hostedUi}/oauth2/authorize?${query}`);
  if (early) return { idToken: null, error: early.searchParams.get('error'), errorDescription: early.searchParams.get('error_description') };
  let appUrl: URL | undefined;
  if (page?.url.startsWith(`${samlIdp}/sso?`)) {
    const posted = await browse(`${samlIdp}/login`, form({ request: hidden(page.body, 'request')!, email, password: SSO_TEST_PASSWORD }));
    ({ appUrl } = await follow(`${hostedUi}/saml2/idpresponse`, form({ SAMLResponse: hidden(posted.body, 'SAMLResponse')!, RelayState: hidden(posted.body, 'RelayState')! })));
  } else if (page?.url.startsWith(`${oidcIdp}/interaction/`)) {
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    ({ appUrl } = await follow(new URL(action, page.url).toString(), form({ email, password: SSO_TEST_PASSWORD })));
  } else if (page?.body.includes('action="/oauth2/google"')) {
    const fields = { request: hidden(page.body, 'request')!, account: 'typed', email, name: '', action: 'continue', ...(options.googleEmailVerified === false ? {} : { email_verified: 'true' }) };
    ({ appUrl } = await follow(`${hostedUi}/oauth2/google`, form(fields)));
  } else {
    throw new Error(`Expected an identity provider's login page, got ${page?.url} (${page?.status})`);
  }
  if (!appUrl) throw new Error('The hosted UI did not send the person back to the app');
  const code = appUrl.searchParams.get('code');
  if (!code) return { idToken: null, error: appUrl.searchParams.get('error'), errorDescription: appUrl.searchParams.get('error_description') };
  const res = await fetch(`${hostedUi}/oauth2/token`, form({ grant_type: 'authorization_code', client_id: runtime.ids.userPoolClientId, redirect_uri: app, code, code_verifier: verifier }));
  if (!res.ok) throw new Error(`The token endpoint answered ${res.status}: ${await res.text()}`);
  const tokens = (await res.json()) as { id_token: string; access_token?: string };
  return { idToken: tokens.id_token, accessToken: tokens.access_token ?? null, error: null, errorDescription: null };
}
