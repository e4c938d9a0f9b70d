import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/zod';
import { resolveCaller } from '../identity/caller';
import { claimsOf, parseGroups } from '../identity/claims';
import { fieldErrorsOf } from './http';
import { matchRoute } from '../../local/api-adapter';
import { routes } from '../../routes';

describe('request plumbing', () => {
  it('reads Cognito groups as API Gateway passes them (a bracketed string)', () => {
    expect(parseGroups('[admin owner]')).toEqual(['admin', 'owner']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('turns typed claims into the strings API Gateway would pass', () => {
    const event = { requestContext: { authorizer: { jwt: { claims: { sub: 'u1', iat: 1700000000, email_verified: true } } } } };
    expect(claimsOf(event as never)).toEqual({ sub: 'u1', iat: '1700000000', email_verified: 'true' });
  });

  it('refuses an access token before reading any record', async () => {
    await expect(resolveCaller({ sub: 'u1', token_use: 'access', client_id: 'c' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(resolveCaller({ token_use: 'id' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('declares a params schema for every path placeholder (a greedy {name+} too), and only those', () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(route.params.shape).sort(), route.operationId).toEqual(names);
      expect(route.params.safeParse(Object.fromEntries(names.map((n) => [n!, 'x'.repeat(5000)]))).success, route.operationId).toBe(names.length === 0);
    }
  });

  it('keeps the first message per field and names unknown fields', () => {
    const schema = z.strictObject({ name: z.string().check(z.minLength(1, 'Name is required')) });
    const result = schema.safeParse({ name: '', extra: 1 });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({ name: 'Name is required', _: 'Unknown field(s): extra' });
  });

  it('matches every route of the table by its own path, with its parameters', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, n: string) => `${n}-value_123`);
      const match = matchRoute(route.method, path);
      expect(match?.route.operationId).toBe(route.operationId);
      for (const name of [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) expect(match?.params[name]).toBe(`${name}-value_123`);
    }
    expect(matchRoute('GET', '/api/businesses/a/b/c')).toBeNull();
  });

});
