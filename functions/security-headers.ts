// The security headers of every response the site serves, in one place: infra/web-stack.ts builds CloudFront's
// response-headers policies from it, and the local server sends the same headers, so a page that breaks under the
// Content-Security-Policy breaks on one machine too. Declarations only (no AWS imports): infra imports this file.

/** Two years, subdomains included (CloudFront `strictTransportSecurity`). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Headers every response carries. HSTS is only meaningful over HTTPS; browsers ignore it on http://127.0.0.1. */
export const commonSecurityHeaders = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

export interface SpaPolicySources {
  /** Origins the app calls besides itself: Cognito, the OAuth domain, the media bucket (presigned POST uploads). */
  connect: readonly string[];
  /** Origins forms may post to besides the site (the OAuth domain). */
  formAction: readonly string[];
  /** Upgrade http: subresources to https: (in AWS; never locally, where everything is http). */
  upgradeInsecureRequests: boolean;
}

/** The SPA's Content-Security-Policy: its own scripts only, no framing, no plugins. */
export function spaContentSecurityPolicy(sources: SpaPolicySources): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix and the toast library inject style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // https: a logo may be given by URL (Company Settings); images cannot run code.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...sources.connect].join(' '),
    ["form-action 'self'", ...sources.formAction].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(sources.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** User uploads are re-encoded images; nothing served from /media may ever run as a page. */
export const mediaContentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
