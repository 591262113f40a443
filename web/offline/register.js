// Offline after the first visit: a top-level page, once loaded, registers the site's service worker
// (offline/sw.js) and asks it to keep this page's files. Never in a frame: a course page on another site
// partitions or blocks the storage a service worker needs, and touching navigator.serviceWorker there can
// throw. Where the browser has none or refuses, nothing happens: the page works as it did.
// Marks what happened on <html data-offline> (for the tests; nothing shows): 'framed' (declined), 'none' (no
// service worker here), 'kept' once the files are stored, 'not-kept' when the worker could not fetch them all.

/** `page`: the page's file name as the build lists it ('lesson-1.html'); `build`: lab.build when it runs the core. */
export function keepOffline(page, build) {
  const mark = (state) => (document.documentElement.dataset.offline = state);
  if (window.top !== window.self) return mark('framed');
  let container;
  try {
    container = navigator.serviceWorker;
  } catch {
    container = null;
  }
  if (!container) return mark('none');
  const start = () =>
    container
      .register(new URL('sw.js', document.baseURI))
      .then(() => container.ready)
      .then((registration) => {
        container.addEventListener('message', ({ data }) => {
          if (data?.page === page) mark(data.type);
        });
        // (the page's language is set on <html lang> before it loads: web/i18n/page.js)
        registration.active?.postMessage({ type: 'keep', page, build, locale: document.documentElement.lang });
      })
      .catch(() => mark('none')); // refused (a browser setting, a policy): the page works online as before
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

/** The page's file name as the build lists it: the last part of its path ('' and 'lesson-1' as served bare too). */
export function pageName(path = location.pathname) {
  const last = path.split('/').pop();
  if (!last) return 'index.html';
  return last.endsWith('.html') ? last : `${last}.html`;
}
