import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseGroups } from './caller';
import { fieldErrorsOf } from './http';
import { matchRoute } from '../../local/api-adapter';
import { routes } from '../../routes';
import { isScan } from '../card-page/record-scan';

describe('request plumbing', () => {
  it('reads Cognito groups from a token (array) and from API Gateway claims (bracketed string)', () => {
    expect(parseGroups(['admin', 'owner'])).toEqual(['admin', 'owner']);
    expect(parseGroups('[admin owner]')).toEqual(['admin', 'owner']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('keeps the first message per field and names unknown fields', () => {
    const schema = z.object({ name: z.string().min(1, 'Name is required') }).strict();
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

  it('does not count prefetches as scans', () => {
    expect(isScan({})).toBe(true);
    expect(isScan({ purpose: 'prefetch' })).toBe(false);
    expect(isScan({ 'sec-purpose': 'prefetch;prerender' })).toBe(false);
  });
});
