// Google and SSO sign-in started on an agency's custom domain come back through the platform's one callback,
// /api/sign-in/relay (docs/decisions.md "Google and SSO sign-in on an agency's domain"): it sends the browser on to the
// domain named in the state with Cognito's query as it came, and nowhere else — not to a domain that is not active,
// not to one nobody has, and not when asked on a custom domain itself. The app client lists the relay as a callback,
// so the local hosted UI sends a sign-in there and the code it carries is traded with the page's own verifier.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customDomainMessages } from '../../shared/messages/custom-domains';
import { agencyWithSettings } from '../support/agencies';
import { addDomain } from '../support/custom-domains';
import { onHost, origin, runtime, uniqueDomain, uniqueEmail } from '../support/runtime';

const relay = (query: Record<string, string>) => fetch(`${origin}/api/sign-in/relay?${new URLSearchParams(query)}`, { redirect: 'manual' });
const bright = 'cards.bright.localhost';
const brightOrigin = `http://${bright}:${new URL(origin).port}`;

describe('the sign-in relay', () => {
  it("sends a code on to the active domain named in the state, with Cognito's query unchanged and nothing cached", async () => {
    const state = `${randomBytes(32).toString('base64url')}~${bright}`;
    const res = await relay({ code: 'a-code', state });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const target = new URL(res.headers.get('location')!);
    expect(target.origin + target.pathname).toBe(`${brightOrigin}/auth/callback`);
    expect(Object.fromEntries(target.searchParams)).toEqual({ code: 'a-code', state });
  });

  it("passes the hosted UI's error on, so the domain's sign-in page can say why", async () => {
    const state = `x~${bright.toUpperCase()}`;
    const res = await relay({ error: 'access_denied', error_description: 'PreSignUp failed with error Access ended.', state });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!);
    expect(target.host).toBe(new URL(brightOrigin).host);
    expect(Object.fromEntries(target.searchParams)).toEqual({ error: 'access_denied', error_description: 'PreSignUp failed with error Access ended.', state });
  });

  it('refuses a state that names no domain, a domain nobody has, or one that is not active yet, sending nobody anywhere', async () => {
    const { user, agencyId } = await agencyWithSettings();
    const pending = uniqueDomain();
    expect((await addDomain(user, agencyId, pending)).body.state).toBe('pending-dns');
    for (const state of ['no-domain', 'x~', `x~${uniqueDomain()}`, `x~${pending}`, 'x~evil.example.com']) {
      const res = await relay({ code: 'a-code', state });
      expect(res.status, state).toBe(400);
      expect(res.headers.get('location'), state).toBeNull();
      expect(((await res.json()) as { error: { message: string } }).error.message, state).toBe(customDomainMessages.unknownSignInSite);
    }
    // Without a state, the query itself is refused.
    expect((await relay({ code: 'a-code' })).status).toBe(400);
  });

  it('is the platform’s callback only: 404 on a custom domain', async () => {
    const res = await onHost(bright, 'GET', `/api/sign-in/relay?code=a&state=x~${bright}`);
    expect(res.status).toBe(404);
  });

  it('is a callback URL of the app client: the hosted UI sends a sign-in there, and the code trades with the page’s verifier', async () => {
    const hostedUi = `http://127.0.0.1:${runtime.settings.hostedUiPort}`;
    const verifier = randomBytes(32).toString('base64url');
    const state = `${randomBytes(16).toString('base64url')}~${bright}`;
    const redirectUri = `${origin}/api/sign-in/relay`;
    const authorize = new URL(`${hostedUi}/oauth2/authorize`);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: runtime.ids.userPoolClientId, redirect_uri: redirectUri, scope: 'openid email profile', identity_provider: 'Google', state, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' })) {
      authorize.searchParams.set(k, v);
    }
    const chooser = await fetch(authorize, { redirect: 'manual' });
    const html = await chooser.text();
    expect(chooser.status, html).toBe(200);
    const request = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const email = uniqueEmail('relay');
    const chosen = await fetch(`${hostedUi}/oauth2/google`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, account: 'typed', email, name: 'Rory Relay', email_verified: 'true', action: 'continue' }),
    });
    const back = new URL(chosen.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(redirectUri);

    const relayed = await fetch(back, { redirect: 'manual' });
    expect(relayed.status).toBe(302);
    const callback = new URL(relayed.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(`${brightOrigin}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe(state);

    // What the domain's page does next: the code and its verifier, with the relay as the redirect URI; once only.
    const trade = () =>
      fetch(`${hostedUi}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: runtime.ids.userPoolClientId, redirect_uri: redirectUri, code: callback.searchParams.get('code')!, code_verifier: verifier }),
      });
    const traded = await trade();
    const tokens = (await traded.json()) as { id_token: string; refresh_token: string };
    expect(traded.status).toBe(200);
    expect(JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString('utf8')).email).toBe(email);
    expect(tokens.refresh_token).toBeTruthy();
    expect((await trade()).status).toBe(400);
  });
});
