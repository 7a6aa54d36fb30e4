/* global window, document */
// app-shell §2: a browser without fetch or ResizeObserver gets the unsupported page before the app
// loads. A classic script (the content security policy allows only the site's own scripts), run
// before the app's module; the app checks window.__eidUnsupported and does not start.
(function () {
  if ('fetch' in window && 'ResizeObserver' in window) return;
  window.__eidUnsupported = true;
  document.title = 'Naršyklė nepalaikoma';
  function show() {
    var app = document.getElementById('app');
    if (!app) return;
    app.innerHTML =
      '<main class="page unsupported" id="main"><h1>Atsiprašome, bet Jūsų naršyklė nepalaikoma.</h1>' +
      '<p>Pabandykite naudoti naujausią Chrome, Firefox arba Edge naršyklę.</p></main>';
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
  else show();
})();
