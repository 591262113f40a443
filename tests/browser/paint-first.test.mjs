// The page paints first and stays light: the explorer's heatmap is on screen before any exercise is
// mounted, an exercise mounts when it is scrolled to (the rest in idle time), and dragging a slider
// allocates no buffers. No timing is asserted here (that is the benchmark's job), only order and counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openLab, watchedPage, lessonTotal, lessonUrl, progressLine } from './browser.mjs';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

// Runs before the page's scripts. Holds idle callbacks until the test releases them (so that only
// scrolling can mount an exercise); watches the heatmap's canvas and notes, in the first animation frame
// in which it has pixels, which exercises are mounted; and notes what the page holds when the first
// exercise mounts.
function holdIdleAndWatchPaint() {
  const held = [];
  const realIdle = window.requestIdleCallback.bind(window);
  let released = false;
  window.requestIdleCallback = (callback, options) => {
    if (released) return realIdle(callback, options);
    held.push([callback, options]);
    return held.length;
  };
  window.__releaseIdle = () => {
    released = true;
    held.splice(0).forEach(([callback, options]) => realIdle(callback, options));
  };
  const check = () => {
    const canvas = document.querySelector('#explorer canvas');
    if (canvas && canvas.width > 0) {
      const pixel = canvas.getContext('2d').getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
      if (pixel[3] > 0) {
        window.__atFirstPaint = {
          mounted: document.querySelectorAll('section[data-exercise][data-mounted]').length,
          fetched: performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()),
        };
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  new MutationObserver((records, observer) => {
    if (!records.some((r) => r.attributeName === 'data-mounted')) return;
    observer.disconnect();
    const sections = [...document.querySelectorAll('section[data-exercise]')];
    window.__atFirstMount = {
      sections: sections.length,
      headings: sections.filter((s) => s.querySelector('h2')?.textContent).length,
      progress: document.querySelector('.progress-text')?.textContent,
    };
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-mounted'] });
}

const mounted = (page, id) => page.$eval(`section[data-exercise="${id}"]`, (s) => s.dataset.mounted === 'true');

test('the heatmap paints before any exercise mounts; scrolling to one mounts it; idle time mounts the rest', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await page.addInitScript(holdIdleAndWatchPaint);
  await page.goto(lessonUrl(lab.url, 'sinusoid')); // the lesson with the explorer
  await page.waitForFunction(() => window.__atFirstPaint, null, { timeout: 15000 });
  const atFirstPaint = await page.evaluate(() => window.__atFirstPaint);
  assert.equal(atFirstPaint.mounted, 0, 'exercises mounted before the heatmap was on screen');
  // The page's words came straight from its script, not through the language's index of catalogs (a fetch
  // more before the picture: scripts/messages.mjs, START).
  assert.deepEqual(
    atFirstPaint.fetched.filter((name) => /\.index-/.test(name)),
    [],
  );
  assert.ok(atFirstPaint.fetched.some((name) => name.startsWith('en.course~sinusoid-')));
  // Nor did the exercises' code come before it: preloaded, it was fetched and compiled beside the heatmap's
  // own (web/vite.config.js).
  assert.deepEqual(
    atFirstPaint.fetched.filter((name) => /^(lesson|mount|exercise|order|progress|math)-/.test(name)),
    [],
  );
  await page.waitForSelector('#clock-hands-title'); // the lesson's last exercise

  // Far down the page and not yet needed: not mounted (idle callbacks are held). Scrolled to, it mounts,
  // and the exercises far from the viewport still do not.
  assert.equal(await mounted(page, 'clock-hands'), false);
  const far = await page.evaluate(() => {
    document.getElementById('clock-hands-title').scrollIntoView();
    return [...document.querySelectorAll('section[data-exercise]:not([data-mounted])')]
      .filter((s) => {
        const box = s.getBoundingClientRect();
        return box.bottom < -0.5 * innerHeight || box.top > 1.5 * innerHeight;
      })
      .map((s) => s.dataset.exercise);
  });
  assert.ok(far.length >= 1, `far from the viewport: ${far}`); // (a lesson of ten exercises has few)
  await page.waitForSelector('section[data-exercise="clock-hands"][data-mounted=true]');
  // Every section, its heading and the progress count were in the page before the first exercise mounted.
  assert.deepEqual(await page.evaluate(() => window.__atFirstMount), {
    sections: lessonTotal('sinusoid'),
    headings: lessonTotal('sinusoid'),
    progress: progressLine('sinusoid', 0, 0),
  });
  for (const id of far)
    assert.equal(await mounted(page, id), false, `${id}, far from the viewport, mounted without idle time`);
  assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined);

  // Idle time mounts the rest; then the page is ready and every controller is there.
  await page.evaluate(() => window.__releaseIdle());
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  assert.equal(await page.locator('section[data-exercise]:not([data-mounted=true])').count(), 0);
  const controllers = await page.evaluate(() => Object.keys(window.pelab.lesson.controllers).sort());
  const ids = await page.$$eval('section[data-exercise]', (s) => s.map((x) => x.dataset.exercise).sort());
  assert.deepEqual(controllers, ids);
  // The formulas came typeset with their exercises (MathML written at build time).
  assert.ok((await page.locator('section[data-exercise="relative-offset"] .formula math').count()) >= 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in another language too, the heatmap waits for no index of catalogs', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await page.addInitScript(holdIdleAndWatchPaint);
  await page.goto(`${lessonUrl(lab.url, 'sinusoid')}?lang=es`);
  await page.waitForFunction(() => window.__atFirstPaint, null, { timeout: 15000 });
  const { fetched } = await page.evaluate(() => window.__atFirstPaint);
  assert.deepEqual(
    fetched.filter((name) => /\.index-/.test(name)),
    [],
  );
  for (const namespace of ['common', 'widgets', 'explorer', 'course~sinusoid'])
    assert.ok(
      fetched.some((name) => name.startsWith(`es.${namespace}-`)),
      `es.${namespace}`,
    );
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link to an exercise near the end of a lesson scrolls to its heading', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await page.goto(`${lessonUrl(lab.url, 'in-practice')}#conventions-title`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  const top = await page.$eval('#conventions-title', (h) => h.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 200, `heading at ${top}px`);
  assert.deepEqual(problems, []);
  await page.close();
});

// Wraps every constructor that allocates memory for pixels or numbers, and the canvas calls that do.
// A typed array built on an existing buffer (a view) allocates no memory and is not counted.
function countAllocations() {
  const counts = { buffers: 0, imageData: 0, canvasResizes: 0 };
  const names = [
    'ArrayBuffer',
    'Float32Array',
    'Float64Array',
    'Int8Array',
    'Uint8Array',
    'Uint8ClampedArray',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
  ];
  for (const name of names) {
    window[name] = new Proxy(window[name], {
      construct(target, args, newTarget) {
        if (!(args[0] instanceof ArrayBuffer)) counts.buffers++;
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  window.ImageData = new Proxy(window.ImageData, {
    construct(target, args, newTarget) {
      counts.imageData++;
      return Reflect.construct(target, args, newTarget);
    },
  });
  for (const method of ['createImageData', 'getImageData']) {
    const original = CanvasRenderingContext2D.prototype[method];
    CanvasRenderingContext2D.prototype[method] = function (...args) {
      counts.imageData++;
      return original.apply(this, args);
    };
  }
  for (const side of ['width', 'height']) {
    const { get, set } = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, side);
    Object.defineProperty(HTMLCanvasElement.prototype, side, {
      configurable: true,
      get,
      set(value) {
        counts.canvasResizes++;
        set.call(this, value);
      },
    });
  }
  window.__allocations = counts;
}

test('dragging the explorer’s sliders allocates no buffers, no ImageData, and resizes no canvas', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  await page.evaluate(countAllocations);
  const drag = (steps) =>
    page.evaluate((list) => {
      const before = { ...window.__allocations };
      for (const [id, value] of list) {
        const input = document.getElementById(id);
        input.value = String(value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      const after = window.__allocations;
      const { map } = window.pelab.explorer;
      return {
        buffers: after.buffers - before.buffers,
        imageData: after.imageData - before.imageData,
        canvasResizes: after.canvasResizes - before.canvasResizes,
        shown: [map.rows, map.columns],
      };
    }, steps);

  // The first drag to the largest table grows the buffers (which shows the counting sees the page's code).
  const growth = await drag([
    ['dModel', 512],
    ['positions', 1024],
  ]);
  assert.ok(growth.buffers > 0 && growth.imageData > 0, JSON.stringify(growth));

  // Then a drag over smaller shapes, both sliders, the convention and the base: nothing is allocated.
  const steps = [];
  for (let p = 1024; p >= 700; p -= 9) steps.push(['positions', p]);
  for (let d = 512; d >= 300; d -= 14) steps.push(['dModel', d]);
  for (let p = 700; p <= 1024; p += 13) steps.push(['positions', p]);
  steps.push(['variant', 'halves'], ['base', 500], ['dModel', 512], ['positions', 1024]);
  const dragged = await drag(steps);
  assert.deepEqual(dragged, { buffers: 0, imageData: 0, canvasResizes: 0, shown: [1024, 512] });
  // And what is shown is the table the core computes.
  const same = await page.evaluate(() => {
    const { lab, explorer } = window.pelab;
    const expected = lab.sinusoidal({ positions: 1024, dModel: 512, base: 500, variant: 'halves' });
    const shown = explorer.map.data;
    return shown.length === expected.length && shown.every((v, i) => v === expected[i]);
  });
  assert.equal(same, true);
  assert.deepEqual(problems, []);
  await page.close();
});

// What each lesson page's HTML has fetched beside its script (web/vite.config.js, lessonFirstPath): the words its
// script loads first, listed per language for the early script (English's without those built into the page's
// code; the explorer's only where the page holds it); on lesson 1, whose explorer paints first, not its
// exercises' code (a resource timing at the first frame would miss a fetch still under way).
test('lesson pages list their first words per language; lesson 1 preloads no exercise code, lessons 2 and 3 theirs', () => {
  const html = (page) => readFileSync(new URL(`../../dist/site/${page}`, import.meta.url), 'utf8');
  const preloads = (page) =>
    [...html(page).matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map((m) => m[1]);
  const words = (page) => {
    const content = /<meta name="pelab-words" content="([^"]*)"/.exec(html(page))?.[1];
    assert.ok(content, `${page} lists no words`);
    const lists = JSON.parse(content.replaceAll('&quot;', '"'));
    return Object.fromEntries(Object.entries(lists).map(([code, list]) => [code, list.map((f) => f.split('/').pop())]));
  };
  const NAMESPACES = ['common', 'widgets', 'explorer', 'glossary-terms', 'course~sinusoid', 'course~in-practice'];
  const namesIn = (list) =>
    list.map((file) => NAMESPACES.find((n) => file.slice(file.indexOf('.') + 1).startsWith(`${n}-`))).sort();
  const first = words('lesson-1.html');
  assert.deepEqual(namesIn(first.en), ['course~sinusoid', 'explorer', 'glossary-terms']);
  assert.deepEqual(namesIn(first.es), ['common', 'course~sinusoid', 'explorer', 'glossary-terms', 'widgets']);
  assert.ok(first['zh-CN'].every((file) => file.startsWith('zh-CN.')));
  assert.deepEqual(
    preloads('lesson-1.html').filter((name) => /^lesson-|^[a-z]{2}(-[A-Z]+)?\./.test(name)),
    [],
  );
  for (const page of ['lesson-2.html', 'lesson-3.html']) {
    assert.ok(
      preloads(page).some((name) => /^lesson-/.test(name)),
      `${page} does not preload its exercises' code`,
    );
    assert.equal(namesIn(words(page).es).includes('explorer'), false, page);
  }
});
