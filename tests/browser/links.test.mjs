// A link carries the explorer's settings and the demos' (web/widgets/link-state.js): opened, the page shows
// them, computed by the core; bad values are ignored and said; the address follows the controls, and "Copy
// link" copies it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createLab } from 'positional-encoding-lab';
import { openLab, watchedPage, lessonUrl } from './browser.mjs';
import { ARMS, MODEL } from '../../web/exercises/train-arms.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(() => lab.close());

// A lesson page opened at `query` (its ?… and #…), once every exercise has mounted.
async function openLesson(lesson, query, options = {}) {
  const { page, problems } = await watchedPage(lab.browser, options);
  await page.goto(`${lessonUrl(lab.url, lesson)}${query}`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  return { page, problems };
}

// Lesson 1 at `query`, with the explorer's settings as the page holds them.
async function open(query, options = {}) {
  const { page, problems } = await openLesson('sinusoid', query, options);
  const settings = () =>
    page.evaluate(() => {
      const { inputs, map } = window.pelab.explorer;
      return { ...Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value])), rows: map.rows };
    });
  return { page, problems, settings };
}

test('a link opens the explorer at its settings, the table the core computes for them', async () => {
  const { page, problems, settings } = await open('?positions=256&dModel=128&base=500&variant=halves#explorer');
  assert.deepEqual(await settings(), { positions: '256', dModel: '128', base: '500', variant: 'halves', rows: 256 });
  const same = await page.evaluate(() => {
    const { lab, explorer } = window.pelab;
    const table = lab.sinusoidal({ positions: 256, dModel: 128, base: 500, variant: 'halves' });
    return explorer.map.data.every((v, i) => v === table[i]);
  });
  assert.equal(same, true);
  assert.equal(await page.locator('#explorer output[for=positions]').innerText(), '256', 'the shown value follows');
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad values in a link are ignored and said, and the page works with the rest', async () => {
  const { page, problems, settings } = await open('?positions=abc&dModel=3&base=1e12&variant=evil&seed=2');
  assert.deepEqual(await settings(), { positions: '128', dModel: '64', base: '10000', variant: 'paper', rows: 128 });
  assert.equal(
    await page.locator('#explorer .status').innerText(),
    'The table is computed by the WebAssembly core on every change. Ignored from the link: positions=abc ' +
      '(positions must be a number from 1 to 1024 in steps of 1); dModel=3 (dModel must be a number from 2 to ' +
      '512 in steps of 2); base=1e12 (base must be a number from 2 to 1000000000); variant=evil (variant must ' +
      'be one of paper, halves, tensor2tensor).',
  );
  // The address now holds what is shown; parameters the explorer does not own are kept.
  const query = new URL(page.url()).searchParams;
  assert.deepEqual(
    ['positions', 'dModel', 'base', 'variant', 'seed'].map((k) => query.get(k)),
    ['128', '64', '10000', 'paper', '2'],
  );
  await page.locator('#dModel').fill('32');
  assert.equal((await settings()).dModel, '32');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the address follows the controls, keeping its other parts, and Copy link copies it', async () => {
  const { page, problems } = await open('?from=course#explorer', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await page.locator('#positions').fill('300');
  await page.locator('#variant').selectOption('tensor2tensor');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('variant') === 'tensor2tensor');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('positions'), '300');
  assert.equal(url.searchParams.get('from'), 'course');
  assert.equal(url.hash, '#explorer');
  await page.getByRole('button', { name: 'Copy link', exact: true }).click(); // the explorer's (each exercise's is named)
  await page.locator('#explorer .status', { hasText: 'Link to these settings copied.' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link names relative-offset’s offset: the blocks shown are M₇’s, and the address follows the slider', async () => {
  const { page, problems } = await openLesson('sinusoid', '?offset=7&from=course#relative-offset');
  const s = page.locator('section[data-exercise="relative-offset"]');
  assert.equal(await s.locator('input[type=range]').inputValue(), '7');
  assert.match(
    await s
      .locator('table caption')
      .first()
      .evaluate((c) => c.textContent),
    /^The blocks of M₇,/,
  );
  await s.getByRole('button', { name: /^Show solution/ }).click(); // the slider is under the question
  await s.locator('input[type=range]').fill('9');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('offset') === '9');
  assert.equal(new URL(page.url()).searchParams.get('from'), 'course');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link names train-it’s seed and model: the first trainers are that seed’s; bad values are said', async () => {
  const { page, problems } = await openLesson('beyond-absolute', '?seed=5&arm=rope#train-it');
  const s = page.locator('section[data-exercise="train-it"]');
  assert.equal(await s.getByLabel('Seed').inputValue(), '5');
  assert.equal(await s.getByLabel('Model', { exact: true }).inputValue(), 'rope');
  await s.getByRole('button', { name: /^Show solution/ }).click();
  await page.waitForFunction(() => document.querySelector('.train-lab')?.dataset.state === 'idle', null, {
    timeout: 30000,
  });
  await s.getByRole('button', { name: /^Step/ }).click();
  await page.waitForFunction(() => document.querySelector('.train-lab')?.dataset.step === '20', null, {
    timeout: 30000,
  });
  const shown = Number(await s.locator('tr[data-arm="sinusoidal"]').getAttribute('data-loss'));
  const nodeLab = await createLab();
  const arm = ARMS.find((a) => a.id === 'sinusoidal');
  const run = nodeLab.trainer({ ...MODEL, ...arm.options, seed: 5 });
  assert.equal(shown, run.step(20).loss, 'the sinusoidal arm at step 20 is seed 5’s');
  run.delete();
  await page.goto(`${lessonUrl(lab.url, 'beyond-absolute')}?seed=-3&arm=evil#train-it`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  assert.equal(await s.getByLabel('Seed').inputValue(), '1');
  assert.match(
    await s.locator('.link-note').innerText(),
    /^Ignored from the link: seed=-3 \(seed must be a number from 0 to 4294967295 in steps of 1\); arm=evil \(arm must be one of none, /,
  );
  assert.deepEqual(problems, []);
  await page.close();
});
