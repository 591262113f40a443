// A page written in English that will be rewritten in another language (web/i18n/page.js, startPage) must not
// show its English first. This plain script runs first in <head>, before the body is parsed or painted (a module
// would run after the first paint), decides the page's language as the page's script will (pageLocaleFrom:
// web/i18n/locales.js, which the build writes in below, its exports dropped) and, when it is not English, marks
// <html data-words="pending">, which the stylesheet hides until startPage has written the words. Should the
// page's scripts fail instead (a chunk that cannot load, an error before the words), the page is shown at once,
// in English; and after 10 s in any case (the stylesheet), rather than stay blank. On a lesson page it also asks
// for the words the page's script will load first, in that language, so that they come beside the script rather
// than a round trip after it (<meta name="pelab-words">: the build lists them per language, web/vite.config.js).
(function () {
  /* locales.js */
  var meta = document.querySelector('meta[name="pelab-lang"]');
  var packaged = meta && meta.getAttribute('content');
  var asked = pageAsked(location.search, packaged);
  var saved = null;
  // The kept choice only when the address names no language: a page's first read of its storage waits on the
  // browser (tens of milliseconds at times), and this script holds up the first paint.
  if (!askedLocale(asked))
    try {
      saved = localStorage.getItem(LANG_KEY); // reading throws where the browser blocks storage
    } catch (e) {}
  var locale = pageLocaleFrom({
    search: location.search,
    packaged: packaged,
    saved: saved,
    languages: navigator.languages || [],
  });
  // A list that cannot be read costs only the head start: the page's script loads its words itself. It must not
  // stop this script before the words are marked pending below.
  try {
    var listed = document.querySelector('meta[name="pelab-words"]');
    var words = listed ? JSON.parse(listed.getAttribute('content'))[locale] : null;
    for (var i = 0; Array.isArray(words) && i < words.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous'; // as the build's own preloads and module scripts (crossorigin)
      link.href = String(words[i]);
      document.head.appendChild(link);
    }
  } catch (e) {}
  if (locale === SOURCE) return;
  var root = document.documentElement;
  root.setAttribute('data-words', 'pending');
  var failed = function (event) {
    // a script that could not load, or an error thrown by one (a picture that fails to load is neither)
    if (event.type === 'error' && event.target !== window && !(event.target instanceof HTMLScriptElement)) return;
    root.removeAttribute('data-words');
    removeEventListener('error', failed, true);
    removeEventListener('unhandledrejection', failed);
  };
  addEventListener('error', failed, true);
  addEventListener('unhandledrejection', failed);
})();
