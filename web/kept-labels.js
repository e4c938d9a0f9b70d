// The names a signed-in page's frame shows before any module has run (issue 25 §1). A prerendered frame
// (web/prerender.ts) holds empty slots marked data-kept-label; this classic script (defer, blocking="render": run once
// the frame is parsed, before its first paint) fills them from what the app kept on the last visit (src/features/auth/kept-labels.ts, the business's name and
// the employee's own) for the user of the kept session (src/features/auth/session-start.ts), so a returning user's
// largest text paints with the HTML instead of after the app's code. It draws only what the app draws a moment later.
/* global document, localStorage, location -- a browser script, outside the typed web app */
(function () {
  var script = document.currentScript;
  try {
    var session = JSON.parse(localStorage.getItem(script.dataset.session) || 'null');
    var kept = JSON.parse(localStorage.getItem(script.dataset.labels) || 'null');
    var me = session && session.me;
    if (!me || !kept || !kept.labels || kept.userId !== me.userId) return;
    // The agency's Manage view names its client in the path; the owner's dashboard is the owner's business.
    var managed = /^\/business\/([^/]+)$/.exec(location.pathname);
    var businessId = managed ? decodeURIComponent(managed[1]) : me.businessId;
    var slots = document.querySelectorAll('[data-kept-label]');
    for (var i = 0; i < slots.length; i++) {
      var slot = slots[i];
      var label = kept.labels[slot.getAttribute('data-kept-label').replace('{businessId}', businessId)];
      if (typeof label !== 'string') continue;
      slot.textContent = (slot.getAttribute('data-kept-template') || '{}').replace('{}', label);
      slot.hidden = false;
      var placeholder = slot.nextElementSibling;
      if (placeholder && placeholder.hasAttribute('data-kept-placeholder')) placeholder.hidden = true;
    }
  } catch {
    // nothing kept, or not ours: the frame's placeholders stay
  }
})();
