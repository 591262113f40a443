// The glossary page (glossary.html): it loads under the strict CSP with no console errors, light and dark,
// axe finds no WCAG 2.1 AA violations, glossary.html#ID lands on the term, every link on it resolves, and it
// fits a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, watchedPage } from './browser.mjs';
import { GLOSSARY } from '../../web/course/glossary.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

async function open(hash = '', options = {}) {
  const watched = await watchedPage(lab.browser, { viewport: { width: 1280, height: 900 }, ...options });
  await watched.page.goto(`${lab.url}glossary.html${hash}`);
  await watched.page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  return watched;
}

// (axe checks this page with the others, light and dark, in tests/browser/lesson.test.mjs)
test('every term is listed, in the order of the glossary’s data', async () => {
  const { page, problems } = await open('');
  const ids = await page.locator('dl.glossary > dt').evaluateAll((dts) => dts.map((dt) => dt.id));
  assert.deepEqual(
    ids,
    GLOSSARY.map((t) => t.id),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('glossary.html#ID lands on the term, and every link on the page resolves', async () => {
  // A term from the middle: the page must scroll to reach it, and can scroll it to the top.
  const middle = GLOSSARY[Math.floor(GLOSSARY.length / 2)].id;
  const { page, problems } = await open(`#${middle}`, { viewport: { width: 390, height: 700 } });
  const top = await page.$eval(`#${middle}`, (el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 100, `#${middle} is at ${top}px`);
  assert.equal(await page.$eval(`#${middle}`, (el) => el.matches(':target')), true);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const inPage = hrefs.filter((h) => h.startsWith('#'));
  assert.ok(inPage.length > GLOSSARY.length, `${inPage.length} links within the page`);
  for (const href of inPage) assert.equal(await page.locator(href).count(), 1, href);
  assert.ok(hrefs.includes('index.html'), 'a link back to the course home');
  // Every letter that starts a term links to it; the rest are not links.
  const letters = await page.locator('nav.az a').evaluateAll((as) => as.map((a) => a.textContent));
  assert.deepEqual(letters, [...new Set(GLOSSARY.map((t) => t.term[0].toUpperCase()))]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `overflows by ${overflow}px`);
  assert.deepEqual(problems, []);
  await page.close();
});
