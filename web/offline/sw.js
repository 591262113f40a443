// The site's service worker: each page a learner has opened works again without a network. A page (never a
// frame: offline/register.js) registers it once loaded and asks it to keep that page's files, which the build
// lists per page (web/vite.config.js, offlineFiles) and writes in here with a hash of the lists, the version.
// Each version fills a cache of its own and deletes the older ones once it takes over. Only this origin's GET
// requests are answered: hashed assets from the cache first (their names change with their content), the
// rest from the network first, from the cache when the network fails.
// page → {shared: the files it needs in every language, <locale>: the files that language adds (its words)},
// relative to this script (written by the build)
const FILES = {};
const WORDS = {}; // locale → its common catalog's offline.* words (written by the build)
const VERSION = 'dev'; // written by the build
const CACHE = `pelab-${VERSION}`;

// A page's files for the build it runs (lab.build) and the language it is in: the other builds' modules and
// .wasm files are left out, and all where the page runs no core (the home and the glossary: 'none'); of the
// languages' words, English's (every page's fallback) and the page's own.
const OTHER_BUILD = {
  simd: /\/pelab-(scalar|no-trainer)-[^/]*\.(js|wasm)$/,
  'simd-no-trainer': /\/pelab-(?!no-trainer-)[^/]*\.(js|wasm)$/,
  scalar: /\/pelab-(?!scalar-)[^/]*\.(js|wasm)$/,
  none: /\/pelab-[^/]*\.(js|wasm)$/,
};
function filesOf(page, build, locale) {
  const scope = self.registration.scope;
  const skip = OTHER_BUILD[build];
  const lists = Object.hasOwn(FILES, page) ? FILES[page] : { shared: [] };
  const own = locale !== 'shared' && Object.hasOwn(lists, locale) ? lists[locale] : [];
  return [...lists.shared, ...own].map((name) => new URL(name, scope).href).filter((url) => !skip || !skip.test(url));
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('pelab-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// {type: 'keep', page, build, locale} from a page: its files into the cache; {type: 'kept', page, files} back (or
// {type: 'not-kept', page, reason} when a file could not be fetched: nothing of it is stored then).
self.addEventListener('message', (event) => {
  const { type, page, build, locale } = event.data ?? {};
  if (type !== 'keep' || typeof page !== 'string') return;
  const urls = filesOf(page, build, locale);
  const answer = (message) => event.source?.postMessage({ page, ...message });
  // Only what the cache lacks is fetched (this build's files never change), so a page opened again without a
  // network, which asks again, is answered 'kept'.
  const missing = (cache) =>
    Promise.all(urls.map((url) => cache.match(url).then((hit) => (hit ? null : url)))).then((l) => l.filter(Boolean));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => missing(cache).then((lacking) => cache.addAll(lacking)))
      .then(
        () => answer({ type: 'kept', files: urls.length }),
        (error) => answer({ type: 'not-kept', reason: String(error?.message ?? error) }),
      ),
  );
});

// What a page never opened answers without a network: that it needs the network once (our words, no script), in
// the language the page would have chosen from what a worker can see (its ?lang=, else the browser's languages:
// chooseLocale, web/i18n/locales.js, written in below by the build), with a link to the course home in it.
/* locales.js */
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
function notKeptPage(url) {
  const chosen = chooseLocale({
    asked: url.searchParams.get('lang') || null,
    languages: self.navigator.languages ?? [],
  });
  const locale = Object.hasOwn(WORDS, chosen) ? chosen : SOURCE; // (en-XA, the tests', has no offline words)
  const w = WORDS[locale];
  const home = locale === SOURCE ? 'index.html' : `index.html?lang=${encodeURIComponent(locale)}`;
  return `<!doctype html>
<html lang="${escape(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(w['offline.title'])} · Positional Encoding Lab</title></head>
<body><main><h1>${escape(w['offline.title'])}</h1>
<p>${escape(w['offline.body'])}</p>
<p><a href="${escape(home)}">${escape(w['offline.home'])}</a></p></main></body></html>`;
}
const notKept = (url) =>
  new Response(notKeptPage(url), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'" },
  });

const fromCache = (request) => caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true }));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return; // the browser's own handling
  if (url.pathname.includes('/assets/')) event.respondWith(fromCache(request).then((hit) => hit ?? fetch(request)));
  else
    event.respondWith(
      fetch(request).catch((error) =>
        fromCache(request).then((hit) => hit ?? (request.mode === 'navigate' ? notKept(url) : Promise.reject(error))),
      ),
    );
});
