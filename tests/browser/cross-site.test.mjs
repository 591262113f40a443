// The lab where courses put it: on another *site* than the course page (the lab at 127.0.0.1, the course at
// localhost; both loopback, as Chromium's local-network checks refuse a public page framing either), in
// Chromium with its default settings, which block third-party storage: inside such a frame, merely reading localStorage throws.
// Two ports of one host would be one site and hide it. Every page must start, grade and report there, with
// its records kept for the visit (said once on the page) or by the course page's host helper.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, CSP, DEFAULT_MOUNTS } from '../../scripts/serve.mjs';
import { watchedPage, lessonTotal, choice, launchChromium } from './browser.mjs';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
const VISIT_ONLY = /keeps no data for the lab here, so your answers are recorded for this visit only/;
const HOST_KEEPS = /the course page keeps your record of this exercise/;
let browser, lab, course, labUrl, courseUrl, sco;

before(async () => {
  browser = await launchChromium({ full: true });
  // Each may frame the other: a course page on either site (the course fixture is mounted on the lab's too).
  const csp = `${CSP}; frame-src http://localhost:* http://127.0.0.1:*`;
  const host = path('../consumer/host');
  // A SCORM package served by the lab's site, as a course whose LMS launches content from elsewhere does.
  sco = mkdtempSync(join(tmpdir(), 'pelab-sco-'));
  execFileSync('unzip', ['-q', path('../../dist/packages/pelab-conventions-scorm2004.zip'), '-d', sco]);
  lab = await startServer({ port: 0, csp, mounts: [['/course/', host], ['/sco/', sco], ...DEFAULT_MOUNTS] });
  labUrl = `http://127.0.0.1:${lab.address().port}`;
  course = await startServer({
    port: 0,
    csp,
    mounts: [
      ['/dist/', path('../../dist')],
      ['/static/', path('../consumer/static')],
      ['/scorm-again/', path('../../node_modules/scorm-again/dist')],
      ['/lms/', path('fixtures/lms')],
      ['/', path('../consumer/host')],
    ],
  });
  courseUrl = `http://localhost:${course.address().port}`; // the same server, reached as another site
});
after(async () => {
  await browser.close();
  lab.close();
  course.close();
  rmSync(sco, { recursive: true, force: true });
});

/** A page of one site framing `src` of the other, without the host helper (tests/consumer/host). */
async function framedPage(top, src, options = {}) {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 1000, height: 800 }, ...options });
  await page.goto(`${top}?connect=never&frame=${encodeURIComponent(src)}`);
  return { page, problems, frame: page.frameLocator('iframe') };
}

/** Where the host helper keeps the record of `exercise` for the course page at `url` (web/embed/host.js). */
const recordKey = (url, exercise) => {
  const { pathname, search } = new URL(url);
  return JSON.stringify([`${pathname}${search}`, labUrl, exercise]);
};

/** The course page's storage holds `record` under `key` (the host helper's records), before any script runs. */
const keptByCourse = (page, key, record) =>
  page.addInitScript(
    ([origin, key, record]) => {
      if (location.origin === origin) localStorage.setItem('pelab:embed-records:v1', JSON.stringify({ [key]: record }));
    },
    [courseUrl, key, record],
  );

/** Answers the 'conventions' exercise in `frame`; the page says the answer was recorded. */
async function answerAndSeeRecorded(frame) {
  await choice(frame, 'conventions', 'halves').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  assert.match(await frame.locator('.attempt-status').innerText(), /^Recorded/);
}

const storageBlocked = (frame) =>
  frame.locator('html').evaluate(() => {
    try {
      localStorage.getItem('x');
      return false;
    } catch {
      return true;
    }
  });

test('embed.html across sites starts, reports, and the course page keeps its record for the next visit', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${labUrl}/embed.html?exercise=buffer-vs-parameter`;
  await page.goto(`${courseUrl}/?frame=${encodeURIComponent(frameUrl)}`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await storageBlocked(frame), true, 'Chromium blocks third-party storage by default');
  await page.waitForFunction(() => parseInt(document.querySelector('iframe').style.height, 10) > 300);
  assert.match(await frame.locator('.storage-note').innerText(), HOST_KEEPS);
  await choice(frame, 'buffer-vs-parameter', 'buffer').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await page.waitForFunction(() => window.results.length === 1);
  assert.equal((await page.evaluate(() => window.results))[0].correct, true);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('pelab:embed-records:v1')));
  assert.deepEqual(kept[recordKey(page.url(), 'buffer-vs-parameter')], {
    correct: true,
    score: 1,
    maxScore: 1,
    solutionViewed: false,
  });
  const order = () => frame.locator('input[type=radio]').evaluateAll((inputs) => inputs.map((i) => i.value));
  const before = await order();
  // The next visit: the frame has nothing of its own (its storage lived for the visit), the host hands it back.
  await page.reload();
  await frame.locator('body[data-ready=true]').waitFor();
  assert.match(await frame.locator('.attempt-status').innerText(), /^Recorded on an earlier visit/);
  assert.deepEqual(await order(), before, 'the options in the same order: the course page keeps the seed too');
  await choice(frame, 'buffer-vs-parameter', 'parameter').check();
  await frame.getByRole('button', { name: /^Check\b/ }).click();
  await frame.locator('.feedback .verdict').waitFor();
  assert.deepEqual(await page.evaluate(() => window.results), [], 'a practice check reports nothing');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a host helper that connects late still restores its record into a frame that started without it', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  const record = { correct: false, score: 0, maxScore: 1, solutionViewed: true };
  const course = `${courseUrl}/?connect=late&frame=${encodeURIComponent(frameUrl)}`;
  await keptByCourse(page, recordKey(course, 'conventions'), record);
  await page.goto(course);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await frame.locator('.attempt-status').innerText(), '', 'no host yet: a fresh exercise');
  await page.evaluate(() => window.connectNow());
  await frame.locator('.attempt-status', { hasText: /^Recorded on an earlier visit/ }).waitFor();
  assert.match(await frame.locator('.attempt-status').innerText(), /solution/i);
  assert.deepEqual(problems, []);
  await page.close();
});

test('two frames of one exercise: only the first record reaches the course, and the other frame is handed it', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  await page.goto(`${courseUrl}/?frames=2&frame=${encodeURIComponent(frameUrl)}`);
  const [a, b] = [page.frameLocator('iframe >> nth=0'), page.frameLocator('iframe >> nth=1')];
  await a.locator('body[data-ready=true]').waitFor();
  await b.locator('body[data-ready=true]').waitFor();
  await a.getByRole('button', { name: /^Show solution/ }).click();
  await page.waitForFunction(() => window.results.length === 1);
  await b.locator('.attempt-status', { hasText: /^Recorded on an earlier visit/ }).waitFor();
  await choice(b, 'conventions', 'halves').check();
  await b.getByRole('button', { name: /^Check\b/ }).click();
  await b.locator('.feedback .verdict').waitFor();
  assert.deepEqual(
    (await page.evaluate(() => window.results)).map((r) => [r.score, r.solutionViewed]),
    [[0, true]],
    'the solution viewed first is the record; the other frame’s check is practice',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('two frames that both answered before the helper connected: one record reaches the course, the other gives way', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  await page.goto(`${courseUrl}/?frames=2&connect=late&frame=${encodeURIComponent(frameUrl)}`);
  const [a, b] = [page.frameLocator('iframe >> nth=0'), page.frameLocator('iframe >> nth=1')];
  await a.locator('body[data-ready=true]').waitFor();
  await b.locator('body[data-ready=true]').waitFor();
  await a.getByRole('button', { name: /^Show solution/ }).click(); // 0 of 1, solution viewed
  await answerAndSeeRecorded(b); // 1 of 1
  await page.evaluate(() => window.connectNow());
  await page.waitForFunction(() => window.results.length >= 1);
  const [first, ...more] = await page.evaluate(() => window.results);
  assert.deepEqual(more, [], 'one record reaches the course');
  const loser = first.solutionViewed ? b : a;
  await loser.locator('.attempt-status', { hasText: /^Recorded on an earlier visit/ }).waitFor();
  assert.deepEqual(await page.evaluate(() => window.results.length), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a record made before the host helper connected reaches the course once it connects', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  await page.goto(`${courseUrl}/?connect=late&frame=${encodeURIComponent(frameUrl)}`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  await answerAndSeeRecorded(frame);
  assert.deepEqual(await page.evaluate(() => window.results), [], 'no helper yet');
  await page.evaluate(() => window.connectNow());
  await page.waitForFunction(() => window.results.length === 1);
  assert.equal((await page.evaluate(() => window.results))[0].correct, true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a host record the frame would not keep itself (an inflated score) is refused', async () => {
  const { page, problems } = await watchedPage(browser);
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  const course = `${courseUrl}/?frame=${encodeURIComponent(frameUrl)}`;
  await keptByCourse(page, recordKey(course, 'conventions'), {
    correct: true,
    score: 5,
    maxScore: 1,
    solutionViewed: false,
  });
  await page.goto(course);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await frame.locator('.attempt-status').innerText(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a host record sent while a prediction was graded (version 1) restores as the prediction, and no second one is made', async () => {
  const { page, problems } = await watchedPage(browser);
  const frameUrl = `${labUrl}/embed.html?exercise=swap-invariance`;
  const course = `${courseUrl}/?frame=${encodeURIComponent(frameUrl)}`;
  // What a frame of 0.1.0 sent for a right answer, kept by the course page's helper in its format.
  await keptByCourse(page, recordKey(course, 'swap-invariance'), {
    correct: true,
    score: 1,
    maxScore: 1,
    solutionViewed: false,
  });
  await page.goto(course);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.match(
    await frame.locator('.attempt-status').innerText(),
    /^Recorded on an earlier visit: your prediction, [a-c]\)/,
  );
  // The letter is the one beside the right option, in the order this learner sees.
  const checked = await frame.locator('input[type=radio]:checked').count();
  assert.equal(checked, 1);
  assert.equal(await choice(frame, 'swap-invariance', 'same').isChecked(), true);
  assert.deepEqual(await page.evaluate(() => window.results), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed.html across sites without a host helper works for the visit and says so once', async () => {
  const { page, problems } = await watchedPage(browser);
  const frameUrl = `${labUrl}/embed.html?exercise=conventions`;
  await page.goto(`${courseUrl}/?connect=never&frame=${encodeURIComponent(frameUrl)}`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await frame.locator('.storage-note').count(), 1);
  assert.match(await frame.locator('.storage-note').innerText(), VISIT_ONLY);
  await answerAndSeeRecorded(frame);
  assert.deepEqual(problems, []);
  await page.close();
});

test('<pe-exercise> in a cross-site frame starts, and renaming it away and back gives no second first record', async () => {
  const { page, problems, frame } = await framedPage(`${labUrl}/course/`, `${courseUrl}/static/`);
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await storageBlocked(frame), true);
  // A twin mounted now and taken out of the document before the record is made (to come back later).
  await frame.locator('body').evaluate(async () => {
    const away = document.createElement('pe-exercise');
    away.setAttribute('name', 'why-positional-encoding');
    const ready = new Promise((resolve) => away.addEventListener('pe-ready', resolve, { once: true }));
    document.body.append(away);
    await ready;
    away.remove();
    window.away = away;
  });
  const el = frame.locator('pe-exercise');
  await choice(el, 'why-positional-encoding', 'a').check();
  await el.getByRole('button', { name: /^Check\b/ }).click();
  const result = () => frame.locator('body').getAttribute('data-result');
  assert.equal(JSON.parse(await result()).exercise, 'why-positional-encoding');
  await frame.locator('body').evaluate((b) => {
    b.dataset.result = 'none';
    const e = document.querySelector('pe-exercise');
    e.setAttribute('name', 'conventions');
    return new Promise((resolve) =>
      e.addEventListener(
        'pe-ready',
        () => {
          e.setAttribute('name', 'why-positional-encoding');
          e.addEventListener('pe-ready', resolve, { once: true });
        },
        { once: true },
      ),
    );
  });
  assert.match(await el.locator('.attempt-status').innerText(), /^Recorded/);
  // A twin of the same exercise, mounted now, shows the record; one mounted before it was made is handed it.
  const twins = await frame.locator('body').evaluate(async () => {
    const later = document.createElement('pe-exercise');
    later.setAttribute('name', 'why-positional-encoding');
    const ready = new Promise((resolve) => later.addEventListener('pe-ready', resolve, { once: true }));
    document.body.append(later);
    await ready;
    const given = later.getAnswerGiven();
    later.remove();
    document.body.append(window.away); // back after the record was made: it shows that record
    const back = window.away.getAnswerGiven();
    window.away.remove();
    return given && back;
  });
  assert.equal(twins, true);
  await choice(el, 'why-positional-encoding', 'b').check();
  await el.getByRole('button', { name: /^Check\b/ }).click();
  assert.equal(await result(), 'none', 'the check after the rename is practice');
  assert.equal(await el.evaluate((e) => e.getAnswerGiven()), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson page in a cross-site frame mounts every exercise and keeps its progress for the visit', async () => {
  // Service workers allowed: a framed page still registers none (web/offline/register.js), and says so.
  const { page, problems, frame } = await framedPage(`${courseUrl}/`, `${labUrl}/lesson-2.html`, {
    serviceWorkers: 'allow',
  });
  const asked = [];
  page.on('request', (r) => /\/sw\.js$/.test(r.url()) && asked.push(r.url()));
  await frame.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
  await frame.locator('html[data-offline=framed]').waitFor();
  assert.deepEqual(asked, [], 'no service worker fetched');
  assert.equal(await storageBlocked(frame), true);
  assert.equal(await frame.locator('section[data-exercise][data-mounted=true]').count(), lessonTotal('in-practice'));
  assert.equal(await frame.locator('.error').count(), 0);
  assert.equal(await frame.locator('.storage-note').count(), 1);
  assert.match(await frame.locator('.storage-note').innerText(), VISIT_ONLY);
  const section = frame.locator('section[data-exercise="conventions"]');
  await choice(section, 'conventions', 'halves').check();
  await section.getByRole('button', { name: /^Check\b/ }).click();
  await frame.locator('.progress-text', { hasText: /1 answered/ }).waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});

test('a core that cannot load is named with its URL and a retry, in embed.html, <pe-exercise> and the lesson', async () => {
  for (const [what, url] of [
    ['embed', `${labUrl}/embed.html?exercise=conventions`],
    ['component', `${courseUrl}/static/`],
    ['lesson', `${labUrl}/lesson-1.html`],
  ]) {
    const { page } = await watchedPage(browser);
    let broken = true;
    await page.route('**/*.wasm', (route) =>
      broken ? route.fulfill({ status: 404, body: 'not found' }) : route.continue(),
    );
    await page.goto(url);
    const alert = page.locator('.load-failure');
    await alert.waitFor({ timeout: 10000 });
    const text = await alert.innerText();
    assert.match(
      text,
      /^The WebAssembly core could not start: the browser could not fetch or compile it \(HTTP 404[^)]*\) at http:\/\/\S+\.wasm/,
      `${what}: ${text}`,
    );
    assert.match(text, /locateFile/, what);
    assert.doesNotMatch(text, /^Aborted/m, what);
    broken = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    if (what === 'component') await page.waitForFunction(() => document.querySelector('pe-exercise').ready);
    else await page.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
    assert.equal(await page.locator('.load-failure').count(), 0, what);
    await page.close();
  }
});

test('a SCORM launch page served from another site than the LMS starts, grades, and keeps its record for the visit', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${courseUrl}/lms/`);
  await page.locator('body[data-ready=true]').waitFor();
  await page.evaluate((url) => window.lms.launch('2004', url), `${labUrl}/sco/platforms/exercise.html`);
  const frame = page.frameLocator('#sco');
  await frame.locator('body[data-ready=true]').waitFor();
  assert.equal(await storageBlocked(frame), true);
  assert.equal(await page.evaluate(() => window.lms.initialized()), false, 'the LMS API is out of reach across sites');
  assert.match(await frame.locator('.storage-note').innerText(), VISIT_ONLY);
  await answerAndSeeRecorded(frame);
  assert.deepEqual(problems, []);
  await page.close();
});
