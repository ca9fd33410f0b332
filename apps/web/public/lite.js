/*
 * Data saver (decision 044): a page the server rendered works as plain HTML (links, the language,
 * the phone menu, search), so its app code (about 170 KiB, most of a first visit) is fetched only
 * when the person asks for something that needs it: the first tap on a button. That tap is kept
 * and made again once the app runs. The code loads at once when it costs nothing or is needed to
 * show the page right: already in the worker's cache, or a signed-in person (their header).
 *
 * Plain script, no build step: it must stay this small. Served from public/ as /lite.js; the
 * page names the app's entry in data-entry (server/page-template.ts).
 */
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var root = document.documentElement;
  var started = false;
  var ready = false;
  var pending = null;

  function start() {
    if (started) return;
    started = true;
    root.setAttribute('data-app-loading', '');
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }

  // Sent by the app once it has hydrated the page (app/layouts/root-layout.tsx).
  window.addEventListener(
    'makazi:app-ready',
    function () {
      ready = true;
      root.removeAttribute('data-app-loading');
      var target = pending;
      pending = null;
      if (target && target.isConnected) target.click();
    },
    { once: true },
  );

  document.addEventListener(
    'click',
    function (event) {
      if (ready || !(event.target instanceof Element)) return;
      var target = event.target.closest('button');
      // A form the browser sends itself (search) needs no app.
      if (!target || (target.type === 'submit' && target.form && target.form.method === 'get')) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      pending = target;
      start();
    },
    true,
  );

  // The worker makes later visits work offline; registering it costs its script, not the app.
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker
      .register('/service-worker.js', { scope: '/', updateViaCache: 'none' })
      .catch(function () {});
  }

  try {
    if (window.localStorage.getItem('prop-token')) return start();
  } catch {
    // Storage blocked: the person is not known to be signed in.
  }
  if (window.caches) {
    window.caches.match(entry).then(
      function (kept) {
        if (kept) start();
      },
      function () {},
    );
  }
})();
