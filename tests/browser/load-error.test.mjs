// In the browser, a .wasm that cannot be fetched or compiled rejects createLab() with a LabLoadError:
// the absolute URL that failed, why (the HTTP status, or the compiler's words), and what to do, never
// Emscripten's bare "Aborted(…)" alone. The pages show this error (tests/js/loader.test.mjs covers Node).
// A .wasm served as another type loads all the same, later, and the console says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openLab } from './browser.mjs';

test('createLab rejects with a LabLoadError naming the URL: a missing file (HTTP 404), a page that is not wasm', async () => {
  const lab = await openLab();
  try {
    const page = await (await lab.browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(lab.url);
    const answers = await page.evaluate(async () => {
      const { createLab } = await import('/dist/index.js');
      const failure = (locateFile) =>
        createLab({ locateFile }).then(
          () => 'created',
          (e) => ({ name: e.name, url: e.url, hint: e.hint, message: e.message }),
        );
      return {
        missing: await failure(() => '/nowhere/pelab.wasm'),
        html: await failure(() => 'index.html'),
        fine: (await createLab()).build,
      };
    });
    const origin = new URL(lab.url).origin;
    assert.equal(answers.missing.name, 'LabLoadError');
    assert.equal(answers.missing.url, `${origin}/nowhere/pelab.wasm`);
    assert.match(answers.missing.message, /could not fetch or compile the WebAssembly core \(HTTP 404/);
    assert.ok(answers.missing.message.includes(answers.missing.url));
    assert.match(answers.missing.hint, /locateFile/);
    assert.ok(answers.missing.message.endsWith(answers.missing.hint));
    assert.equal(answers.html.name, 'LabLoadError');
    assert.equal(answers.html.url, `${origin}/index.html`);
    assert.match(answers.html.message, /magic word/);
    assert.ok(['simd', 'scalar'].includes(answers.fine), 'a right load still works');
  } finally {
    await lab.close();
  }
});

test('a .wasm served as another type than application/wasm still loads, compiled once downloaded, and says so', async () => {
  const lab = await openLab();
  try {
    // (Chromium streams the bare type only: with a parameter it is another type.)
    for (const type of ['application/octet-stream', 'application/wasm; charset=utf-8']) {
      const page = await (await lab.browser.newContext({ serviceWorkers: 'block' })).newPage();
      const warnings = [];
      page.on('console', (m) => m.type() === 'warning' && m.text().startsWith('createLab') && warnings.push(m.text()));
      await page.route('**/*.wasm', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-type': type } });
      });
      await page.goto(lab.url);
      const build = await page.evaluate(async () => (await (await import('/dist/index.js')).createLab()).build);
      assert.ok(['simd', 'scalar'].includes(build));
      assert.equal(warnings.length, 1, warnings.join('\n'));
      const served = type.replace(/[/;]/g, (c) => `\\${c}`);
      assert.match(
        warnings[0],
        new RegExp(
          `^createLab: http://\\S+/dist/pelab(-scalar)?\\.wasm is served as ${served}, not application/wasm: compiled once downloaded`,
        ),
      );
      await page.close();
    }
  } finally {
    await lab.close();
  }
});
