// Every page's download before the learner acts (tests/browser/page-bytes.mjs counts it): the course home, the
// three lessons, the glossary and an embedded exercise, uncompressed and gzip-compressed, against the
// performance issue's budget for lesson 1 (350 KB uncompressed); then, apart, what the service worker keeps of
// it for offline use (most of it already loaded, fetched again into the cache).
import { openLab } from '../browser/browser.mjs';
import { offlineBytes, pageBytes } from '../browser/page-bytes.mjs';
import { LESSONS } from '../../web/course/outline.js';

export const LESSON_1_BUDGET_KB = 350;
const PAGES = [
  ['index.html', {}], // ready once its lessons are listed in the learner's language
  ...LESSONS.map((l) => [l.url, {}]),
  // The same lessons in the other languages (the performance issue's budgets hold per language: #25).
  ...LESSONS.flatMap((l) => ['es', 'zh-CN'].map((lang) => [`${l.url}?lang=${lang}`, {}])),
  ['glossary.html', {}],
  ['embed.html?exercise=clock-hands', {}],
];

export async function pageByteFigures() {
  const lab = await openLab({ full: true }); // a learner's browser, as the benchmark's other pages
  try {
    const figures = [];
    for (const [path, options] of PAGES) {
      const { files, bytes, gzip } = await pageBytes(lab.browser, new URL(path, lab.url).href, options);
      const largest = files.sort((a, b) => b.bytes - a.bytes).slice(0, 3);
      const offline = path.startsWith('embed') ? null : await offlineBytes(lab.browser, new URL(path, lab.url).href);
      figures.push({ page: path, files: files.length, bytes, gzip, largest: largest.map(name), offline });
    }
    return figures;
  } finally {
    await lab.close();
  }
}
const name = (f) => `${new URL(f.url).pathname.split('/').pop()} ${kb(f.bytes)}`;
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

export function printPageBytes(figures) {
  console.log(
    '\n| page, before the learner acts | files | bytes | gzip | largest | then kept for offline use |\n' +
      '|---|---|---|---|---|---|',
  );
  for (const r of figures) {
    const budget = r.page === LESSONS[0].url ? ` (target ≤ ${LESSON_1_BUDGET_KB} KB)` : '';
    const offline = r.offline
      ? `${r.offline.files} files, ${kb(r.offline.bytes)}`
      : 'nothing (it never registers the worker)';
    console.log(
      `| ${r.page} | ${r.files} | ${kb(r.bytes)}${budget} | ${kb(r.gzip)} | ${r.largest.join(', ')} | ${offline} |`,
    );
  }
}

// `node tests/bench/page_bytes.mjs` prints this table alone.
if (import.meta.url === `file://${process.argv[1]}`) printPageBytes(await pageByteFigures());
