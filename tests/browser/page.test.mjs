// The page in headless Chromium: it loads under the strict CSP, the wasm core starts, and the heatmap
// shows what the core computes, with exact values on hover and keyboard focus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { openLab, watchedPage, lessonUrl } from './browser.mjs';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

const shots = new URL('../../test-results/', import.meta.url);

async function ready(page) {
  await page.goto(lessonUrl(lab.url, 'sinusoid')); // the lesson with the explorer
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
}

test('the page loads, the wasm core starts and the heatmap is drawn, with no console errors', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await ready(page);
  assert.equal(await page.isHidden('#loading'), true);
  // The canvas has colour where the table is drawn: sample its pixels.
  const coloured = await page.$eval('.heatmap canvas', (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && Math.abs(d[i] - d[i + 2]) > 40) n++;
    return n;
  });
  assert.ok(coloured > 10000, `coloured pixels: ${coloured}`);
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: new URL('page-light.png', shots).pathname, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('hover and keyboard focus show the exact value the core computes', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
  await ready(page);
  await page.focus('.heatmap canvas');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const text = await page.textContent('.readout');
  const expected = await page.evaluate(() => window.pelab.lab.sinusoidal({ positions: 128, dModel: 64 })[3 * 64 + 1]);
  assert.match(text, /Position 3, dimension 1 \(pair 0, cos\)/);
  assert.ok(text.endsWith(expected.toFixed(6)), `${text} vs ${expected}`);
  assert.ok(Math.abs(expected - Math.cos(3)) < 1e-6);

  const box = await page.$eval('.heatmap canvas', (c) => c.getBoundingClientRect().toJSON());
  await page.mouse.move(box.x + 48 + 2, box.y + 10 + 2);
  assert.match(await page.textContent('.readout'), /^Position 0, dimension 0 \(pair 0, sin\): 0\.000000$/);
  // The data-table alternative holds the same numbers.
  await page.locator('#explorer details.data-table summary').click();
  const cell = await page.locator('#explorer details.data-table tbody tr').nth(3).locator('td').nth(1).innerText();
  assert.equal(cell, expected.toFixed(4));
  assert.deepEqual(problems, []);
  await page.close();
});

test('changing the controls recomputes the table; a bad base is reported, not thrown', async () => {
  const { page, problems } = await watchedPage(lab.browser, {
    colorScheme: 'dark',
    viewport: { width: 1100, height: 900 },
  });
  await ready(page);
  await page.selectOption('#variant', 'halves');
  await page.$eval('#dModel', (el) => {
    el.value = '8';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.focus('.heatmap canvas');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  assert.match(await page.textContent('.readout'), /Position 1, dimension 7 \(pair 3, cos\): 1\.000000/);
  await page.screenshot({ path: new URL('page-dark.png', shots).pathname, fullPage: true });

  await page.fill('#base', '1');
  assert.match(await page.textContent('.status'), /base must be a number from 2 to 1000000000/);
  assert.equal(await page.getAttribute('#base', 'aria-invalid'), 'true');
  await page.fill('#base', '10000');
  assert.match(await page.textContent('.status'), /computed by the WebAssembly core/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the page fits a 360 px wide screen without horizontal scrolling', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 360, height: 740 } });
  await ready(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `overflows by ${overflow}px`);
  await page.screenshot({ path: new URL('page-360.png', shots).pathname, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
