import { describe, expect, it } from 'vitest';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { hashScimSecret, newScimSecret } from './scim-tokens';

describe('SCIM tokens', () => {
  it('are 256 random bits behind a recognisable prefix, stored as their SHA-256', () => {
    const a = newScimSecret();
    const b = newScimSecret();
    expect(a).toMatch(/^ccscim_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashScimSecret(a)).toBe(hashScimSecret(a));
    expect(hashScimSecret(a)).not.toBe(hashScimSecret(b));
    expect(hashScimSecret(a)).not.toContain(a.slice(7, 20));
  });
});

describe('SCIM discovery', () => {
  const base = 'https://cards.example/scim/v2';
  it('says exactly what is supported', () => {
    expect(serviceProviderConfig(base, 200)).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken', primary: true }],
    });
    expect(resourceTypes(base).Resources).toEqual([
      expect.objectContaining({ id: 'User', endpoint: '/Users', schema: 'urn:ietf:params:scim:schemas:core:2.0:User' }),
      expect.objectContaining({ id: 'Group', endpoint: '/Groups', schema: 'urn:ietf:params:scim:schemas:core:2.0:Group' }),
    ]);
    expect(schemas(base).Resources.map((s) => s.id)).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', 'urn:ietf:params:scim:schemas:core:2.0:Group']);
  });
});
