import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { claimsAsApiGatewayPassesThem, createTokenVerifier } from './api-adapter';

const issuer = 'http://127.0.0.1:9229/local_pool';
const audience = 'web-client-id';
const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
const verify = createTokenVerifier({ issuer, audience, jwks });

const sign = (claims: JWTPayload, options: { iss?: string; exp?: number; key?: CryptoKey } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.iss ?? issuer)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(options.key ?? privateKey);

describe('the local JWT authorizer', () => {
  it('accepts what the HTTP API authorizer accepts: an ID token for the client, and an access token whose client_id is the client', async () => {
    expect(await verify(`Bearer ${await sign({ sub: 'u1', aud: audience, token_use: 'id' })}`)).toMatchObject({ sub: 'u1' });
    expect(await verify(`Bearer ${await sign({ sub: 'u1', client_id: audience, token_use: 'access' })}`)).toMatchObject({ token_use: 'access' });
  });

  it('refuses another audience, another issuer, an expired token, another key and no token', async () => {
    const other = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      await sign({ sub: 'u1', aud: 'other-client' }),
      await sign({ sub: 'u1', client_id: 'other-client' }),
      await sign({ sub: 'u1', aud: audience }, { iss: 'http://127.0.0.1:1/other' }),
      await sign({ sub: 'u1', aud: audience }, { exp: now - 60 }),
      await sign({ sub: 'u1', aud: audience }, { key: other.privateKey }),
    ]) {
      expect(await verify(`Bearer ${token}`)).toBeNull();
    }
    expect(await verify(undefined)).toBeNull();
    expect(await verify('Basic abc')).toBeNull();
  });

  it('hands the claims on as strings, the way API Gateway does', () => {
    expect(claimsAsApiGatewayPassesThem({ sub: 'u1', iat: 1700000000, email_verified: true, 'cognito:groups': ['admin', 'owner'] })).toEqual({
      sub: 'u1',
      iat: '1700000000',
      email_verified: 'true',
      'cognito:groups': '[admin owner]',
    });
  });
});
