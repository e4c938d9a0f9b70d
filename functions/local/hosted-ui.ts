// The local stand-in for the Cognito hosted UI's OAuth endpoints with Google behind it (issue 12 §5): Amplify's
// signInWithRedirect talks to it exactly as it talks to the user pool domain in AWS. /oauth2/authorize checks the
// client, the allow-listed redirect URI, response_type=code and a PKCE S256 challenge, then shows a local "Google"
// account chooser (a test account or a typed one, its e-mail verified or not, or Cancel). Choosing signs the person in
// through the local user pool (cognito.ts: the same pre-sign-up trigger as AWS, then the linked or federated user),
// and /oauth2/token trades the single-use code for cognito-local's own tokens once the code verifier matches.
// /oauth2/userInfo and /logout complete the set. Single sign-on (issue 24): identity_provider=<name> or
// idp_identifier=<domain> sends the person to the business's SAML or OIDC provider instead (hosted-ui-sso.ts). Pending requests and codes live in memory, like Cognito's short-lived ones.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse, type Server } from 'node:http';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { GoogleProfile, LocalFederation } from './cognito';
import type { LocalSettings } from './settings';
import { escapeHtml, readBody } from './stripe';
import { ssoHandlers, type SsoOutcome } from './hosted-ui-sso';

/** Test accounts the chooser offers (the owner's e-mail is a seeded password account, so choosing it links). */
export const GOOGLE_TEST_ACCOUNTS = [
  { email: 'owner@acme.example', name: 'Olivia Owner' },
  { email: 'sam.rivera@gmail.example', name: 'Sam Rivera' },
] as const;

const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 5 * 60_000;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  expiresAt: number;
}
interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  tokens: { AccessToken: string; IdToken: string; RefreshToken: string };
  expiresAt: number;
}

/** A stable Google subject per e-mail address (Google's are numeric strings), so the same address is the same person. */
export function googleSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`;
}

/** RFC 7636: BASE64URL(SHA256(code_verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function redirectTo(res: ServerResponse, location: string) {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

function withParams(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.toString();
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' };

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f4;color:#202124;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border:1px solid #dadce0;border-radius:8px;padding:32px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}h1{font-size:22px;font-weight:500;margin:0 0 4px}p{color:#3c4043;margin:0 0 16px}fieldset{border:0;padding:0;margin:0 0 16px}legend{font-weight:600;margin-bottom:8px}label{display:flex;gap:8px;align-items:center;padding:8px 0}.typed{display:grid;gap:8px;margin:0 0 16px}.typed label{display:grid;gap:4px;padding:0}input[type=email],input[type=text]{font:inherit;padding:8px;border:1px solid #5f6368;border-radius:4px}.buttons{display:flex;gap:8px;justify-content:flex-end}button{font:inherit;font-weight:600;padding:10px 20px;border-radius:4px;border:1px solid #5f6368;cursor:pointer}.primary{background:#1557b0;border-color:#1557b0;color:#fff}.secondary{background:#fff;color:#1557b0}:focus-visible{outline:3px solid #1557b0;outline-offset:2px}</style></head>
<body><main>${body}</main></body></html>`);
}

function chooserPage(requestId: string): string {
  const accounts = GOOGLE_TEST_ACCOUNTS.map(
    (a, i) => `<label><input type="radio" name="account" value="${i}"${i === 0 ? ' checked' : ''}> ${escapeHtml(a.name)} (${escapeHtml(a.email)})</label>`,
  ).join('');
  return `<h1>Choose an account</h1><p>to continue to CardCrew. Local Google stand-in: no real Google account is used.</p>
<form method="post" action="/oauth2/google">
<input type="hidden" name="request" value="${escapeHtml(requestId)}">
<fieldset><legend>Google account</legend>${accounts}<label><input type="radio" name="account" value="typed"> Use another account</label></fieldset>
<div class="typed"><label>Email<input type="email" name="email" autocomplete="off"></label><label>Name<input type="text" name="name" autocomplete="off"></label></div>
<label><input type="checkbox" name="email_verified" value="true" checked> Google has verified this email address</label>
<div class="buttons"><button class="secondary" type="submit" name="action" value="cancel">Cancel</button><button class="primary" type="submit" name="action" value="continue">Continue</button></div>
</form>`;
}

/** The chosen account as Google would describe it; null when a typed account is incomplete. */
function chosenProfile(form: URLSearchParams): GoogleProfile | null {
  const choice = form.get('account');
  const test = choice !== 'typed' ? GOOGLE_TEST_ACCOUNTS[Number(choice)] : undefined;
  const email = (test?.email ?? form.get('email') ?? '').trim().toLowerCase();
  const name = (test?.name ?? form.get('name') ?? '').trim() || email.split('@')[0] || '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  const [givenName, ...family] = name.split(/\s+/);
  return { sub: googleSubject(email), email, emailVerified: form.get('email_verified') === 'true', name, givenName, ...(family.length ? { familyName: family.join(' ') } : {}) };
}

export function startHostedUi(s: LocalSettings, federation: LocalFederation): Promise<Server> {
  const requests = new Map<string, AuthorizeRequest>();
  const codes = new Map<string, IssuedCode>();
  const base = `http://${s.host}:${s.hostedUiPort}`;

  async function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const client = await federation.appClient(q.get('client_id') ?? '');
    // Like Cognito: without a known client and an allow-listed redirect URI there is nowhere safe to send an error.
    if (!client) return page(res, 400, 'Error', '<h1>An error was encountered with the requested page.</h1><p>invalid_request: client_id is not valid.</p>');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client.CallbackURLs?.includes(redirectUri)) return page(res, 400, 'Error', '<h1>An error was encountered with the requested page.</h1><p>redirect_mismatch</p>');
    const state = q.get('state');
    const refuse = (error: string, description: string) => redirectTo(res, withParams(redirectUri, { error, error_description: description, state }));
    if (q.get('response_type') !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
    const codeChallenge = q.get('code_challenge');
    if (!codeChallenge || q.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'a PKCE code_challenge with code_challenge_method S256 is required');
    // A provider by name, or by an IdP identifier (a business's verified domain), as Cognito picks one; it must be one
    // of the app client's supported identity providers.
    const providerName = q.get('identity_provider');
    const identifier = q.get('idp_identifier');
    const provider = providerName
      ? federation.identityProvider(client.UserPoolId, { name: providerName })
      : identifier
        ? federation.identityProvider(client.UserPoolId, { identifier })
        : undefined;
    if ((providerName || identifier) && (!provider || !client.SupportedIdentityProviders?.includes(provider.ProviderName))) {
      return refuse('invalid_request', providerName ? `Login option ${providerName} is not available for this app client` : `No identity provider for the identifier ${identifier}`);
    }
    if (provider && (provider.ProviderType === 'SAML' || provider.ProviderType === 'OIDC')) {
      try {
        return redirectTo(res, await sso.start(provider, client.UserPoolId, { clientId: client.ClientId, redirectUri, state, codeChallenge }));
      } catch (error) {
        return refuse('invalid_request', `Could not start the sign-in with ${provider.ProviderName}: ${(error as Error).message}`);
      }
    }
    const requestId = randomBytes(16).toString('hex');
    requests.set(requestId, { clientId: client.ClientId, redirectUri, state, codeChallenge, expiresAt: Date.now() + REQUEST_TTL_MS });
    page(res, 200, 'Sign in with Google', chooserPage(requestId));
  }

  async function choose(form: URLSearchParams, res: ServerResponse) {
    const requestId = form.get('request') ?? '';
    const pending = requests.get(requestId);
    requests.delete(requestId);
    if (!pending || pending.expiresAt < Date.now()) return page(res, 400, 'Error', '<h1>This sign-in has expired.</h1><p>Go back to CardCrew and press Continue with Google again.</p>');
    const back = (params: Record<string, string>) => redirectTo(res, withParams(pending.redirectUri, { ...params, state: pending.state }));
    if (form.get('action') !== 'continue') return back({ error: 'access_denied', error_description: 'The user cancelled the Google sign-in' });
    const profile = chosenProfile(form);
    if (!profile) return back({ error: 'invalid_request', error_description: 'Google returned no valid email address' });
    let tokens: IssuedCode['tokens'];
    try {
      tokens = await federation.signInWithGoogle(pending.clientId, profile);
    } catch (error) {
      return back({ error: 'invalid_request', error_description: (error as Error).message });
    }
    const code = randomBytes(24).toString('hex');
    codes.set(code, { clientId: pending.clientId, redirectUri: pending.redirectUri, codeChallenge: pending.codeChallenge, tokens, expiresAt: Date.now() + CODE_TTL_MS });
    back({ code });
  }

  const sso = ssoHandlers({ hostedUiBase: base, federation });

  /** The end of a SAML or OIDC sign-in: a code for the app, or the app told why not (as Cognito does). */
  function finish(res: ServerResponse, outcome: SsoOutcome) {
    const { app, tokens, error } = outcome;
    if (!app) return page(res, 400, 'Error', `<h1>An error was encountered with the requested page.</h1><p>${escapeHtml(error?.error_description ?? 'invalid_request')}</p>`);
    if (!tokens) return redirectTo(res, withParams(app.redirectUri, { ...error!, state: app.state }));
    const code = randomBytes(24).toString('hex');
    codes.set(code, { clientId: app.clientId, redirectUri: app.redirectUri, codeChallenge: app.codeChallenge, tokens, expiresAt: Date.now() + CODE_TTL_MS });
    redirectTo(res, withParams(app.redirectUri, { code, state: app.state }));
  }

  function token(form: URLSearchParams, res: ServerResponse) {
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, whatever the outcome
    if (!issued || issued.expiresAt < Date.now()) return json(res, 400, { error: 'invalid_grant' });
    if (form.get('client_id') !== issued.clientId) return json(res, 400, { error: 'invalid_client' });
    if (form.get('redirect_uri') !== issued.redirectUri) return json(res, 400, { error: 'invalid_grant' });
    const verifier = form.get('code_verifier') ?? '';
    if (!verifier || s256(verifier) !== issued.codeChallenge) return json(res, 400, { error: 'invalid_grant' });
    const { exp = 0 } = decodeJwt(issued.tokens.AccessToken);
    json(res, 200, {
      id_token: issued.tokens.IdToken,
      access_token: issued.tokens.AccessToken,
      refresh_token: issued.tokens.RefreshToken,
      token_type: 'Bearer',
      expires_in: Math.max(0, exp - Math.floor(Date.now() / 1000)),
    });
  }

  /** An access token of the local user pool (signature, issuer, expiry, token use), or null. */
  async function verifyAccessToken(token: string): Promise<{ clientId: string; username: string } | null> {
    try {
      const issuer = String(decodeJwt(token).iss ?? '');
      if (!issuer.startsWith(`http://${s.host}:${s.cognitoPort}/`)) return null;
      const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)), { issuer, algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || typeof payload.client_id !== 'string' || typeof payload.username !== 'string') return null;
      return { clientId: payload.client_id, username: payload.username };
    } catch {
      return null;
    }
  }

  async function userInfo(authorization: string | undefined, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const claims = bearer ? await verifyAccessToken(bearer) : null;
    if (!claims) return json(res, 401, { error: 'invalid_token' });
    const user = await federation.userOfAccessToken(claims.clientId, claims.username);
    if (!user) return json(res, 401, { error: 'invalid_token' });
    const attributes = Object.fromEntries(user.Attributes.filter((a) => !a.Name.startsWith('custom:')).map((a) => [a.Name, a.Value]));
    json(res, 200, { ...attributes, username: user.Username });
  }

  async function logout(url: URL, res: ServerResponse) {
    const client = await federation.appClient(url.searchParams.get('client_id') ?? '');
    const logoutUri = url.searchParams.get('logout_uri') ?? '';
    if (!client || !client.LogoutURLs?.includes(logoutUri)) return page(res, 400, 'Error', '<h1>An error was encountered with the requested page.</h1><p>Required String parameter \'redirect_uri\' is not present</p>');
    redirectTo(res, logoutUri);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const route = `${req.method} ${url.pathname}`;
      if (req.method === 'OPTIONS') return json(res, 204, null);
      if (route === 'GET /oauth2/authorize') return await authorize(url, res);
      if (route === 'POST /oauth2/google') return await choose(new URLSearchParams(await readBody(req)), res);
      if (route === 'POST /saml2/idpresponse') return finish(res, await sso.samlResponse(new URLSearchParams(await readBody(req))));
      if (route === 'GET /oauth2/idpresponse') return finish(res, await sso.oidcResponse(url.searchParams));
      if (route === 'POST /oauth2/token') return token(new URLSearchParams(await readBody(req)), res);
      if (route === 'GET /oauth2/userInfo') return await userInfo(req.headers.authorization, res);
      if (route === 'GET /logout') return await logout(url, res);
      if (route === 'GET /health') return json(res, 200, { ok: true });
      json(res, 404, { error: 'not_found' });
    })().catch((error: Error) => {
      console.error('Hosted UI stand-in:', error);
      json(res, 500, { error: 'server_error' });
    });
  });
  return new Promise((resolve, reject) => server.listen(s.hostedUiPort, s.host, () => resolve(server)).on('error', reject));
}
