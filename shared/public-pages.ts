// The public pages that are prerendered to static HTML at build time (DESIGN §10, issue 7 §2), and the file each
// is served from. The web build writes these files; the local server and the CloudFront function serve them, and
// every other extensionless path gets the SPA shell (client-side routes).

/** Path → file in the web build's output folder. */
export const prerenderedPages: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/pricing': 'pricing.html',
  '/auth': 'auth.html',
  '/about': 'about.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

/** The SPA shell: an empty page that boots the app, for every client-side route that is not prerendered. */
export const SPA_SHELL_FILE = 'app.html';

/** The file a request for `pathname` is answered with: a prerendered page, or the SPA shell. */
export function pageFileFor(pathname: string): string {
  return prerenderedPages[pathname] ?? SPA_SHELL_FILE;
}
