import { describe, expect, it } from 'vitest';
import { hasStoredSession, storedIdToken } from './load-auth';

/** A Storage stand-in holding `keys`. */
const storage = (...keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('hasStoredSession', () => {
  it('is false for a first-time visitor (nothing stored) and when storage is unavailable', () => {
    expect(hasStoredSession(storage())).toBe(false);
    expect(hasStoredSession(undefined)).toBe(false);
  });

  it("ignores the app's own keys and other sites' libraries", () => {
    expect(hasStoredSession(storage('pending_account_type', 'pending_redirect_path', 'amplify-something', 'CognitoIdentityServiceProviderX'))).toBe(false);
  });

  it('is true once Amplify stored tokens or the last user', () => {
    expect(hasStoredSession(storage('theme', 'CognitoIdentityServiceProvider.client123.LastAuthUser'))).toBe(true);
    expect(hasStoredSession(storage('CognitoIdentityServiceProvider.client123.user-1.idToken'))).toBe(true);
  });

  it('is true while a Google sign-in is under way (Amplify must finish it on return)', () => {
    expect(hasStoredSession(storage('CognitoIdentityServiceProvider.client123.inflightOAuth'))).toBe(true);
  });
});

describe('storedIdToken', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
  const items = (token: string | null, drift = '0') => {
    const map: Record<string, string> = { 'CognitoIdentityServiceProvider.c1.LastAuthUser': 'ana@example.com', 'CognitoIdentityServiceProvider.c1.ana@example.com.clockDrift': drift };
    if (token) map['CognitoIdentityServiceProvider.c1.ana@example.com.idToken'] = token;
    return { getItem: (key: string) => map[key] ?? null };
  };

  it("returns the last user's ID token and its claims while it is good for more than two minutes", () => {
    const token = jwt({ sub: 'u1', email: 'ana@example.com', exp: now / 1000 + 600 });
    expect(storedIdToken('c1', items(token), now)).toEqual({ token, payload: { sub: 'u1', email: 'ana@example.com', exp: now / 1000 + 600 } });
  });

  it('leaves a token near its expiry (or past it, with the clock drift) to Amplify, unless any age is asked for', () => {
    const soon = jwt({ sub: 'u1', exp: now / 1000 + 60 });
    expect(storedIdToken('c1', items(soon), now)).toBeNull();
    expect(storedIdToken('c1', items(jwt({ sub: 'u1', exp: now / 1000 + 600 }), String(590_000)), now)).toBeNull();
    expect(storedIdToken('c1', items(soon), now, Number.NEGATIVE_INFINITY)?.payload.sub).toBe('u1');
  });

  it('is null without a token, for another app client, or for a token that is not a JWT', () => {
    expect(storedIdToken('c1', items(null), now)).toBeNull();
    expect(storedIdToken('c2', items(jwt({ sub: 'u1', exp: now / 1000 + 600 })), now)).toBeNull();
    expect(storedIdToken('c1', items('not-a-jwt'), now)).toBeNull();
    expect(storedIdToken('c1', undefined, now)).toBeNull();
  });
});
