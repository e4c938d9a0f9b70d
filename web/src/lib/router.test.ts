// The app's router's pure parts: which route a path shows (as React Router matched the same table), and where a link goes.
import { describe, expect, it } from 'vitest';
import { matchRoute, pathOf } from './router';

const routes = [
  { path: '/' },
  { path: '/business' },
  { path: '*' },
  { path: '/invoice-payment/:invoiceId' },
  { path: '/business/onboarding' },
  { path: '/business/:businessId' },
];
const matched = (pathname: string) => {
  const match = matchRoute(routes, pathname);
  return match && { path: match.route.path, params: match.params };
};

describe('matchRoute', () => {
  it('matches static paths first, then params, and the splat last whatever its place in the table', () => {
    expect(matched('/')).toEqual({ path: '/', params: {} });
    expect(matched('/business')).toEqual({ path: '/business', params: {} });
    expect(matched('/business/onboarding')).toEqual({ path: '/business/onboarding', params: {} });
    expect(matched('/business/b-1')).toEqual({ path: '/business/:businessId', params: { businessId: 'b-1' } });
    expect(matched('/nowhere/at/all')).toEqual({ path: '*', params: { '*': 'nowhere/at/all' } });
    expect(matched('/business/b-1/extra')?.path).toBe('*');
  });

  it('ignores case and a trailing slash, and decodes params', () => {
    expect(matched('/Business/')?.path).toBe('/business');
    expect(matched('/invoice-payment/inv%201')).toEqual({ path: '/invoice-payment/:invoiceId', params: { invoiceId: 'inv 1' } });
    expect(matched('/invoice-payment/%E0%A4%A')?.params).toEqual({ invoiceId: '%E0%A4%A' });
  });

  it('matches nothing without a splat', () => {
    expect(matchRoute([{ path: '/' }], '/other')).toBeNull();
  });
});

describe('pathOf', () => {
  const here = { pathname: '/admin', search: '?tab=plans' };
  it('keeps the path for a query or a hash, and takes absolute paths and objects as they are', () => {
    expect(pathOf('?tab=users', here)).toBe('/admin?tab=users');
    expect(pathOf('#top', here)).toBe('/admin?tab=plans#top');
    expect(pathOf('/pricing', here)).toBe('/pricing');
    expect(pathOf({ pathname: '/', hash: '#features' }, here)).toBe('/#features');
    expect(pathOf({ search: '' }, here)).toBe('/admin');
  });
});
