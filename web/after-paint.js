// The loader of a prerendered public page (web/prerender.ts writes it, minified and content-hashed, into dist/assets). The
// HTML is complete without JavaScript, so its code is requested only once that HTML has painted: on a slow phone
// the scripts then do not compete with the first paint for the network (Lighthouse's mobile simulation counts
// every request made before the paint as holding it up). The page hydrates a frame later than it would have.
// A classic script, run with `defer`: its data attributes name the entry module, the chunks the page needs and the
// config the entry reads (preloaded, so the entry's fetch of it is answered at once).
/* global document, requestAnimationFrame, setTimeout -- a browser script, outside the typed web app */
(function () {
  var loader = document.currentScript;

  function append(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }

  // The entry and the config first; then the chunks' preloads, three at a time, each batch a task of its own. Each
  // inserted preload starts its request there and then, 1–4 ms of the main thread on this machine: 20 in one go were a
  // task of 8 ms (30 ms under Lighthouse's 4x CPU slowdown), and batches of six still 10–25 ms (issue 25 §1).
  function load() {
    append('link', { rel: 'preload', href: loader.dataset.config, as: 'fetch', crossorigin: '' });
    append('script', { type: 'module', src: loader.dataset.entry, crossorigin: '' });
    later(loader.dataset.chunks.split(' ').filter(Boolean));
  }

  function later(hrefs) {
    if (hrefs.length) setTimeout(preloadChunks, 0, hrefs);
  }

  function preloadChunks(hrefs) {
    hrefs.slice(0, 3).forEach(function (href) {
      append('link', { rel: 'modulepreload', href: href, crossorigin: '' });
    });
    later(hrefs.slice(3));
  }

  // A requestAnimationFrame callback runs just before the next frame is drawn; the task it queues runs after it.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();
