// What bounds the first-paint figure, measured beside it: lesson 1's page taken apart. Three reference pages
// are made from web/lesson-1.html (its HTML, with the head, header and footer the site's build writes in, the
// early script among them, and its stylesheet), its script swapped for
//  - `text`: the trivial page's script (tests/bench/floor/floor.js), filling a canvas set where the heatmap
//    goes: what the lesson's text and stylesheet cost;
//  - `core`: first-screen/core.js, the core started as the lesson page starts it and one table computed before
//    the canvas is filled;
//  - `explorer`: first-screen/explorer.js, the explorer mounted and drawn with its words and the core, as the
//    lesson page does, and nothing else of the lesson page's script.
// Vite builds them with the site's plugins for the HTML (the shared head, header and footer; the core's
// preloads and the early script's list of words: web/vite.config.js), though not with its chunking, each into a
// folder of its own, which the benchmark serves beside the site and navigates alternately with the lesson page
// and the trivial page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { sharedHtml } from '../../web/html-shared.js';
import { lessonFirstPath } from '../../web/vite.config.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPTS = {
  text: 'tests/bench/floor/floor.js',
  core: 'tests/bench/first-screen/core.js',
  explorer: 'tests/bench/first-screen/explorer.js',
};
export const PARTS = Object.keys(SCRIPTS);
/** What each reference page holds, as the benchmark's table says it. */
export const PART_NAMES = {
  text: "lesson 1's HTML and stylesheet alone, a canvas filled as the trivial page fills its own",
  core: 'that, and the core started as the lesson page starts it, one table computed before the fill',
  explorer: 'that, and the explorer with its words, drawn by the core (nothing else of the lesson page)',
};

// Lesson 1's HTML with its script swapped for `part`'s, written under `source` as <part>/lesson-1.html.
function writePage(source, part) {
  const folder = join(source, part);
  const at = (path) => relative(folder, join(repo, path)).split('\\').join('/');
  let html = readFileSync(join(repo, 'web/lesson-1.html'), 'utf8');
  const swap = (from, to) => {
    if (!html.includes(from)) throw new Error(`first_screen: web/lesson-1.html no longer holds ${from}`);
    html = html.replace(from, to);
  };
  swap('<link rel="stylesheet" href="style.css" />', `<link rel="stylesheet" href="${at('web/style.css')}" />`);
  swap('<script type="module" src="main.js"></script>', `<script type="module" src="${at(SCRIPTS[part])}"></script>`);
  if (part !== 'explorer') swap('<div id="loading"', '<canvas width="800" height="400"></canvas>\n<div id="loading"');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'lesson-1.html'), html);
}

/** Builds the reference pages into `outDir` (<part>/lesson-1.html), their sources in `source`. */
export async function buildFirstScreens(source, outDir) {
  for (const part of PARTS) {
    writePage(source, part);
    await build({
      configFile: false,
      root: join(source, part),
      base: './',
      publicDir: false,
      logLevel: 'error',
      plugins: part === 'text' ? sharedHtml() : [sharedHtml(), lessonFirstPath()],
      resolve: { alias: { 'positional-encoding-lab': join(repo, 'dist/index.js') } },
      build: {
        outDir: join(outDir, part),
        emptyOutDir: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        modulePreload: { polyfill: false },
        rollupOptions: { input: join(source, part, 'lesson-1.html') },
      },
    });
  }
}
