// A page written in English that will be rewritten in another language (web/i18n/page.js, startPage) must not
// show its English first: this classic script runs in <head>, before the body is parsed or painted, and marks
// <html data-words="pending"> when the page's language may not be English, which the stylesheet hides until
// startPage has written the words (or, should the page's script never run, for 3 s at most). It only guesses
// ("not plainly English"): the choice itself is chooseLocale's (web/i18n/locales.js), and a wrong guess costs an
// English page a hidden moment, never a flash of English on another language's page. The same signals, in the
// same order: ?lang=, a course package's <meta name="pelab-lang">, the learner's kept choice, the browser's first
// language. (Plain script, no module: a module would run after the first paint. The build gives it a hashed name.)
(function () {
  var english = function (tag) {
    return /^en(-|_|$)/i.test(tag) && !/^en-XA$/i.test(tag);
  };
  var asked = null;
  try {
    asked = new URLSearchParams(location.search).get('lang');
  } catch (e) {}
  var meta = document.querySelector('meta[name="pelab-lang"]');
  if (!asked && meta) asked = meta.getAttribute('content');
  var saved = null;
  try {
    saved = localStorage.getItem('__LANG_KEY__'); // reading throws where the browser blocks storage
  } catch (e) {}
  var first = asked || saved || (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  if (!english(first)) document.documentElement.setAttribute('data-words', 'pending');
})();
