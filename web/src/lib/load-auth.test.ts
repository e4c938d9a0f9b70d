import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './load-auth';

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
