import { describe, expect, it } from 'vitest';
import { authPathFor, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their search and hash', () => {
    expect(safeRedirectPath('/business?tab=active#x')).toBe('/business?tab=active#x');
  });

  it.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'business', '', null, undefined])(
    'refuses %s',
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );

  it('round-trips through the /auth redirect parameter', () => {
    const path = '/business/abc?x=1&y=2';
    const url = new URL(authPathFor(path), 'http://localhost');
    expect(safeRedirectPath(url.searchParams.get('redirect'))).toBe(path);
  });
});
