import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { businessIdOfProviderName, parseSsoUserName, providerNameOf, slotOfProviderName } from './provider-name';

// Cognito's ProviderName rule: 1–32 characters, no `_` at all in ours (it splits `<ProviderName>_<subject>`).
const COGNITO_NAME = /^[^_\p{Z}][\p{L}\p{M}\p{S}\p{N}\p{P}][^_\p{Z}]+$/u;

describe('providerNameOf', () => {
  it('names a business id with underscores and hyphens within Cognito’s rule, reversibly', () => {
    for (const id of ['_abc_def-ghi_jklmnopqr', '-AAAAAAAAAAAAAAAAAAAA_', 'abcdefghijklmnopqrstuv', ...Array.from({ length: 200 }, newId)]) {
      const name = providerNameOf(id);
      expect(name.length).toBeLessThanOrEqual(32);
      expect(name).toMatch(COGNITO_NAME);
      expect(name).not.toContain('_');
      expect(businessIdOfProviderName(name)).toBe(id);
    }
  });

  it('gives two ids differing only in _ and . two different names (no collision)', () => {
    expect(providerNameOf('abc_defghijklmnopqrstu')).not.toBe(providerNameOf('abc-defghijklmnopqrstu'));
  });

  it('refuses ids that could not be named', () => {
    expect(() => providerNameOf('a'.repeat(29))).toThrow();
    expect(() => providerNameOf('has space')).toThrow();
    expect(() => providerNameOf('')).toThrow();
  });

  it('reads a federated user name back to its business and subject, and ignores other providers', () => {
    const id = '_abc_def-ghi_jklmnopqr';
    expect(parseSsoUserName(`${providerNameOf(id)}_00u1a2b3c_4`)).toEqual({ providerName: providerNameOf(id), businessId: id, subject: '00u1a2b3c_4' });
    expect(parseSsoUserName('google_1234567890')).toBeNull();
    expect(parseSsoUserName('Google_1234567890')).toBeNull();
    expect(parseSsoUserName('plainuser')).toBeNull();
    expect(businessIdOfProviderName('sso-')).toBeNull();
  });

  it('names a second provider of the same business apart from the first, within Cognito’s rule, and reads it back', () => {
    for (const id of ['_abc_def-ghi_jklmnopqr', ...Array.from({ length: 50 }, newId)]) {
      const second = providerNameOf(id, 2);
      expect(second).not.toBe(providerNameOf(id));
      expect(second.length).toBeLessThanOrEqual(32);
      expect(second).toMatch(COGNITO_NAME);
      expect(businessIdOfProviderName(second)).toBe(id);
      expect(slotOfProviderName(second)).toBe(2);
      expect(slotOfProviderName(providerNameOf(id))).toBe(1);
      expect(parseSsoUserName(`${second}_acme-0001`)).toEqual({ providerName: second, businessId: id, subject: 'acme-0001' });
    }
  });
});
