// The lesson pages and the course home as wholes: accessibility (axe, WCAG 2.1 AA, light and dark), progress
// kept across reloads and reset, corrupt storage ignored, no request leaving the origin, the page at 360 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import {
  openLab,
  watchedPage,
  lessonTotal,
  lessonUrl,
  choice,
  progressLine,
  resetProgress,
  axe,
  accessible,
} from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});
const shots = new URL('../../test-results/', import.meta.url);

// The page of lesson `lesson` (web/course/outline.js), or the course home for null.
async function open(options = {}, lesson = 'sinusoid') {
  const watched = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 }, ...options });
  await watched.page.goto(lesson ? lessonUrl(lab.url, lesson) : lab.url);
  if (!lesson) return watched;
  await watched.page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  return watched;
}

// Each page loaded once and checked in both schemes (the scheme emulated again, without a reload): every rule
// in light; in dark only what a scheme changes, the colours (contrast, links told apart from text).
const DARK_RULES = ['color-contrast', 'link-in-text-block'];
test('axe finds no WCAG 2.2 AA or best-practice violations on the home, the glossary and each lesson, light and dark', async () => {
  for (const path of ['', 'glossary.html', ...LESSONS.map((l) => l.url)]) {
    const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 1100, height: 900 } });
    await page.goto(lab.url + path);
    await page.waitForSelector('body[data-ready=true]', { timeout: 15000 }); // the home too: its lessons listed
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      const run = axe(page);
      const { violations } = await (colorScheme === 'dark' ? run.withRules(DARK_RULES) : run).analyze();
      assert.deepEqual(
        violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
        [],
        `${path || 'home'}, ${colorScheme}`,
      );
    }
    // Names a screen reader lists controls by are unique on the page (a list of twelve "Data table"s tells
    // nothing): buttons, fields, lists and disclosures, by their accessible name (label, aria-label or text).
    const repeated = await page.evaluate(() => {
      const name = (e) =>
        (
          e.getAttribute('aria-label') ??
          (e.labels?.length ? [...e.labels].map((l) => l.textContent).join(' ') : e.textContent)
        )
          .replace(/\s+/g, ' ')
          .trim();
      const seen = new Map();
      for (const e of document.querySelectorAll('button, input:not([type=radio]), select, textarea, summary')) {
        const key = `${e.tagName.toLowerCase()} “${name(e)}”`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${n} × ${key}`);
    });
    assert.deepEqual(repeated, [], `${path || 'home'}: controls that share a name`);
    assert.deepEqual(problems, [], path || 'home');
    await page.close();
  }
});

test('progress survives a reload and the reset clears it; corrupt storage is ignored', async () => {
  const context = await lab.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]');
  const s = page.locator('section[data-exercise="why-positional-encoding"]');
  await choice(s, 'why-positional-encoding', 'b').check();
  await s.getByRole('button', { name: /^Check\b/ }).click();
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  assert.match(await page.locator('.progress-text').innerText(), new RegExp(`^${progressLine('sinusoid', 1, 1)}`));
  // Reset asks first: keeping the answers (or Escape) changes nothing; forgetting says what it forgot.
  const reset = page.getByRole('button', { name: 'Reset progress' });
  const ask = page.getByRole('group', { name: 'Reset progress?' });
  await reset.click();
  assert.equal(await reset.getAttribute('aria-expanded'), 'true');
  const [group] = await accessible(page, '.reset-confirm');
  assert.match(group.description, /^Forget your answers to this lesson's exercises\? .*cannot be undone/);
  assert.ok(await ask.getByRole('button', { name: 'Keep them' }).evaluate((b) => b === document.activeElement));
  await ask.getByRole('button', { name: 'Keep them' }).click();
  await reset.click();
  await page.keyboard.press('Escape');
  assert.ok(await ask.isHidden());
  assert.ok(await reset.evaluate((b) => b === document.activeElement), 'focus back on Reset');
  assert.match(await page.locator('.progress-text').innerText(), new RegExp(`^${progressLine('sinusoid', 1, 1)}`));
  await resetProgress(page);
  assert.match(await page.locator('.progress-text').innerText(), new RegExp(`^${progressLine('sinusoid', 0, 0)}`));
  assert.equal(
    await page.getByRole('status').filter({ hasText: 'Progress reset' }).innerText(),
    'Progress reset: your answers to 1 exercise of this lesson were forgotten.',
  );
  for (const junk of ['{not json', '[1,2,3]', '{"mask-order":{"answered":"yes"},"__proto__":{"x":1}}', 'null']) {
    await page.evaluate((v) => localStorage.setItem('pelab:progress:v2', v), junk);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.match(
      await page.locator('.progress-text').innerText(),
      new RegExp(`^${progressLine('sinusoid', 0, 0)}`),
      junk,
    );
  }
  await context.close();
});

test('no request leaves the page’s own origin, and the page works at 360 px', async () => {
  const { page, problems } = await watchedPage(lab.browser, { viewport: { width: 360, height: 740 } });
  const foreign = [];
  const origin = new URL(lab.url).origin;
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      foreign.push(r.url());
  });
  await page.goto(lessonUrl(lab.url, 'sinusoid'));
  await page.waitForSelector('body[data-ready=true]');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `overflows by ${overflow}px`);
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: new URL('lesson-360.png', shots).pathname, fullPage: true });
  assert.deepEqual(foreign, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the formula card, every symbol defined, comes before the first exercise that uses the formula', async () => {
  const { page, problems } = await open();
  const card = page.locator('#formula-card');
  // Typeset: the two equations and ω's, as MathML (widgets/math.js), each with its spoken form.
  assert.equal(await card.locator('math').count(), 3);
  const text = await card.innerText();
  for (const symbol of ['p', 'd', 'k', 'ωₖ', 'base']) assert.match(text, new RegExp(`^${symbol}\\s`, 'm'), symbol);
  assert.match(text, /write i for the pair/);
  // Before frequency-structure (the first to read ω_k off the formula), after every exercise that comes earlier.
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('#formula-card, section[data-exercise]')].map((e) => e.dataset.exercise ?? 'card'),
  );
  assert.equal(order[order.indexOf('card') + 1], 'frequency-structure');
  assert.deepEqual(problems, []);
  await page.close();
});
