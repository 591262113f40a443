// What a page makes a learner download before they do anything: every response body, the page's own and its
// workers', from navigation until the page is ready (body[data-ready=true]: every exercise mounted) and a
// second after (the home, which mounts nothing: its load event), with service workers blocked, so that it is the network and not a cache. Each file's type and body are kept; bytes uncompressed
// (what the budget counts) and gzip-compressed at level 6 (what a typical server sends).
// Shared by the byte-budget test (bytes.test.mjs) and the benchmark's page table.
import { gzipSync } from 'node:zlib';

/** `ready`: the selector that says the page is ready; null for a page with nothing to mount (the course home). */
export async function pageBytes(browser, url, { ready = 'body[data-ready=true]' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const reads = [];
  context.on('response', (response) => {
    if (response.url().startsWith('data:')) return;
    reads.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          type: response.headers()['content-type'] ?? '',
          bytes: body.length,
          gzip: gzipSync(body).length,
          body,
        }),
        () => null, // a response with no body (a redirect): nothing downloaded
      ),
    );
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    if (ready) await page.waitForSelector(ready, { timeout: 60000 });
    await page.waitForTimeout(1000);
    const files = (await Promise.all(reads)).filter(Boolean);
    const sum = (key) => files.reduce((n, f) => n + f[key], 0);
    return { url, files, bytes: sum('bytes'), gzip: sum('gzip') };
  } finally {
    await context.close();
  }
}

/**
 * What the service worker keeps for offline use once the page has loaded (web/offline/sw.js), apart from the
 * first load above: the files in its cache and their bytes, read back from the cache in the page. Null for a
 * page that keeps nothing (an embed, which never registers it).
 */
export async function offlineBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const state = await page
      .waitForSelector('html[data-offline=kept], html[data-offline=framed], html[data-offline=none]', {
        timeout: 60000,
      })
      .then((el) => el.getAttribute('data-offline'))
      .catch(() => 'never asked'); // embed.html does not register the worker at all
    if (state !== 'kept') return null;
    return await page.evaluate(async () => {
      let files = 0,
        bytes = 0;
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) {
          files += 1;
          bytes += (await (await caches.match(request)).arrayBuffer()).byteLength;
        }
      return { files, bytes };
    });
  } finally {
    await context.close();
  }
}
