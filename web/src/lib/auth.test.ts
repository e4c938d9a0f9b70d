import { describe, expect, it } from 'vitest';
import { createLocalTokenRefresher, decodeJWT, sessionNeedsRefresh } from './auth';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'RS256' })}.${b64(payload)}.signature`;

describe('decodeJWT', () => {
  it('decodes the payload and keeps the original token', () => {
    const token = jwt({ sub: 'u1', email: 'zoë@example.com', iat: 10 });
    const decoded = decodeJWT(token);
    expect(decoded.payload).toMatchObject({ sub: 'u1', email: 'zoë@example.com', iat: 10 });
    expect(decoded.toString()).toBe(token);
  });
});

describe('createLocalTokenRefresher', () => {
  it('refreshes with InitiateAuth REFRESH_TOKEN_AUTH and keeps the refresh token when none is returned', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const accessToken = jwt({ sub: 'u1', iat: Math.floor(Date.now() / 1000) });
    const idToken = jwt({ sub: 'u1', email: 'a@b.test' });
    const fetchImpl = (async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return new Response(JSON.stringify({ AuthenticationResult: { AccessToken: accessToken, IdToken: idToken } }));
    }) as unknown as typeof fetch;

    const refresh = createLocalTokenRefresher('http://127.0.0.1:3000/cognito', 'client-1', fetchImpl);
    const old = decodeJWT(jwt({ sub: 'u1', iat: 1 }));
    const tokens = await refresh({ tokens: { accessToken: old, refreshToken: 'rt-1', clockDrift: 0, username: 'u1' }, username: 'u1' });

    expect(requests).toHaveLength(1);
    const [{ url, init }] = requests as [{ url: string; init: RequestInit }];
    expect(url).toBe('http://127.0.0.1:3000/cognito');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    });
    expect(JSON.parse(String(init.body))).toEqual({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'client-1', AuthParameters: { REFRESH_TOKEN: 'rt-1' } });
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.idToken?.payload.email).toBe('a@b.test');
    expect(tokens.refreshToken).toBe('rt-1');
    expect(tokens.username).toBe('u1');
  });

  it('fails when Cognito refuses the refresh token', async () => {
    const fetchImpl = (async () => new Response('{}', { status: 400 })) as unknown as typeof fetch;
    const refresh = createLocalTokenRefresher('http://x/cognito', 'c', fetchImpl);
    await expect(
      refresh({ tokens: { accessToken: decodeJWT(jwt({ iat: 1 })), refreshToken: 'rt', clockDrift: 0, username: 'u' }, username: 'u' }),
    ).rejects.toThrow('Token refresh failed (400)');
  });
});

describe('sessionNeedsRefresh (spec 1 §9: 3 ticks of 30 s)', () => {
  const now = 1_000_000;
  it('waits while more than 90 seconds remain', () => {
    expect(sessionNeedsRefresh(now + 90_001, now)).toBe(false);
    expect(sessionNeedsRefresh(now + 3_600_000, now)).toBe(false);
  });
  it('refreshes at 90 seconds or fewer, and after expiry', () => {
    expect(sessionNeedsRefresh(now + 90_000, now)).toBe(true);
    expect(sessionNeedsRefresh(now + 1, now)).toBe(true);
    expect(sessionNeedsRefresh(now - 5_000, now)).toBe(true);
  });
});
