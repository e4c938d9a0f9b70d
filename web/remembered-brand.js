// The prerendered sign-in page (/auth) for a signed-out white-labelled client's person (issue 40): the HTML was built
// in CardCrew's brand, and the app draws the agency's brand it kept (src/features/white-label/remembered-brand.ts) only
// once it has hydrated. This classic script (defer, blocking="render": run once the page is parsed, before its first
// paint) keeps CardCrew's mark and heading from being painted meanwhile (hidden, their space kept: no layout shift) and
// puts the agency's name and icon in the tab. The app removes the hiding style when it draws CardCrew's page after all.
/* global document, localStorage, location, URL, URLSearchParams -- a browser script, outside the typed web app */
(function () {
  var script = document.currentScript;
  try {
    var params = new URLSearchParams(location.search);
    // Opened from an invitation, the invitation decides the brand (src/features/white-label/use-invitation-brand.ts).
    if (params.get('invitation')) return;
    var redirect = params.get('redirect');
    if (redirect && new URL(redirect, location.origin).pathname === '/employee-onboarding') return;
    var brand = JSON.parse(localStorage.getItem(script.dataset.brandKey) || 'null');
    if (!brand || typeof brand.name !== 'string' || !brand.name) return;
    var style = document.createElement('style');
    style.id = script.dataset.styleId;
    style.textContent = '[data-platform-mark]{visibility:hidden}';
    document.head.appendChild(style);
    document.title = brand.name;
    var icon = document.querySelector('link[rel="icon"]');
    if (!icon) return;
    var href = (brand.favicon && brand.favicon.icon32) || brand.logoUrl;
    if (typeof href === 'string' && /^https?:\/\//.test(href)) {
      icon.removeAttribute('type');
      icon.href = href;
      return;
    }
    // No favicon or logo: its initial on slate, as shared/initial-icon.ts draws it (the app draws the same one).
    var word = brand.name.split(/\s+/).map(function (w) { return w.replace(/^[^\p{L}\p{N}]+/u, ''); }).filter(Boolean)[0];
    var initial = word ? Array.from(word)[0].toUpperCase() : '?';
    var text = initial.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    var svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#334155"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#ffffff" text-anchor="middle">' + text + '</text></svg>';
    icon.type = 'image/svg+xml';
    icon.href = 'data:image/svg+xml,' + encodeURIComponent(svg);
  } catch {
    // nothing kept, or not ours: CardCrew's page as built
  } finally {
    script.remove(); // its job is done; the page keeps no trace of the key
  }
})();
