import { describe, expect, it } from 'vitest';
import { testSignInUrl, withIdpIdentifier } from './hosted-ui';

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

  it('builds the test sign-in URL, or none without a user pool domain', () => {
    const config = { oauthDomain: 'auth.example.com', local: false, userPoolClientId: 'client1', publicOrigin: 'https://cardcrew.example' };
    const url = new URL(testSignInUrl(config, 'acme.example')!);
    expect(url.origin).toBe('https://auth.example.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ idp_identifier: 'acme.example', client_id: 'client1', redirect_uri: 'https://cardcrew.example/', response_type: 'code' });
    expect(testSignInUrl({ ...config, oauthDomain: null }, 'acme.example')).toBeNull();
  });
});
