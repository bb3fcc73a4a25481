// Runs before first paint. The server chose the page language (?lang=, else the `lang` cookie, else
// Arabic) and wrote it in <html lang dir>; this keeps the browser's stores in step with that choice and
// applies the stored theme, so nothing flips after load (the server marks <html data-server-lang>). Cookie names: PAGE_COOKIES in packages/shared.
(function () {
  var root = document.documentElement;
  var year = '; path=/; max-age=31536000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
  function cookie(name) {
    var match = new RegExp('(?:^|;\\s*)' + name + '=([^;]*)').exec(document.cookie);
    return match ? match[1] : null;
  }
  try {
    if (!root.hasAttribute('data-server-lang')) {
      // The Vite dev server serves index.html as it is: the stored language decides, as before.
      var chosen = localStorage.getItem('language') === 'en' ? 'en' : 'ar';
      root.lang = chosen;
      root.dir = chosen === 'ar' ? 'rtl' : 'ltr';
    }
    var served = root.lang === 'en' ? 'en' : 'ar';
    var stored = localStorage.getItem('language');
    var fromUrl = /[?&]lang=(ar|en)(&|$)/.test(location.search);
    if (!fromUrl && cookie('lang') === null && (stored === 'ar' || stored === 'en') && stored !== served) {
      // A visitor whose choice predates the cookie: render again in that language, once, before any
      // paint (the reload happens only if the cookie was accepted, so it cannot loop).
      document.cookie = 'lang=' + stored + year;
      if (cookie('lang') === stored) {
        location.replace(location.href);
        return;
      }
    }
    if (stored !== served) localStorage.setItem('language', served);
    if (cookie('lang') !== served) document.cookie = 'lang=' + served + year;
    // The server renders account parts as "loading" for this hint; keep it equal to the stored session.
    var signedIn = Boolean(localStorage.getItem('token'));
    if (signedIn && cookie('signed_in') === null) document.cookie = 'signed_in=1' + year;
    if (!signedIn && cookie('signed_in') !== null) document.cookie = 'signed_in=; path=/; max-age=0';
  } catch (e) {
    /* storage blocked: keep what the server chose */
  }
  try {
    var theme = localStorage.getItem('theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage blocked: light */
  }

  // A server-rendered page names the app's entry instead of loading it: it is asked for right after the
  // first paint (a frame, then a task), so the stylesheet and the largest picture come first.
  var entryLoaded = false;
  function loadEntry() {
    // Looked up now: the tag comes after this script in <head>.
    var entry = document.querySelector('meta[name="app-entry"]');
    if (entryLoaded || !entry) return;
    entryLoaded = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.getAttribute('content');
    script.onerror = reloadForNewBuild;
    document.head.appendChild(script);
  }
  // The app (or a file it imports) could not be fetched: usually a deploy replaced it, and a reload
  // fetches the new build. The same rule as src/app/new-build.ts, sharing its storage key: only if the
  // server answers (else the browser's offline page would replace ours), once a minute per address.
  function reloadForNewBuild() {
    try {
      var key = 'safqa:new-build-reload';
      var address = location.pathname + location.search;
      var last = JSON.parse(sessionStorage.getItem(key) || 'null');
      if (last && last.address === address && Date.now() - last.at < 60000) return;
      fetch('/api/health', { cache: 'no-store' }).then(
        function () {
          sessionStorage.setItem(key, JSON.stringify({ address: address, at: Date.now() }));
          location.reload();
        },
        function () {
          /* offline: the page stays as the server rendered it, its links still work */
        },
      );
    } catch (e) {
      /* storage blocked: no reload, so no loop */
    }
  }
  requestAnimationFrame(function () {
    setTimeout(loadEntry, 0);
  });
  // A tab opened in the background paints no frames: load anyway, a moment later.
  setTimeout(loadEntry, document.visibilityState === 'hidden' ? 50 : 1500);
  // A server-rendered page shows its buttons before the app's JavaScript has run. A tap on one then
  // would do nothing, and a form would submit natively (a GET with its fields in the address). Until
  // the app marks <html data-app-ready>, such taps and submits are held here and the app replays
  // them once it answers (src/app/early-input.ts). Links are left alone: they navigate as links do.
  var held = [];
  window.__safqaEarlyInput = held;
  function ready() {
    return root.hasAttribute('data-app-ready');
  }
  document.addEventListener(
    'click',
    function (event) {
      if (ready() || !event.target || !event.target.closest) return;
      var control = event.target.closest(
        'button, input[type="submit"], input[type="button"], [role="button"]',
      );
      if (!control || control.closest('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      held.push({ kind: 'click', target: control });
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (ready()) return;
      event.preventDefault();
      event.stopPropagation();
      held.push({ kind: 'submit', target: event.target });
    },
    true,
  );
})();
