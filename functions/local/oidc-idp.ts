// A local OpenID Connect identity provider on oidc-provider (issue 24), the stand-in for a business's Okta, Entra ID or
// Google Workspace: discovery at /.well-known/openid-configuration, a confidential client `cardcrew-local` whose
// redirect URI is the hosted-UI stand-in's /oauth2/idpresponse, authorization code with PKCE, a login page for the test
// users (sso-test-users.ts), id_tokens signed with a key made once in the data folder. POST /test/next-id-token changes
// the next id_token only (its issuer, audience, nonce, expiry or signing key): tests craft the refusals with it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import Provider, { type OidcContext } from 'oidc-provider';
import { idpPage, SSO_TEST_USERS, ssoTestUser, testUsersHint } from './sso-test-users';
import { escapeHtml, readBody } from './stripe';

/** The registered client (docs/local.md): what an owner types in as client id and secret when connecting this provider. */
export const LOCAL_OIDC_CLIENT = { clientId: 'cardcrew-local', clientSecret: 'cardcrew-local-oidc-secret' } as const;

export interface IdTokenKnobs {
  iss?: string;
  aud?: string;
  nonce?: string;
  /** Seconds from now until exp (negative: already expired). */
  expiresIn?: number;
  /** Signed with a key that is not in the provider's JWKS (same kid). */
  wrongKey?: boolean;
}

async function signingKey(dir: string): Promise<JWK> {
  const file = join(dir, 'signing-key.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: `local-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' };
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as JWK;
}

/** oidc-provider's storage, in memory: sessions and codes are short-lived and a restart signs people out (as intended locally). */
class MemoryAdapter {
  private static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  private static live(entry: { payload: Record<string, unknown>; expiresAt: number } | undefined) {
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    MemoryAdapter.store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
  }
  async find(id: string) {
    return MemoryAdapter.live(MemoryAdapter.store.get(this.key(id)));
  }
  async findByUid(uid: string) {
    for (const [key, entry] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return MemoryAdapter.live(entry);
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, entry] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return MemoryAdapter.live(entry);
    return undefined;
  }
  async consume(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of MemoryAdapter.store) if (entry.payload.grantId === grantId) MemoryAdapter.store.delete(key);
  }
}

export interface OidcIdp {
  server: Server;
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcIdp(options: { host: string; port: number; dataDir: string; redirectUris: string[] }): Promise<OidcIdp> {
  const issuer = `http://${options.host}:${options.port}`;
  const jwk = await signingKey(join(options.dataDir, 'oidc-idp'));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT.clientId,
        client_secret: LOCAL_OIDC_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: MemoryAdapter,
    ttl: { Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The id_token carries the e-mail and name itself, as Okta's and Entra ID's do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const user = SSO_TEST_USERS.find((u) => u.sub === id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: user.email, email_verified: true, name: `${user.givenName} ${user.familyName}`, given_name: user.givenName, family_name: user.familyName }),
      };
    },
    // A first-party provider for the business's own app: no consent screen, the requested scopes are granted.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  let knobs: IdTokenKnobs | null = null;

  /** Re-signs the id_token of a token response with the knobs applied (tests only). */
  function craftNextIdToken(res: ServerResponse, k: IdTokenKnobs) {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (body?: unknown) => ServerResponse;
    res.write = ((chunk: unknown) => (chunks.push(Buffer.from(chunk as Buffer)), true)) as ServerResponse['write'];
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        if (typeof body.id_token === 'string') {
          const claims = decodeJwt(body.id_token);
          const now = Math.floor(Date.now() / 1000);
          const payload = { ...claims, ...(k.iss ? { iss: k.iss } : {}), ...(k.aud ? { aud: k.aud } : {}), ...(k.nonce ? { nonce: k.nonce } : {}), ...(k.expiresIn !== undefined ? { iat: now - 600, exp: now + k.expiresIn } : {}) };
          const key = k.wrongKey ? (await generateKeyPair('RS256')).privateKey : await importJWK(jwk, 'RS256');
          body.id_token = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(body.id_token).kid }).sign(key);
        }
        const out = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(out));
        end(out);
      })();
      return res;
    }) as ServerResponse['end'];
  }

  const loginPage = (uid: string, error?: string) =>
    idpPage(
      'Sign in – local OpenID Connect provider',
      `<h1>Sign in</h1><p>Local OpenID Connect identity provider (a stand-in for your company's Okta, Entra ID or Google Workspace).</p>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Work e-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p></form>${testUsersHint()}`,
      '#4338ca',
    );
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      if (details.prompt.name === 'login') return html(res, 200, loginPage(details.uid));
      // Any other prompt (consent) is granted: see loadExistingGrant.
      return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
    }
    if (req.method === 'POST' && path.endsWith('/login')) {
      const form = new URLSearchParams(await readBody(req));
      const user = ssoTestUser(form.get('email') ?? '', form.get('password') ?? '');
      if (!user) return html(res, 200, loginPage(details.uid, 'Wrong e-mail or password.'));
      return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    }
    html(res, 404, idpPage('Not found', '<h1>Not found</h1>', '#4338ca'));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path.startsWith('/interaction/')) return await interaction(req, res, path);
      if (req.method === 'POST' && path === '/test/next-id-token') {
        knobs = JSON.parse((await readBody(req)) || '{}') as IdTokenKnobs;
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'POST' && path === '/token' && knobs) {
        craftNextIdToken(res, knobs);
        knobs = null;
      }
      callback(req, res);
    })().catch((error: Error) => {
      if (!res.headersSent) html(res, 400, idpPage('Error', `<h1>Sign-in error</h1><p>${escapeHtml(error.message)}</p>`, '#4338ca'));
    });
  });
  await new Promise<void>((resolve, reject) => server.listen(options.port, options.host, resolve).on('error', reject));
  return { server, issuer, close: () => new Promise((r) => server.close(() => r())) };
}
