// Using the lab anywhere: the <pe-exercise> component on a plain static page, and embed.html in an
// iframe on another origin, sized and reporting through the host helper. Everything is served under
// the strict CSP and any violation fails the test (watchedPage).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startServer, CSP } from '../../scripts/serve.mjs';
import { watchedPage, choice, resetProgress, launchChromium } from './browser.mjs';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
let browser, site, course, siteUrl, courseUrl;
before(async () => {
  browser = await launchChromium();
  site = await startServer({ port: 0 }); // the lab's own origin: site and embed.html
  siteUrl = `http://127.0.0.1:${site.address().port}`;
  // A course author's origin, as strict as ours, plus permission to frame the lab's origin.
  course = await startServer({
    port: 0,
    csp: `${CSP}; frame-src ${siteUrl}`,
    mounts: [
      ['/dist/', path('../../dist')],
      ['/static/', path('../consumer/static')],
      ['/', path('../consumer/host')],
    ],
  });
  courseUrl = `http://127.0.0.1:${course.address().port}`;
});
after(async () => {
  await browser.close();
  site.close();
  course.close();
});

test('the component works on a plain static page: events and the H5P-style methods', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${courseUrl}/static/`);
  await page.waitForSelector('body[data-ready=true]');
  assert.equal(await page.textContent('#out'), Math.sin(1).toFixed(6));
  const el = page.locator('pe-exercise');
  await page.waitForFunction(() => document.querySelector('pe-exercise').ready);
  await page.waitForFunction(() => window.readyEvents.length === 1);
  assert.deepEqual(await page.evaluate(() => window.readyEvents), ['why-positional-encoding']);
  assert.equal(await el.evaluate((e) => e.getAnswerGiven()), false);
  assert.equal(await el.evaluate((e) => e.getMaxScore()), 1);
  await choice(el, 'why-positional-encoding', 'a').check(); // Playwright pierces the shadow root
  await el.getByRole('button', { name: /^Check\b/ }).click();
  assert.deepEqual(JSON.parse(await page.getAttribute('body', 'data-result')), {
    exercise: 'why-positional-encoding',
    correct: false,
    score: 0,
    maxScore: 1,
    solutionViewed: false,
  });
  // A second check is practice: no second pe-result, and the recorded score stays the first one's.
  await page.evaluate(() => {
    document.body.dataset.result = 'none';
  });
  await choice(el, 'why-positional-encoding', 'b').check();
  await el.getByRole('button', { name: /^Check\b/ }).click();
  assert.equal(await page.getAttribute('body', 'data-result'), 'none');
  assert.equal(await el.evaluate((e) => e.getScore()), 0);
  assert.equal(await el.evaluate((e) => e.getAnswerGiven()), true);
  await el.evaluate((e) => e.resetTask());
  assert.equal(await el.evaluate((e) => e.getScore()), 0);
  await el.evaluate((e) => e.showSolutions());
  assert.match(await el.locator('.feedback').innerText(), /^Solution:/);
  // Themeable from outside through custom properties
  await el.evaluate((e) => e.style.setProperty('--pe-panel', 'rgb(1, 2, 3)'));
  assert.equal(await el.evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(1, 2, 3)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('an iframe on another origin is sized by the host helper and reports xAPI-shaped results', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${siteUrl}/embed.html?exercise=buffer-vs-parameter&theme=dark`;
  await page.goto(`${courseUrl}/?frame=${encodeURIComponent(frameUrl)}`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  // Sized by the helper: taller than an iframe's default 150 px (then equal to its content, below).
  await page.waitForFunction(() => parseInt(document.querySelector('iframe').style.height, 10) > 150);
  const height = await page.$eval('iframe', (f) => parseInt(f.style.height, 10));
  const inner = await frame.locator('html').evaluate((h) => h.scrollHeight);
  assert.ok(Math.abs(height - inner) <= 2, `iframe ${height}px vs content ${inner}px`);
  assert.equal(await frame.locator('html').getAttribute('data-theme'), 'dark');
  await choice(frame, 'buffer-vs-parameter', 'buffer').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await page.waitForFunction(() => window.results.length === 1);
  // Practice checks and a later "Show solution" post nothing: the first check is the record.
  await choice(frame, 'buffer-vs-parameter', 'parameter').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await frame.getByRole('button', { name: /^Show solution/ }).click();
  await frame.locator('.attempt-status', { hasText: 'Practice' }).waitFor();
  const results = await page.evaluate(() => window.results);
  assert.equal(results.length, 1);
  const [right] = results;
  assert.equal(right.correct, true);
  assert.equal(right.solutionViewed, false);
  assert.equal(right.exercise, 'buffer-vs-parameter');
  assert.equal(right.statement.verb.display['en-US'], 'answered');
  assert.equal(right.statement.result.score.scaled, 1);
  assert.equal(right.statement.result.success, true);
  // A valid xAPI Agent: no learner was passed in, so the lab's anonymous account (web/platforms/xapi.js)
  assert.equal(right.statement.actor.account.homePage, siteUrl);
  assert.match(right.statement.actor.account.name, /^anonymous-\d+$/);
  // Feedback made the frame taller; the helper followed.
  const after = await page.$eval('iframe', (f) => parseInt(f.style.height, 10));
  assert.ok(after > height, `${after} > ${height}`);
  // A reload does not give a new first attempt: the record is kept in the lab's origin and restored.
  await page.reload();
  await frame.locator('body[data-ready=true]').waitFor();
  assert.match(await frame.locator('.attempt-status').innerText(), /^Recorded on an earlier visit/);
  await choice(frame, 'buffer-vs-parameter', 'parameter').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await frame.locator('.feedback .verdict').waitFor();
  assert.deepEqual(await page.evaluate(() => window.results), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a record that left for the course is not re-opened by "Reset progress" on the lesson page', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${siteUrl}/embed.html?exercise=conventions`;
  const course = `${courseUrl}/?keep=none&frame=${encodeURIComponent(frameUrl)}`; // the lab's records alone
  await page.goto(course);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  await frame.getByRole('button', { name: /^Show solution/ }).click();
  await page.waitForFunction(() => window.results.length === 1);
  assert.equal((await page.evaluate(() => window.results))[0].score, 0);
  const lesson = await page.context().newPage(); // the lesson page of the same lab, in the same browser
  await lesson.goto(`${siteUrl}/lesson-2.html`); // the lesson holding conventions
  await lesson.locator('body[data-ready=true]').waitFor();
  await resetProgress(lesson);
  await lesson.close();
  await page.goto(course);
  await frame.locator('body[data-ready=true]').waitFor();
  assert.match(await frame.locator('.attempt-status').innerText(), /^Recorded on an earlier visit/);
  await choice(frame, 'conventions', 'halves').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await frame.locator('.feedback .verdict').waitFor();
  assert.deepEqual(await page.evaluate(() => window.results), [], 'no second first record reaches the course');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a helper connected after the frame loaded still sizes it (the frame answers its hello)', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${siteUrl}/embed.html?exercise=conventions`;
  await page.goto(`${courseUrl}/?connect=late&frame=${encodeURIComponent(frameUrl)}`);
  await page.frameLocator('iframe').locator('body[data-ready=true]').waitFor();
  assert.equal(await page.$eval('iframe', (f) => f.style.height), '');
  await page.evaluate(() => window.connectNow());
  await page.waitForFunction(() => parseInt(document.querySelector('iframe').style.height, 10) > 300);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the frame shrinks when its content does: the reported height is the content, not the frame', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 480, height: 700 } });
  const frameUrl = `${siteUrl}/embed.html?exercise=why-positional-encoding`;
  await page.goto(`${courseUrl}/?frame=${encodeURIComponent(frameUrl)}`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  const frameHeight = () => page.$eval('iframe', (f) => parseInt(f.style.height, 10) || 0);
  const contentHeight = () => frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
  await page.waitForFunction(() => parseInt(document.querySelector('iframe').style.height, 10) > 300);
  const narrow = await frameHeight();
  // Wider, the same text takes fewer lines: the content is shorter and the frame must follow it down.
  await page.setViewportSize({ width: 1200, height: 700 });
  await page.waitForFunction((h) => parseInt(document.querySelector('iframe').style.height, 10) < h, narrow);
  const wide = await frameHeight();
  const content = await contentHeight();
  assert.ok(wide < narrow, `${wide} < ${narrow}`);
  assert.ok(Math.abs(wide - content) <= 2, `iframe ${wide}px vs content ${content}px`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the component speaks the language of its lang attribute or its page’s, regional tags and later changes too', async () => {
  const { page, problems } = await watchedPage(browser, { locale: 'en-US' });
  await page.goto(`${courseUrl}/static/`);
  await page.waitForSelector('body[data-ready=true]');
  const title = (id) => page.locator(`#${id} h2`).innerText();
  const add = (id, name, lang) =>
    page.evaluate(
      ([id, name, lang]) => {
        const el = document.createElement('pe-exercise');
        el.id = id;
        el.setAttribute('name', name);
        if (lang) el.setAttribute('lang', lang);
        document.body.append(el);
      },
      [id, name, lang],
    );
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'es-ES')); // as a Spanish site writes it
  await add('alibi', 'alibi');
  await add('rope', 'rope', 'zh-Hans');
  await page.waitForFunction(() => ['alibi', 'rope'].every((id) => document.getElementById(id).ready));
  assert.match(await title('alibi'), /^ALiBi: una penalización/);
  assert.equal(await page.locator('#alibi section').getAttribute('lang'), 'es');
  assert.equal(await page.locator('#rope section').getAttribute('lang'), 'zh-CN');
  // The site switches its own language: the element without a lang of its own follows; the other keeps its own.
  await page.evaluate(() => document.documentElement.setAttribute('lang', 'zh-CN'));
  await page.waitForFunction(
    () => document.querySelector('#alibi').shadowRoot.querySelector('section')?.lang === 'zh-CN',
  );
  assert.equal(await page.locator('#rope section').getAttribute('lang'), 'zh-CN');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a worker file missing on the server is named as such, not blamed on a Content-Security-Policy', async () => {
  const { page } = await watchedPage(browser);
  await page.route('**/implement-worker*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${courseUrl}/static/`);
  await page.waitForSelector('body[data-ready=true]');
  await page.evaluate(() => {
    const el = document.createElement('pe-exercise');
    el.setAttribute('name', 'implement-it');
    el.id = 'implement';
    document.body.append(el);
  });
  const el = page.locator('#implement');
  await el.getByRole('button', { name: /^Show solution/ }).click();
  await el.getByRole('button', { name: /^Run and compare/ }).click();
  const verdict = el.locator('.verdict');
  await verdict.waitFor();
  assert.match(await verdict.innerText(), /the worker that runs it did not load \(its file is missing on the server/);
  await page.close();
});

test('messages from an origin the host did not trust are ignored, and the frame scrolls instead', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${siteUrl}/embed.html?exercise=conventions`;
  await page.goto(
    `${courseUrl}/?frame=${encodeURIComponent(frameUrl)}&trust=${encodeURIComponent('https://elsewhere.example')}`,
  );
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  await choice(frame, 'conventions', 'halves').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await page.waitForTimeout(300); // give stray messages a chance to arrive (none may be acted on)
  assert.equal(await page.$eval('iframe', (f) => f.style.height), '');
  assert.deepEqual(await page.evaluate(() => window.results), []);
  const scrolls = await frame
    .locator('html')
    .evaluate((h) => h.scrollHeight > h.clientHeight && getComputedStyle(h).overflowY !== 'hidden');
  assert.equal(scrolls, true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed.html names an unknown exercise instead of failing silently', async () => {
  const { page } = await watchedPage(browser);
  await page.goto(`${siteUrl}/embed.html?exercise=nope`);
  assert.match(await page.locator('[role=alert]').innerText(), /Unknown exercise “nope”/);
  await page.close();
});

// Every exercise with headings of its own puts them one level under its title: h2 under an embed's h1 (and
// h3 under a lesson's h2, which axe checks on the lesson pages). The levels come from mount.js's `heading`.
test('an embedded exercise skips no heading level', async () => {
  const page = await browser.newPage();
  for (const name of ['pipeline', 'learned-embeddings', 'train-it', 'rope', 'alibi']) {
    await page.goto(`${siteUrl}/embed.html?exercise=${name}`);
    await page.waitForSelector(`section[data-exercise="${name}"] .attempt-status`, { state: 'attached' });
    const levels = await page.$$eval('h1, h2, h3, h4, h5, h6', (hs) => hs.map((x) => Number(x.tagName[1])));
    assert.equal(levels[0], 1, name);
    assert.ok(levels.length > 1, `${name} has headings of its own`);
    for (let i = 1; i < levels.length; i++) assert.ok(levels[i] <= levels[i - 1] + 1, `${name}: ${levels.join(' → ')}`);
  }
  await page.close();
});
