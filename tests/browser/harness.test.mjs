// The browser tests' own harness (browser.mjs's watchedPage): a page handed to a test is as a new tab of a new
// context would be, even when it is a tab an earlier test closed and handed back, and a tab given something a new
// document does not undo is not handed back; and the browser is launched with playwright-core's own switches
// kept. Every other browser test relies on it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHROMIUM_ARGS, openLab, watchedPage } from './browser.mjs';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

// What a document of the site sees of what earlier ones left (the site's 404 page: any document of its origin).
async function seen(page) {
  await page.goto(`${lab.url}no-such-page`);
  return page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    history: history.length,
    viewport: [innerWidth, innerHeight],
  }));
}

// Leaves all it can in `page`: stored data of every kind, a listener, a small viewport.
async function litter(page, heard) {
  await page.setViewportSize({ width: 500, height: 400 });
  await page.goto(`${lab.url}no-such-page`);
  await page.evaluate(async () => {
    localStorage.setItem('left', '1');
    sessionStorage.setItem('left', '1');
    document.cookie = 'left=1';
    await new Promise((resolve) => (indexedDB.open('left').onsuccess = resolve));
    await caches.open('left');
  });
  await page.goto(`${lab.url}no-such-page?again`); // history to go back to
  page.on('console', (m) => heard.push(m.text())); // (the next test's 404 and its line would reach it)
}

test('a tab handed back by one test sees nothing of it in the next: storage, listeners, history, viewport', async () => {
  const fresh = await seen((await watchedPage(lab.browser, { locale: 'en-GB' })).page); // a new context's tab
  const first = await watchedPage(lab.browser);
  const heard = [];
  await litter(first.page, heard);
  await first.page.close();
  const next = await watchedPage(lab.browser);
  assert.equal(next.page, first.page, 'the tab was handed back'); // (else this test would prove nothing)
  assert.deepEqual(await seen(next.page), fresh);
  await next.page.evaluate(() => console.log('said to the next test'));
  assert.deepEqual(heard, [], 'the earlier test heard nothing of the next');
  await next.page.close();
});

test('a tab given an init script, a route or media emulation is closed, not handed back', async () => {
  for (const lasting of [
    (page) => page.addInitScript(() => {}),
    (page) => page.route('**/never', (route) => route.abort()),
    (page) => page.emulateMedia({ colorScheme: 'dark' }),
  ]) {
    const { page } = await watchedPage(lab.browser, { viewport: { width: 800, height: 600 } });
    await page.goto(`${lab.url}no-such-page`);
    await lasting(page);
    await page.close();
    assert.equal(page.isClosed(), true, String(lasting));
    const next = await watchedPage(lab.browser, { viewport: { width: 800, height: 600 } });
    assert.notEqual(next.page, page);
    await next.page.close();
  }
});

// Chromium keeps only the last --disable-features: ours, after playwright-core's, must hold its whole list.
test("the browser's --disable-features keeps every feature playwright-core disables", () => {
  const main = createRequire(import.meta.url).resolve('playwright-core'); // <package>/index.js
  const bundle = readFileSync(join(dirname(main), 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  assert.ok(list, "playwright-core's list of disabled features was not found in its bundle");
  const theirs = [...list.matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]);
  assert.ok(theirs.length >= 10, `only ${theirs.length} features read from playwright-core's list`);
  const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
  assert.equal(ours.length, 1);
  const kept = new Set(ours[0].slice('--disable-features='.length).split(','));
  assert.deepEqual(
    theirs.filter((feature) => !kept.has(feature)),
    [],
  );
});
