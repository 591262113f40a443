// What a lesson page downloads before the learner acts (page-bytes.mjs counts it; the benchmark reports every
// page's figures): no formula typesetter among it, since the formulas arrive as MathML written at build time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, lessonUrl } from './browser.mjs';
import { pageBytes } from './page-bytes.mjs';
import { LESSONS } from '../../web/course/outline.js';

let lab;
before(async () => {
  lab = await openLab();
});
after(async () => {
  await lab.close();
});

for (const lesson of LESSONS)
  test(`lesson “${lesson.id}” downloads no KaTeX: no script, style or font of it`, async () => {
    const { files, bytes } = await pageBytes(lab.browser, lessonUrl(lab.url, lesson.id));
    assert.ok(
      files.some((f) => f.type.startsWith('application/wasm')),
      'the core is among the files',
    );
    const katex = files.filter((f) => /katex/i.test(f.url) || (!f.type.includes('wasm') && /katex/i.test(f.body)));
    assert.deepEqual(
      katex.map((f) => f.url),
      [],
    );
    assert.ok(bytes > 0);
  });
