import { describe, expect, it } from 'vitest';
import { authenticationTokenOf, checkDownloadGrant, downloadGrantOf, isAuthenticationToken, passSecretOf } from './pass-tokens';

const secret = passSecretOf('-----BEGIN PRIVATE KEY-----\nnot-a-real-key\n-----END PRIVATE KEY-----');

describe('Apple Wallet tokens', () => {
  it('gives each card one authentication token of at least 16 characters, checked in constant time', () => {
    const token = authenticationTokenOf(secret, 'card-a');
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(authenticationTokenOf(secret, 'card-a')).toBe(token);
    expect(isAuthenticationToken(secret, 'card-a', token)).toBe(true);
    expect(isAuthenticationToken(secret, 'card-b', token)).toBe(false);
    expect(isAuthenticationToken(passSecretOf('another key'), 'card-a', token)).toBe(false);
    expect(isAuthenticationToken(secret, 'card-a', token.slice(1))).toBe(false);
  });

  it('signs a download link for one card, valid for 5 minutes', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const grant = downloadGrantOf(secret, 'card-a', now);
    expect(grant.expires).toBe(now / 1000 + 300);
    expect(checkDownloadGrant(secret, 'card-a', grant, now + 299_000)).toBe('valid');
    expect(checkDownloadGrant(secret, 'card-a', grant, now + 301_000)).toBe('expired');
    expect(checkDownloadGrant(secret, 'card-b', grant, now)).toBe('forged');
    expect(checkDownloadGrant(secret, 'card-a', { ...grant, expires: grant.expires + 3600 }, now)).toBe('forged');
  });
});
