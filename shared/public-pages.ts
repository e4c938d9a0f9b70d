// The public pages that are prerendered to static HTML at build time (DESIGN §10, issue 7 §2), the signed-in pages
// whose frame is (issue 25 §1), and the file each is served from. The web build writes these files; the local server
// and the CloudFront function serve them, and every other extensionless path gets the SPA shell (client-side routes).

/** Path → file in the web build's output folder. */
export const prerenderedPages: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/pricing': 'pricing.html',
  '/auth': 'auth.html',
  '/about': 'about.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

/**
 * The signed-in pages whose frame (their header, headings and placeholders, issue 25 §1) is prerendered: a phone draws
 * it from the HTML before any script has run, and the app then renders the same frame over it with the names the last
 * visit kept, then the data. The frame is the same for every user; nothing personal is in the file.
 */
export const framedPages: Readonly<Record<string, string>> = {
  '/business': 'business.html',
  '/agency': 'agency.html',
  '/employee-portal': 'employee-portal.html',
  // The admin portal: one frame per tab (?tab=), each with the open tab's heading, its largest text.
  '/admin': 'admin.html',
  '/admin?tab=businesses': 'admin-businesses.html',
  // Billing's frame is its heading and the runs' loading state; the runs, the filters and the list come together.
  '/admin?tab=billing': 'admin-billing.html',
  '/admin?tab=plans': 'admin-plans.html',
  '/admin?tab=users': 'admin-users.html',
  '/admin?tab=sso-domains': 'admin-sso-domains.html',
};

/**
 * Paths with a parameter that show a framed page: the agency's Manage view of a client (/business/:businessId, not
 * /business/onboarding). Regular expressions as strings: the CloudFront function (infra/web-stack.ts) uses them too.
 */
export const framedPatterns: readonly (readonly [pattern: string, file: string])[] = [['^/business/(?!onboarding$)[^/.]+$', 'business.html']];

/** The SPA shell: an empty page that boots the app, for every client-side route that is not prerendered. */
export const SPA_SHELL_FILE = 'app.html';

/** Every path that has a file of its own (public pages and frames): what the CloudFront function looks up. */
export const pageFiles: Readonly<Record<string, string>> = { ...prerenderedPages, ...framedPages };

const compiledPatterns = framedPatterns.map(([pattern, file]) => [new RegExp(pattern), file] as const);

/**
 * The file a request for `pathname` is answered with: a prerendered page or frame (the one of its `tab` query
 * parameter first, if any), or the SPA shell.
 */
export function pageFileFor(pathname: string, tab?: string | null): string {
  return (
    (tab ? pageFiles[`${pathname}?tab=${tab}`] : undefined) ??
    pageFiles[pathname] ??
    compiledPatterns.find(([pattern]) => pattern.test(pathname))?.[1] ??
    SPA_SHELL_FILE
  );
}

/**
 * On an agency's custom domain (docs/decisions.md "The agency's domain serves its clients' product") every page is the
 * domain shell: the SPA shell without CardCrew's title, description and icon, so nothing of CardCrew is painted before
 * the app draws the agency's brand (no prerendered page or frame there: they are built in CardCrew's brand).
 */
export const DOMAIN_SHELL_FILE = 'domain.html';

/** The platform's marketing pages: not served on an agency's domain (404 there). */
export const platformOnlyPages: readonly string[] = ['/pricing', '/about', '/terms', '/privacy'];
