// Every learner, beyond what axe checks: a phone with touch, the keyboard alone, forced colours, and
// names that tell the page's many buttons apart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, watchedPage, lessonOf, lessonUrl, accessible } from './browser.mjs';
import { LESSONS } from '../../web/course/outline.js';

// A plot's summary sentence (web/widgets/describe.js): a curve's range and highest point, a matrix's extremes.
const DESCRIBED = /(from -?[\d.]+ to -?[\d.]+\. .*highest|\d+ × \d+ \(.* by .*\): smallest .* largest )/;

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

// Lesson `lesson`'s page (web/course/outline.js), mounted.
async function ready(options, lesson = 'sinusoid') {
  const { page, problems } = await watchedPage(lab.browser, options);
  await page.goto(lessonUrl(lab.url, lesson));
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  return { page, problems };
}

test('on a phone, a tap on the heatmap reads the tapped cell, not cell (0, 0), and magnifies it with its neighbours', async () => {
  const { page, problems } = await ready({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const canvas = page.locator('#explorer canvas:not(.loupe)');
  const loupe = page.locator('#explorer canvas.loupe');
  await canvas.scrollIntoViewIfNeeded();
  assert.equal(await loupe.isVisible(), false, 'no loupe before a tap');
  const box = await canvas.boundingBox();
  // The colour at a point inside one cell (its 3 × 3 neighbourhood alike), read before the tap outlines it.
  const point = await canvas.evaluate(
    (c, { x, y }) => {
      const ctx = c.getContext('2d'),
        r = c.getBoundingClientRect(),
        k = c.width / r.width;
      const at = (px, py) => [
        ...ctx.getImageData(Math.round((px - r.left) * k), Math.round((py - r.top) * k), 1, 1).data,
      ];
      for (let dx = 0; dx < 20; dx++) {
        const px = x + dx,
          seen = new Set();
        for (const [ox, oy] of [
          [-1, -1],
          [0, -1],
          [1, -1],
          [-1, 0],
          [0, 0],
          [1, 0],
          [-1, 1],
          [0, 1],
          [1, 1],
        ])
          seen.add(String(at(px + ox, y + oy)));
        if (seen.size === 1) return { x: px, y, colour: at(px, y) };
      }
      return null;
    },
    { x: box.x + box.width * 0.7, y: box.y + box.height * 0.6 },
  );
  assert.ok(point, 'a point inside one cell');
  const figureHeight = () => page.locator('#explorer figure.heatmap').evaluate((f) => f.offsetHeight);
  const before = await figureHeight();
  await page.touchscreen.tap(point.x, point.y);
  const text = await page.locator('#explorer .readout').innerText();
  assert.match(text, /^Position \d+, dimension \d+/);
  assert.ok(!/^Position 0, dimension 0 /.test(text), text);
  // The loupe: 7 × 7 cells of 16 px, the tapped one in the middle, in the colour it has on the map.
  assert.equal(await loupe.isVisible(), true, 'the loupe shows after a tap');
  const seen = await loupe.evaluate((c) => {
    const r = c.getBoundingClientRect(),
      k = c.width / r.width;
    const middle = [
      ...c.getContext('2d').getImageData(Math.round((r.width / 2) * k), Math.round((r.height / 2) * k), 1, 1).data,
    ];
    return { width: r.width, height: r.height, middle };
  });
  assert.ok(seen.width >= 7 * 16 && seen.height >= 7 * 16, `loupe ${seen.width} × ${seen.height} px`);
  assert.deepEqual(seen.middle, point.colour);
  // Over the map, on the screen where the finger is, and taking no room: nothing under the map moves.
  const lens = await page.locator('#explorer .lens').boundingBox();
  assert.ok(lens.y >= box.y && lens.y + lens.height <= box.y + box.height, 'the lens lies over the map');
  assert.ok(lens.y >= 0 && lens.y + lens.height <= 740, `the lens on screen (${lens.y}–${lens.y + lens.height})`);
  assert.equal(await figureHeight(), before, 'the figure keeps its height');
  assert.equal(await page.locator('#explorer .lens').innerText(), text, 'the lens repeats the readout');
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a 360 px phone every drawn label is 12 px or more, no two labels of a drawing overlap, no select cuts its choice; every plot and map describes what it shows', async () => {
  let labels = 0;
  for (const lesson of LESSONS) {
    const { page, problems } = await ready(
      { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
      lesson.id,
    );
    const found = await page.evaluate(() => {
      const small = [],
        overlaps = [],
        cut = [];
      let count = 0;
      for (const drawing of document.querySelectorAll('svg')) {
        const where = drawing.closest('[data-exercise]')?.dataset.exercise ?? drawing.closest('[id]')?.id;
        const scale = drawing.getBoundingClientRect().width / (drawing.viewBox.baseVal?.width || 1);
        const texts = [...drawing.querySelectorAll('text')].filter((t) => t.checkVisibility() && t.textContent.trim());
        for (const t of texts) {
          const px = parseFloat(getComputedStyle(t).fontSize) * scale;
          if (px < 12) small.push(`${where}: “${t.textContent}” ${px.toFixed(1)} px`);
        }
        const boxes = texts.map((t) => [t.textContent.trim(), t.getBoundingClientRect()]);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i][1], boxes[j][1]];
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left),
              y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 1 && y > 1) overlaps.push(`${where}: “${boxes[i][0]}” over “${boxes[j][0]}”`);
          }
        count += texts.length;
      }
      // A select as wide as its chosen option needs (its text plus the arrow), measured in its own font.
      const context = document.createElement('canvas').getContext('2d');
      for (const select of document.querySelectorAll('select')) {
        if (!select.checkVisibility()) continue;
        const style = getComputedStyle(select);
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const text = select.options[select.selectedIndex].text;
        if (context.measureText(text).width + 28 > select.clientWidth) cut.push(`${text} in ${select.clientWidth} px`);
      }
      return { small, overlaps, cut, count };
    });
    // Every plot and heatmap with data is described, in the accessibility tree, by a sentence the page
    // computed from it.
    const undescribed = (await accessible(page, 'svg.lineplot[tabindex], .heatmap canvas'))
      .filter(({ description }) => !DESCRIBED.test(description))
      .map(({ name }) => name);
    assert.deepEqual(undescribed, [], lesson.id);
    assert.deepEqual(found.small, [], lesson.id);
    assert.deepEqual(found.overlaps, [], lesson.id);
    assert.deepEqual(found.cut, [], lesson.id);
    labels += found.count;
    assert.deepEqual(problems, []);
    await page.close();
  }
  assert.ok(labels >= 40, `${labels} labels measured`);
});

test('a heatmap’s data table moves its window to any row and column, and its CSV holds the whole matrix', async () => {
  const { page, problems } = await ready({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const explorer = page.locator('#explorer');
  await explorer.locator('details.data-table summary').click();
  const from = explorer.getByLabel(/^From position/);
  await from.fill('100');
  await from.press('Enter');
  await explorer.getByLabel(/^From dimension/).fill('40');
  await explorer.getByLabel(/^From dimension/).press('Enter');
  const table = explorer.locator('table.matrix');
  assert.match(await table.locator('caption').innerText(), /position 100–123 of 0–127, dimension 40–63 of 0–63/);
  const shown = await table.evaluate((t) => ({
    row: t.tBodies[0].rows[0].cells[0].textContent,
    column: t.tHead.rows[0].cells[1].textContent,
    value: Number(t.tBodies[0].rows[0].cells[1].textContent),
  }));
  assert.deepEqual([shown.row, shown.column], ['100', '40']);
  const [download] = await Promise.all([page.waitForEvent('download'), explorer.locator('a.download').click()]);
  // (read as a stream: a browser the file is connected to, not one it launched, keeps no local path)
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
  assert.equal(lines.length, 1 + 128); // the header, then every position
  assert.equal(lines[0].split(',').length, 1 + 64);
  const row = lines[101].split(',').map(Number);
  assert.equal(row[0], 100);
  assert.ok(Math.abs(row[1 + 40] - shown.value) <= 5e-5, `${row[41]} vs ${shown.value}`); // the table shows 4 decimals
  assert.ok(Math.abs(row[1 + 40] - Math.sin(100 / 10000 ** (40 / 64))) < 1e-5); // pair 20's sine at position 100
  // A redraw (a slider moved) does not take the focus from a learner inside the table; the table catches up
  // once the focus leaves it, and the window asked for is kept.
  const link = explorer.locator('a.download');
  await link.focus();
  await explorer.getByLabel('dModel', { exact: true }).evaluate((s) => {
    s.value = String(Number(s.value) + 2);
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  assert.ok(await link.evaluate((a) => a === document.activeElement), 'focus kept on the link');
  await from.focus();
  assert.match(await table.locator('caption').innerText(), /dimension 40–63 of 0–65/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the keyboard alone: a skip link first, and no focused control hidden behind anything, forwards or back', async () => {
  const { page, problems } = await ready({ viewport: { width: 1000, height: 700 } });
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link');
  // Is the focused element the topmost thing at its own centre (nothing sticky or fixed over it)?
  const obscured = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return null;
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      return top === el || el.contains(top) || top?.contains(el)
        ? null
        : `${el.tagName} ${el.textContent.slice(0, 30)}`;
    });
  const hidden = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const o = await obscured();
    if (o) hidden.push(o);
  }
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Shift+Tab');
    const o = await obscured();
    if (o) hidden.push(`back: ${o}`);
  }
  assert.deepEqual(hidden, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a contents list reaches every exercise in one step, and the lesson’s end leads back to it, open', async () => {
  const { page } = await ready({ viewport: { width: 1000, height: 700 } });
  const links = await page.locator('nav.contents a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const ids = await page.locator('section[data-exercise] h2').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
  assert.deepEqual(links, ids);
  // A contents entry takes focus to its exercise's heading.
  await page.locator('nav.contents details summary').click();
  await page.locator('nav.contents a').nth(2).click();
  await page.waitForFunction((id) => `#${document.activeElement?.id}` === id, ids[2]);
  await page.locator('nav.contents details summary').click(); // closed again, as the test found it
  const back = page.getByRole('link', { name: 'Back to the contents' });
  await back.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => location.hash), '#contents');
  assert.ok(await page.locator('nav.contents details').evaluate((d) => d.open));
  // Focus is on the list itself (a screen reader says where the link went), not left on the page's body.
  await page.waitForFunction(() => document.activeElement?.id === 'contents');
  await page.keyboard.press('Tab'); // focus continues from the list: its summary, then its first entry
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), links[0]);
  await page.close();
});

test('forced colours keep the colour legend and the plot swatches, and plot series differ by dash too', async () => {
  const { page } = await ready({ viewport: { width: 1000, height: 700 } });
  await page.emulateMedia({ forcedColors: 'active' });
  const legend = await page.locator('#explorer .legend-bar').evaluate((el) => getComputedStyle(el).forcedColorAdjust);
  assert.equal(legend, 'none');
  const dashes = await page
    .locator('section[data-exercise="frequency-structure"] svg.lineplot path.series')
    .evaluateAll((ps) => ps.map((p) => getComputedStyle(p).strokeDasharray));
  assert.equal(new Set(dashes).size, dashes.length, `dash patterns: ${dashes}`);
  await page.close();
});

test('the many Check and Show solution buttons have names that say which exercise they belong to', async () => {
  let count = 0;
  for (const lesson of LESSONS) {
    const { page } = await ready({ viewport: { width: 1000, height: 700 } }, lesson.id);
    const names = await page
      .locator('section[data-exercise] button')
      .evaluateAll((bs) =>
        bs.filter((b) => /^(Check|Show solution)$/.test(b.textContent.trim())).map((b) => b.getAttribute('aria-label')),
      );
    assert.ok(
      names.every((n) => n && /^(Check|Show solution): ./.test(n)),
      names.join(' | '),
    );
    assert.equal(new Set(names).size, names.length, `${lesson.id}: two buttons share a name`);
    count += names.length;
    await page.close();
  }
  assert.ok(count >= 30, `${count} buttons`);
});

test('one announcement per slider step, on every slider of every lesson: its own value; a long sentence only once the learner stops', async () => {
  // The sentences clock-hands' and rope's first demos state once the learner stops.
  const settled = { 'clock-hands': /^From position 4 to 5:/, rope: /^Both positions moved by/ };
  let sliders = 0;
  for (const lesson of LESSONS) {
    const { page, problems } = await ready({ viewport: { width: 1280, height: 900 } }, lesson.id);
    // Every <output> repeats its slider's value: none may be a live region the reader hears.
    assert.deepEqual(await page.locator('output:not([aria-hidden=true])').count(), 0);
    // One step of each slider, and, in the same task (no timer can run), every live region it changed.
    const steps = await page.evaluate(() =>
      [...document.querySelectorAll('input[type=range]')].map((input) => {
        const observer = new MutationObserver(() => {});
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const step = Number(input.step || 1);
        input.value = String(Number(input.value) + (Number(input.value) + step > Number(input.max) ? -step : step));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const live = observer
          .takeRecords()
          .map((r) => (r.target.nodeType === 1 ? r.target : r.target.parentElement))
          .map((el) => el.closest('[role=status], [role=alert], [aria-live]:not([aria-live=off]), output'))
          .filter((el) => el && !el.closest('[aria-hidden=true]') && !el.closest('[hidden]'));
        observer.disconnect();
        return {
          slider: input.labels[0].textContent,
          spoke: [...new Set(live)].map((el) => el.outerHTML.slice(0, 100)),
        };
      }),
    );
    for (const { slider, spoke } of steps) assert.deepEqual(spoke, [], `${lesson.id}, ${slider}: a live region spoke`);
    sliders += steps.length;
    // Once the learner stops, the sentence is announced, once, from its one live copy.
    for (const [id, words] of Object.entries(settled).filter(([id]) => lessonOf(id).id === lesson.id)) {
      const spoken = page.locator(`section[data-exercise="${id}"] p.visually-hidden[role=status]`);
      await spoken.filter({ hasText: words }).waitFor({ state: 'attached' });
      assert.equal(await spoken.count(), 1, id);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
  assert.ok(sliders >= 5, `${sliders} sliders`);
});

test('a plot says where it shows its exercise’s answer only once the question is answered', async () => {
  // Each exercise whose plot stands before its question; the plot's description is what a screen reader hears.
  for (const id of ['frequency-structure', 'precision', 'alibi']) {
    const { page, problems } = await ready({ viewport: { width: 1100, height: 900 } }, lessonOf(id).id);
    const section = page.locator(`section[data-exercise="${id}"]`);
    const description = async () =>
      (await accessible(page, `section[data-exercise="${id}"] svg.lineplot`)).map((s) => s.description).join(' ');
    assert.doesNotMatch(await description(), /For the question/, `${id} before an answer`);
    await section.getByRole('button', { name: /^Show solution/ }).click();
    const said = await description();
    assert.match(said, /For the question: .*\d/, `${id} after the solution`);
    assert.equal(
      await section.locator('figure.plot .plot-answer').isVisible(),
      true,
      `${id}: the sentence is on the page too`,
    );
    assert.deepEqual(problems, []);
    await page.close();
  }
});
