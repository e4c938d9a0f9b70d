import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishTestSignIn, startTestSignIn, withIdpIdentifier } from './hosted-ui';

describe('hosted UI URLs for SSO', () => {
  it('turns Amplify’s authorize URL to the domain, keeping PKCE and state', () => {
    const amplify = 'https://127.0.0.1:13722/oauth2/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A4500%2F&response_type=code&client_id=c&identity_provider=sso&scope=openid+email+profile&state=s123&code_challenge=abc&code_challenge_method=S256';
    const url = new URL(withIdpIdentifier(amplify, 'acme.example', true));
    expect(url.protocol).toBe('http:');
    expect(url.searchParams.get('identity_provider')).toBeNull();
    expect(url.searchParams.get('idp_identifier')).toBe('acme.example');
    expect(url.searchParams.get('state')).toBe('s123');
    expect(url.searchParams.get('code_challenge')).toBe('abc');
    expect(new URL(withIdpIdentifier(amplify, 'acme.example', false)).protocol).toBe('https:');
  });

  it('starts a test sign-in with PKCE (S256) and state to the provider, back to the test callback; none without a user pool domain', async () => {
    const store = new Map<string, string>();
    globalThis.localStorage = { setItem: (k: string, v: string) => store.set(k, v), getItem: (k: string) => store.get(k) ?? null, removeItem: (k: string) => store.delete(k) } as never;
    const config = { oauthDomain: 'auth.example.com', local: false, userPoolClientId: 'client1', publicOrigin: 'https://cardcrew.example' };
    const url = new URL((await startTestSignIn(config, 'sso-abc', 'biz1'))!);
    expect(url.origin).toBe('https://auth.example.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      identity_provider: 'sso-abc',
      client_id: 'client1',
      redirect_uri: 'https://cardcrew.example/sso/test-callback',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    const state = url.searchParams.get('state')!;
    const pending = JSON.parse(store.get(`cardcrew.ssoTest.${state}`)!) as { verifier: string; businessId: string };
    // The callback records the test for the business it was started from.
    expect(pending.businessId).toBe('biz1');
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(pending.verifier).digest('base64url'));
    expect(await startTestSignIn({ ...config, oauthDomain: null }, 'sso-abc', 'biz1')).toBeNull();

    // The callback's refusal: the reason, and the verifier is gone (single use).
    const failed = await finishTestSignIn(config, new URLSearchParams({ state, error: 'invalid_request', error_description: 'PreSignUp failed with error Nope.' }));
    expect(failed).toEqual({ ok: false, reason: 'PreSignUp failed with error Nope.' });
    expect(store.size).toBe(0);
    // A code without a test this browser started is refused without calling the token endpoint.
    expect(await finishTestSignIn(config, new URLSearchParams({ state, code: 'c' }))).toMatchObject({ ok: false });
  });
});
