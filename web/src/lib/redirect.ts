// Redirect targets come from the address bar, so only same-origin paths are followed (no open redirects).

/** The path itself when it is a same-origin path ('/x?y'), otherwise null. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  try {
    const url = new URL(path, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The /auth address that comes back to `path` after signing in. */
export function authPathFor(path: string): string {
  return `/auth?redirect=${encodeURIComponent(path)}`;
}
