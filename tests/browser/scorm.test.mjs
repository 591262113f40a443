// The SCORM packages (dist/packages/*-scorm12.zip, *-scorm2004.zip, made by scripts/package.mjs) in a test
// LMS: scorm-again's runtime on the LMS's page (tests/browser/fixtures/lms), each package unzipped into a
// folder the LMS serves, as an LMS does, on an origin other than the lab's. The test answers exercises in
// the launched page and reads the runtime's CMI: score, statuses, interactions, suspend data, session
// time; a relaunch with the suspend data and cmi.entry 'resume' restores the records.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { watchedPage, lessonOf, lessonTotal, choice, launchChromium } from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';
import { exercises, maxScores } from '../../web/exercises/index.js';

const path = (p) => fileURLToPath(new URL(p, import.meta.url));
const PACKAGES = path('../../dist/packages');
const PROGRESS_KEY = 'pelab:progress:v2'; // web/progress.js's key ({version: 2, records}), in the suspend data
let browser, lms, lmsUrl, content;

before(async () => {
  content = mkdtempSync(join(tmpdir(), 'pelab-scorm-'));
  browser = await launchChromium();
  lms = await startServer({
    port: 0,
    mounts: [
      ['/scorm-again/', path('../../node_modules/scorm-again/dist')],
      ['/content/', content],
      ['/', path('fixtures/lms')],
    ],
  });
  lmsUrl = `http://127.0.0.1:${lms.address().port}`;
});
after(async () => {
  await browser?.close();
  lms?.close();
  rmSync(content, { recursive: true, force: true });
});

/** Unzips a package into the LMS's content folder; answers its URL there (the folder, with a slash). */
function unpack(name) {
  const folder = join(content, name);
  if (!existsSync(folder)) execFileSync('unzip', ['-q', join(PACKAGES, `${name}.zip`), '-d', folder]);
  return `${lmsUrl}/content/${name}/`;
}
/** The launch page's path, from the package's own manifest (the SCO resource's href). */
async function launchHref(page, name) {
  const xml = execFileSync('unzip', ['-p', join(PACKAGES, `${name}.zip`), 'imsmanifest.xml'], { encoding: 'utf8' });
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return [...doc.getElementsByTagName('resource')][0].getAttribute('href');
  }, xml);
}

async function launch(page, version, name, kept = null) {
  const url = unpack(name) + (await launchHref(page, name));
  await page.evaluate(({ version, url, kept }) => window.lms.launch(version, url, kept), { version, url, kept });
  const frame = page.frameLocator('#sco');
  await frame.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
  assert.equal(await page.evaluate(() => window.lms.initialized()), true, 'the page found the API and initialized');
  return frame;
}
async function lmsPage() {
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${lmsUrl}/`);
  await page.waitForSelector('body[data-ready=true]');
  return { page, problems };
}
const cmi = (page) => page.evaluate(() => window.lms.cmi());
const interactionsOf = (data) => Object.values(data.interactions?.childArray ?? data.interactions ?? {});

// Answers inside a launched page (the lesson or one exercise).
const section = (frame, id) => frame.locator(`section[data-exercise="${id}"]`);
async function choose(frame, id, optionId) {
  await choice(section(frame, id), id, optionId).check();
  await section(frame, id)
    .getByRole('button', { name: /^(Check|Record my prediction)\b/ })
    .click();
}
const rightOption = (id) => exercises.find((e) => e.id === id).questions[0].options.find((o) => o.correct).id;
const wrongOption = (id) => exercises.find((e) => e.id === id).questions[0].options.find((o) => !o.correct).id;
// How each version names an option: 2004 its id, 1.2 (single characters only) its letter in data order.
const reported = (version, id, option) =>
  version === '1.2'
    ? String.fromCharCode(
        97 + exercises.find((e) => e.id === id).questions[0].options.findIndex((o) => o.id === option),
      )
    : option;

for (const version of ['1.2', '2004']) {
  const name = `pelab-lesson-sinusoid-scorm${version.replace('.', '')}`;
  test(`SCORM ${version}, lesson 1: records, score, statuses, interactions, suspend data; relaunch`, async () => {
    const { page, problems } = await lmsPage();
    let frame = await launch(page, version, name);
    await frame.locator('body[data-ready=true]').waitFor();
    // The total the page reports against: every exercise's maxScore, from the mounted lesson.
    const maxPoints = await frame
      .locator('body')
      .evaluate(() => Object.values(window.pelab.lesson.controllers).reduce((s, c) => s + c.getMaxScore(), 0));
    // (a prediction is worth 0: swap-invariance is lesson 1's)
    const lessonPoints = lessonOf('sinusoid').exercises.reduce((sum, id) => sum + maxScores().get(id), 0);
    assert.ok(maxPoints >= lessonPoints, `maxPoints ${maxPoints}`);
    assert.equal(await frame.getByRole('button', { name: 'Reset progress' }).count(), 0, 'no reset under an LMS');

    await choose(frame, 'swap-invariance', rightOption('swap-invariance')); // a prediction: not graded
    await choose(frame, 'position-in-embeddings', rightOption('position-in-embeddings')); // right at the first attempt
    await choose(frame, 'why-positional-encoding', wrongOption('why-positional-encoding')); // wrong first…
    await choose(frame, 'why-positional-encoding', rightOption('why-positional-encoding')); // …then practice
    await section(frame, 'mask-order')
      .getByRole('button', { name: /^Show solution\b/ })
      .click(); // 0, not correct

    const data = await cmi(page);
    const interactions = interactionsOf(data);
    assert.equal(interactions.length, 4, 'one interaction per record; practice is not reported');
    const [swap, position, why, mask] = interactions;
    const response = version === '1.2' ? 'student_response' : 'learner_response';
    assert.equal(swap.id, 'swap-invariance');
    assert.equal(swap.type, 'choice');
    assert.equal(
      swap[response],
      reported(version, 'swap-invariance', rightOption('swap-invariance')),
      'the option predicted, whatever letter the learner saw',
    );
    assert.equal(swap.result, 'neutral', 'a prediction is neither right nor wrong');
    assert.equal(Number(swap.weighting), 0);
    assert.equal(position.id, 'position-in-embeddings');
    assert.equal(
      position[response],
      reported(version, 'position-in-embeddings', rightOption('position-in-embeddings')),
      'the option, whatever letter the learner saw',
    );
    assert.equal(position.result, 'correct');
    assert.equal(why.id, 'why-positional-encoding');
    assert.equal(
      why[response],
      reported(version, 'why-positional-encoding', wrongOption('why-positional-encoding')),
      'the first answer is the record',
    );
    assert.equal(why.result, version === '1.2' ? 'wrong' : 'incorrect');
    assert.equal(mask.id, 'mask-order');
    assert.equal(mask[response], '', 'solution viewed: no response');
    assert.equal(mask.result, version === '1.2' ? 'wrong' : 'incorrect');

    const percent = Math.round((1 / maxPoints) * 10000) / 100;
    const score = version === '1.2' ? data.core.score : data.score;
    assert.equal(Number(score.raw), percent);
    assert.equal(Number(score.min), 0);
    assert.equal(Number(score.max), 100);
    if (version === '1.2') {
      assert.equal(data.core.lesson_status, 'incomplete');
      assert.match(data.core.session_time ?? '', /^$|^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    } else {
      assert.ok(Math.abs(Number(score.scaled) - 1 / maxPoints) < 1e-4, `scaled ${score.scaled}`);
      assert.equal(data.completion_status, 'incomplete');
      assert.equal(data.success_status, 'unknown');
    }
    const suspended = JSON.parse(data.suspend_data);
    const progress = JSON.parse(suspended[PROGRESS_KEY]).records;
    assert.deepEqual(Object.keys(progress).sort(), [
      'mask-order',
      'position-in-embeddings',
      'swap-invariance',
      'why-positional-encoding',
    ]);
    assert.equal(progress['swap-invariance'].correct, false, 'a prediction is never right');
    assert.match(progress['swap-invariance'].prediction, /^[a-z]\)$/);
    assert.equal(progress['position-in-embeddings'].correct, true);
    assert.equal(progress['mask-order'].solutionViewed, true);

    // The learner leaves: the page sets the session time, commits and terminates.
    await page.evaluate(() => window.lms.close());
    assert.equal(await page.evaluate(() => window.lms.terminated()), true);
    const closed = await cmi(page);
    const time = version === '1.2' ? closed.core.session_time : closed.session_time;
    assert.match(time, version === '1.2' ? /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/ : /^PT\d+H\d+M[\d.]+S$/);
    assert.equal(version === '1.2' ? closed.core.exit : closed.exit, 'suspend');

    // Relaunch: the LMS hands back the suspend data; the records are restored and later checks are practice.
    frame = await launch(page, version, name, closed.suspend_data);
    await section(frame, 'swap-invariance')
      .getByText(/^Recorded on an earlier visit/)
      .waitFor();
    await choose(frame, 'why-positional-encoding', rightOption('why-positional-encoding'));
    const again = await cmi(page);
    assert.equal(interactionsOf(again).length, 0, 'nothing new is recorded after a relaunch');
    assert.equal(Number((version === '1.2' ? again.core.score : again.score).raw), percent);
    assert.equal(
      JSON.parse(JSON.parse(again.suspend_data)[PROGRESS_KEY]).records['why-positional-encoding'].correct,
      false,
    );
    await page.evaluate(() => window.lms.close());
    assert.deepEqual(await page.evaluate(() => window.lms.errors), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// One exercise per package: each kind of interaction the lesson has, in one version or the other.
const SINGLE = [
  {
    version: '1.2',
    id: 'swap-invariance',
    answer: (frame) => choose(frame, 'swap-invariance', rightOption('swap-invariance')),
    // A prediction only: an interaction without a score, and the package completed, never a score out of 0.
    expect: {
      type: 'choice',
      response: reported('1.2', 'swap-invariance', rightOption('swap-invariance')),
      result: 'neutral',
      raw: null,
    },
  },
  {
    version: '2004',
    id: 'attention-equation',
    async answer(frame) {
      const s = section(frame, 'attention-equation');
      for (const tile of ['softmax(', 'Q', 'Kᵀ', '/√dₖ', ')', 'V'])
        await s.getByRole('button', { name: `Add ${tile}`, exact: true }).click();
      await s.getByRole('button', { name: /^Check\b/ }).click();
    },
    expect: {
      type: 'sequencing',
      response: ['softmax%28', 'Q', 'K%E1%B5%80', '%2F%E2%88%9Ad%E2%82%96', '%29', 'V'].join('[,]'),
      result: 'correct',
      raw: 100,
    },
  },
  {
    version: '2004',
    id: 'norm-of-pe',
    async answer(frame) {
      const s = section(frame, 'norm-of-pe');
      await s.locator('input.number-answer').fill('-3');
      await s.getByRole('button', { name: /^Check\b/ }).click();
    },
    expect: { type: 'numeric', response: '-3', result: 'incorrect', raw: 0 },
  },
];
for (const { version, id, answer, expect } of SINGLE) {
  const verdict = expect.raw === null ? 'no score' : expect.raw ? 'passed' : 'failed';
  test(`SCORM ${version}, one exercise (${id}): ${expect.type}, completed, ${verdict}`, async () => {
    const { page, problems } = await lmsPage();
    const frame = await launch(page, version, `pelab-${id}-scorm${version.replace('.', '')}`);
    await answer(frame);
    await page.evaluate(() => window.lms.close());
    const data = await cmi(page);
    const [interaction, ...rest] = interactionsOf(data);
    assert.equal(rest.length, 0);
    assert.equal(interaction.id, id);
    assert.equal(interaction.type, expect.type);
    assert.equal(interaction[version === '1.2' ? 'student_response' : 'learner_response'], expect.response);
    assert.equal(interaction.result, expect.result);
    if (expect.raw === null) {
      assert.equal((version === '1.2' ? data.core.score : data.score).raw, '', 'no score out of 0');
      if (version === '1.2') assert.equal(data.core.lesson_status, 'completed');
      else assert.equal(data.success_status, 'unknown');
    } else if (version === '1.2') {
      assert.equal(Number(data.core.score.raw), expect.raw);
      assert.equal(data.core.lesson_status, expect.raw === 100 ? 'passed' : 'failed');
    } else {
      assert.equal(Number(data.score.raw), expect.raw);
      assert.equal(Number(data.score.scaled), expect.raw / 100);
      assert.equal(data.completion_status, 'completed');
      assert.equal(data.success_status, expect.raw === 100 ? 'passed' : 'failed');
    }
    assert.deepEqual(await page.evaluate(() => window.lms.errors), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// An LMS that misbehaves (tests/browser/fixtures/lms: the runtime behind an API that throws, refuses or is
// no API at all): the page still mounts and the learner works, and it never says "Recorded" for a record the
// LMS did not keep. (Every case in both versions, without a page, is tests/web/scorm.test.mjs.)
const MISBEHAVING = [
  [{ initialize: 'throws' }, 'unstarted'],
  [{ initialize: 'false' }, 'unstarted'],
  [{ api: 'proxy' }, 'unstarted'],
  [{ api: 'string' }, 'unstarted'],
  [{ getValue: 'throws' }, 'unkept'],
  [{ setValue: 'throws' }, 'unkept'],
  [{ setValue: 'false' }, 'unkept'],
  [{ commit: 'throws' }, 'unkept'],
  [{ commit: 'missing' }, 'unkept'],
  [{ count: '-3' }, 'unkept'],
];
for (const version of ['1.2', '2004']) {
  test(`SCORM ${version}, an LMS that throws or refuses: the page works and never claims the record`, async () => {
    const { page, problems } = await lmsPage();
    const name = `pelab-swap-invariance-scorm${version.replace('.', '')}`;
    const url = unpack(name) + (await launchHref(page, name));
    for (const [sabotage, outcome] of MISBEHAVING) {
      const what = `${JSON.stringify(sabotage)}`;
      await page.evaluate((a) => window.lms.launch(a.version, a.url, null, a.sabotage), { version, url, sabotage });
      const frame = page.frameLocator('#sco');
      await frame.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
      const alert = frame.locator('[role=alert]');
      if (outcome === 'unstarted')
        assert.match(await alert.innerText(), /^The course platform did not start a session \(/, what);
      else assert.equal(await alert.count(), 0, `${what}: the session started`);
      await choose(frame, 'swap-invariance', rightOption('swap-invariance'));
      const status = section(frame, 'swap-invariance').locator('.attempt-status');
      assert.match(
        await status.innerText(),
        /^The course platform did not keep this record: your prediction, [a-z]\) \(not graded\)\./,
        what,
      );
      assert.deepEqual(interactionsOf(await cmi(page)).slice(1), [], `${what}: at most the one interaction`);
      await page.evaluate(() => window.lms.close());
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('SCORM 2004, the whole course: each lesson is a SCO of its own, which reports that lesson alone', async () => {
  const { page, problems } = await lmsPage();
  const name = 'pelab-course-scorm2004';
  const xml = execFileSync('unzip', ['-p', join(PACKAGES, `${name}.zip`), 'imsmanifest.xml'], { encoding: 'utf8' });
  const hrefs = [...xml.matchAll(/<resource [^>]*href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(
    hrefs,
    LESSONS.map((l) => l.url),
  );
  await page.evaluate((url) => window.lms.launch('2004', url, null), unpack(name) + hrefs[2]);
  const frame = page.frameLocator('#sco');
  await frame.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
  const ids = await frame.locator('section[data-exercise]').evaluateAll((s) => s.map((x) => x.dataset.exercise));
  assert.deepEqual(ids, LESSONS[2].exercises);
  assert.equal(await frame.locator('.breadcrumb a').count(), 0, 'the LMS moves between lessons, not a link');
  await section(frame, 'rope')
    .getByRole('button', { name: /^Show solution\b/ })
    .click();
  const data = await cmi(page);
  assert.deepEqual(
    interactionsOf(data).map((i) => i.id),
    ['rope'],
  );
  assert.equal(Number(data.score.raw), 0);
  await page.evaluate(() => window.lms.close());
  assert.deepEqual(problems, []);
  await page.close();
});

test('SCORM 2004, a lesson: an LMS that will not start, or cannot commit, leaves every exercise working', async () => {
  const { page, problems } = await lmsPage();
  const name = 'pelab-lesson-sinusoid-scorm2004';
  const url = unpack(name) + (await launchHref(page, name));
  for (const sabotage of [{ initialize: 'throws' }, { commit: 'missing' }]) {
    const what = JSON.stringify(sabotage);
    await page.evaluate((a) => window.lms.launch('2004', a.url, null, a.sabotage), { url, sabotage });
    const frame = page.frameLocator('#sco');
    await frame.locator('body[data-ready=true]').waitFor({ timeout: 60000 });
    const mounted = await frame.locator('body').evaluate(() => Object.keys(window.pelab.lesson.controllers).length);
    assert.equal(mounted, lessonTotal('sinusoid'), what);
    assert.equal(await frame.locator('[role=alert]').count(), sabotage.initialize ? 1 : 0, what);
    await choose(frame, 'swap-invariance', rightOption('swap-invariance'));
    assert.match(
      await section(frame, 'swap-invariance').locator('.attempt-status').innerText(),
      /^The course platform did not keep this record/,
      what,
    );
    await page.evaluate(() => window.lms.close());
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('SCORM 2004: a record in the suspend data inflated to 1000 of 1000 is not restored, nor reported', async () => {
  const { page, problems } = await lmsPage();
  const lie = { answered: true, correct: true, score: 1000, maxScore: 1000, solutionViewed: false };
  // Under the one-page lesson's key, as a package of that version left it: migrated, then checked.
  const kept = JSON.stringify({ 'pelab:progress:v1': JSON.stringify({ 'mask-order': lie }) });
  const frame = await launch(page, '2004', 'pelab-mask-order-scorm2004', kept);
  assert.equal(await frame.getByText(/^Recorded on an earlier visit/).count(), 0);
  await page.evaluate(() => window.lms.close());
  const data = await cmi(page);
  assert.equal(Number(data.score.raw), 0, 'not 5000');
  assert.deepEqual([data.completion_status, data.success_status], ['incomplete', 'unknown'], 'not passed');
  assert.deepEqual(JSON.parse(JSON.parse(data.suspend_data)[PROGRESS_KEY]).records, {}, 'the lie is not kept');
  assert.deepEqual(problems, []);
  await page.close();
});

test('without an LMS the packaged page works alone (its progress in localStorage)', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.goto(unpack('pelab-swap-invariance-scorm2004') + 'platforms/exercise.html');
  await page.waitForSelector('body[data-ready=true]');
  await choose(page, 'swap-invariance', rightOption('swap-invariance'));
  await page.getByText(/^Recorded: your prediction, [a-z]\) \(not graded\)/).waitFor();
  await page.reload();
  await page.waitForSelector('body[data-ready=true]');
  await page.getByText(/^Recorded on an earlier visit/).waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});

test('every page a packaged lesson links to is in its package (the glossary, the course home)', async () => {
  // A learner in an LMS follows a glossary word ([[term]] in the lesson's text) or the breadcrumb: a 404 there
  // is a dead end inside the course.
  const { page } = await watchedPage(browser);
  const missing = [];
  for (const lesson of LESSONS) {
    const name = `pelab-lesson-${lesson.id}-scorm2004`;
    const base = unpack(name);
    await page.goto(base + lesson.url);
    await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
    const hrefs = await page.$$eval('a[href]', (links) => [...new Set(links.map((a) => a.getAttribute('href')))]);
    for (const href of new Set(hrefs.filter((h) => !/^(https?:|mailto:|#)/.test(h)).map((h) => h.split('#')[0])))
      if ((await page.request.get(new URL(href, base + lesson.url).href)).status() !== 200)
        missing.push(`${name}: ${href}`);
  }
  assert.deepEqual(missing, []);
  await page.close();
});

test('every package has a well-formed manifest of its version whose launch page and files are in the zip', async () => {
  const { page } = await lmsPage();
  const zips = readdirSync(PACKAGES).filter((f) => f.endsWith('.zip'));
  assert.equal(
    zips.length,
    2 * (exercises.length + LESSONS.length + 1),
    'the course, each lesson and every exercise, in both versions',
  );
  for (const zip of zips) {
    const listed = execFileSync('unzip', ['-Z1', join(PACKAGES, zip)], { encoding: 'utf8' }).split('\n');
    const xml = execFileSync('unzip', ['-p', join(PACKAGES, zip), 'imsmanifest.xml'], { encoding: 'utf8' });
    const version = zip.endsWith('-scorm12.zip') ? '1.2' : '2004';
    const m = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const all = (tag) => [...doc.getElementsByTagNameNS('*', tag)];
      const resource = all('resource')[0];
      const item = all('item')[0];
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        namespace: doc.documentElement.namespaceURI,
        schema: all('schema')[0]?.textContent,
        schemaversion: all('schemaversion')[0]?.textContent,
        defaultOrg: all('organizations')[0].getAttribute('default'),
        orgIds: all('organization').map((o) => o.getAttribute('identifier')),
        identifierref: item.getAttribute('identifierref'),
        resourceId: resource.getAttribute('identifier'),
        scormType: [...resource.attributes].find((a) => a.localName.toLowerCase() === 'scormtype')?.value,
        href: resource.getAttribute('href'),
        files: all('file').map((f) => f.getAttribute('href')),
        mastery: all(text.includes('masteryscore') ? 'masteryscore' : 'minNormalizedMeasure')[0]?.textContent,
      };
    }, xml);
    assert.equal(m.error, null, zip);
    assert.equal(
      m.namespace,
      version === '1.2' ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1',
    );
    assert.equal(m.schema, 'ADL SCORM');
    assert.equal(m.schemaversion, version === '1.2' ? '1.2' : '2004 4th Edition');
    assert.ok(m.orgIds.includes(m.defaultOrg), `${zip}: the default organization exists`);
    assert.equal(m.identifierref, m.resourceId, `${zip}: the item points at the resource`);
    assert.equal(m.scormType, 'sco');
    assert.ok(listed.includes(m.href), `${zip}: the launch page ${m.href} is in the zip`);
    for (const f of m.files) assert.ok(listed.includes(f), `${zip}: ${f} is in the zip`);
    assert.ok(m.mastery !== undefined, `${zip}: a passing score`);
    const launchPage = execFileSync('unzip', ['-p', join(PACKAGES, zip), m.href], { encoding: 'utf8' });
    assert.match(launchPage, new RegExp(`<meta name="pelab-lms" content="scorm-${version}"`));
    const id = zip.replace(/^pelab-/, '').replace(/-scorm(12|2004)\.zip$/, '');
    if (exercises.some((e) => e.id === id))
      assert.match(launchPage, new RegExp(`<meta name="pelab-exercise" content="${id}"`));
    else assert.doesNotMatch(launchPage, /pelab-exercise/, `${zip}: a lesson's page shows its lesson`);
  }
  await page.close();
});
