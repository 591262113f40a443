// Offline after the first visit (#26): a lesson opened once works again with the network cut, from the service
// worker's cache (web/offline/sw.js), which holds only this origin's files, that lesson's and what it needs,
// for the build the page ran; a page never opened is not there. (Every other browser test blocks service
// workers: browser.mjs.) The frame case, where nothing registers, is in cross-site.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, watchedPage, lessonUrl, choice } from './browser.mjs';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

test('a lesson opened once works with the network cut; a lesson never opened does not', async () => {
  const { page, problems } = await watchedPage(lab.browser, {
    serviceWorkers: 'allow',
    viewport: { width: 1100, height: 900 },
  });
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await page.waitForSelector('html[data-offline=kept]', { timeout: 30000 });
  const cached = await page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return { names: await caches.keys(), urls, build: window.pelab.lab.build };
  });
  assert.equal(cached.names.length, 1, 'one cache, this build’s');
  assert.ok(
    cached.urls.every((u) => u.startsWith(lab.url)),
    'this origin’s files only',
  );
  assert.ok(cached.urls.includes(new URL('lesson-1.html', lab.url).href));
  assert.ok(!cached.urls.some((u) => /lesson-2\.html$/.test(u)), 'another lesson is kept once it is opened');
  // One .wasm, the build's the page runs (lesson 1 trains nothing: the SIMD build without the trainer).
  const wasm = cached.urls
    .filter((u) => u.endsWith('.wasm'))
    .map((u) => u.match(/\/(pelab(-scalar|-no-trainer)?)-[\w-]{8}\.wasm$/)?.[1]);
  assert.deepEqual(wasm, [
    { simd: 'pelab', 'simd-no-trainer': 'pelab-no-trainer', scalar: 'pelab-scalar' }[cached.build],
  ]);
  assert.equal(cached.build, 'simd-no-trainer');

  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  // Asked again without a network, the worker has everything already: kept, nothing fetched.
  await page.waitForSelector('html[data-offline=kept]', { timeout: 30000 });
  // The core ran from the cache: the explorer's table is the core's, and an exercise grades.
  const same = await page.evaluate(() => {
    const { lab, explorer } = window.pelab;
    const table = lab.sinusoidal({ positions: 128, dModel: 64 });
    return explorer.map.data.every((v, i) => v === table[i]);
  });
  assert.equal(same, true);
  const s = page.locator('section[data-exercise="why-positional-encoding"]');
  await choice(s, 'why-positional-encoding', 'b').check();
  await s.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await s.locator('.feedback').innerText(), /^(Right|Not quite)\./);
  // Lesson 2 was never opened: without the network the worker says so, and links home.
  const other = await page.context().newPage();
  const response = await other.goto(lessonUrl(lab.url, 'in-practice'));
  assert.equal(response.status(), 503);
  assert.match(await other.locator('main').innerText(), /^Not kept for offline use\n+This page has not been opened/);
  assert.equal(await other.getByRole('link', { name: 'The course home' }).getAttribute('href'), 'index.html');
  // …in the language the address asks for, its link home in that language too.
  const spanish = await other.goto(`${lessonUrl(lab.url, 'in-practice')}?lang=es`);
  assert.equal(spanish.status(), 503);
  assert.equal(await other.evaluate(() => document.documentElement.lang), 'es');
  assert.match(await other.locator('h1').innerText(), /^No guardada para usar sin conexión$/);
  assert.equal(await other.getByRole('link', { name: 'Inicio del curso' }).getAttribute('href'), 'index.html?lang=es');
  await page.context().setOffline(false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson opened in Spanish keeps its Spanish words and English’s, no other language’s, and starts in Spanish offline', async () => {
  const { page, problems } = await watchedPage(lab.browser, {
    serviceWorkers: 'allow',
    viewport: { width: 1100, height: 900 },
  });
  await page.goto(`${lessonUrl(lab.url, 'in-practice')}?lang=es`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  await page.waitForSelector('html[data-offline=kept]', { timeout: 30000 });
  const kept = await page.evaluate(async () => {
    const names = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) names.push(new URL(r.url).pathname.split('/').pop());
    return names;
  });
  // The build names each language's words for it (assets/<code>.<namespace>-<hash>.js).
  const languages = new Set(kept.map((n) => /^(en|es|zh-CN|en-XA)\./.exec(n)?.[1]).filter(Boolean));
  assert.deepEqual([...languages].sort(), ['en', 'es']);
  // …and only this lesson's: not lesson 1's exercises or its part of the course's words.
  assert.ok(
    kept.some((n) => n.startsWith('es.course~in-practice-')),
    'this lesson’s words',
  );
  assert.ok(!kept.some((n) => /^(en|es)\.(course~sinusoid|clock-hands)-/.test(n)), 'another lesson’s words');
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  const section = page.locator('section[data-exercise="pipeline"]');
  assert.equal(await section.getAttribute('lang'), 'es');
  assert.match(
    await section
      .getByRole('button', { name: /^Comprobar/ })
      .first()
      .innerText(),
    /^Comprobar/,
  );
  await page.context().setOffline(false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a page never opened says so offline in the browser’s language when its address names none', async () => {
  const { page, problems } = await watchedPage(lab.browser, { serviceWorkers: 'allow', locale: 'zh-CN' });
  await page.goto(lab.url); // the course home, in Chinese: the worker registers and keeps it
  await page.waitForSelector('html[data-offline=kept]', { timeout: 30000 });
  await page.context().setOffline(true);
  const other = await page.context().newPage(); // (a 503 is what it should answer: not a problem of the page)
  const response = await other.goto(lessonUrl(lab.url, 'in-practice'));
  assert.equal(response.status(), 503);
  assert.equal(await other.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await other.locator('main a').getAttribute('href'), 'index.html?lang=zh-CN');
  await page.context().setOffline(false);
  assert.deepEqual(problems, []);
  await page.close();
});
