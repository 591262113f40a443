// Bundles the lesson page and the single-exercise embed page into dist/site: our JS layer and the wasm
// come from dist/ through the public package entry, the formulas as MathML (web/widgets/mathml.js); nothing
// from a CDN.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { LESSONS, MERGED, lessonPageWords } from './course/outline.js';
import { lessonTrains } from './exercises/catalog.js';
import { sharedHtml } from './html-shared.js';
import { BUILT_IN } from './i18n/messages.js';
import { withLocales } from './i18n/as-script.js';
import { LOCALES, SOURCE } from './i18n/locales.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// What a lesson page's HTML asks for beside its script, so that nothing on its first path waits a round trip for
// the script to run. First the wasm core's module and its .wasm, which createLab() would load only after the page's
// own script has run (a chain of three round trips before the first heatmap): the SIMD build the lesson needs (with
// the trainer where one of its exercises trains: web/main.js). Every current browser runs wasm SIMD; elsewhere
// createLab picks the scalar build and the preload goes unused. A single-exercise page (embed.html,
// platforms/exercise.html) learns its exercise, and so its build, from its URL: its script starts the core first
// thing instead. Then its first words and its exercises' code (below).
export function lessonFirstPath() {
  return {
    name: 'pelab-lesson-first-path',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        const lesson = LESSONS.find((l) => filename.endsWith(`/${l.url}`));
        if (!bundle || !lesson) return html;
        const build = lessonTrains(lesson) ? 'pelab' : 'pelab-no-trainer';
        const files = Object.values(bundle);
        const module = files.find((f) => f.type === 'chunk' && f.facadeModuleId?.endsWith(`/dist/${build}.mjs`));
        const wasm = files.find((f) => f.type === 'asset' && (f.names ?? [f.name]).includes(`${build}.wasm`));
        if (!module || !wasm)
          throw new Error(`lessonFirstPath: ${build}'s module or its .wasm is missing from the bundle`);
        const tags = [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${module.fileName}` },
            injectTo: 'head',
          },
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: `./${wasm.fileName}` },
            injectTo: 'head',
          },
        ];
        // The rest of the page's first path (in the HTML's order: Chromium opens at most six connections to a
        // host). The words web/main.js loads before it lays out anything, listed per language (those built into
        // the page's code left out) for web/i18n/early.js, which asks for the page's own language's as it
        // starts. Then, on a lesson page without the explorer, its exercises' code, which main.js imports first
        // thing there. Lesson 1 imports it once the heatmap is on screen: preloaded, it was fetched and compiled
        // beside the heatmap's code and held the heatmap back (first heatmap 467 against 571 ms and 490 against
        // 559, medians of 15 and 17 alternating navigations, 2026-12-06).
        const explorer = html.includes('id="explorer"');
        const closure = (names, seen = new Set()) => {
          for (const name of names)
            if (!seen.has(name) && !html.includes(name)) {
              seen.add(name);
              closure(bundle[name].imports, seen);
            }
          return [...seen];
        };
        const namespaces = ['common', ...lessonPageWords(lesson, { explorer })];
        const wordsOf = (code) =>
          closure(
            namespaces
              .filter((namespace) => code !== SOURCE || !Object.hasOwn(BUILT_IN, namespace))
              .map((namespace) =>
                files.find((f) => f.facadeModuleId?.endsWith(`/i18n/compiled/${code}/${namespace}.js`)),
              )
              .filter((chunk) => chunk !== undefined)
              .map((chunk) => chunk.fileName),
          ).map((name) => `./${name}`);
        const words = Object.fromEntries(LOCALES.map(({ code }) => [code, wordsOf(code)]));
        // Before the early script, which reads it (web/html-shared.js has put the script in).
        const early = /<script src="[^"]*early-[^"]*\.js"><\/script>/.exec(html);
        if (!early) throw new Error(`lessonFirstPath: ${filename} has no early script to list its words for`);
        const meta = `<meta name="pelab-words" content="${JSON.stringify(words).replaceAll('"', '&quot;')}" />`;
        html = `${html.slice(0, early.index)}${meta}\n    ${html.slice(early.index)}`;
        const lessonChunk = files.find((f) => f.type === 'chunk' && f.facadeModuleId?.endsWith('/web/lesson.js'));
        const chunks = lessonChunk && !explorer ? closure([lessonChunk.fileName]) : [];
        for (const name of chunks)
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${name}` },
            injectTo: 'head',
          });
        return { html, tags };
      },
    },
  };
}

// course.json at the site root: the outline as data (web/course/outline.js), for course sites, the packages
// and anyone who reads the course: { lessons: [{ id, title, url, minutes, exercises }], merged: { old: new } }.
function publishCourse() {
  return {
    name: 'pelab-course-json',
    generateBundle() {
      const lessons = LESSONS.map(({ id, title, url, minutes, exercises }) => ({ id, title, url, minutes, exercises }));
      const source = `${JSON.stringify({ lessons, merged: Object.fromEntries(MERGED) }, null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: 'course.json', source });
    },
  };
}

// The service worker's own words (a page not kept for offline use) in each language: the common catalogs'
// offline.* messages, plain text.
function offlineWords() {
  return Object.fromEntries(
    LOCALES.map(({ code }) => {
      const common = JSON.parse(readFileSync(here(`i18n/catalogs/${code}/common.json`), 'utf8'));
      return [code, Object.fromEntries(Object.entries(common).filter(([id]) => id.startsWith('offline.')))];
    }),
  );
}

// sw.js at the site root (web/offline/sw.js with its lists written in): for each top-level page, the files it
// needs, found by following what the page's HTML names, what each chunk imports (statically or dynamically:
// scripts and stylesheets), and every emitted file a chunk or a worker names in its code (the workers, the
// .wasm); and a version, the hash of those lists and of every file's content in them, so a new build fills a
// new cache.
function offlineFiles() {
  return {
    name: 'pelab-offline-files',
    enforce: 'post',
    generateBundle(_, bundle) {
      const names = Object.keys(bundle);
      const text = (f) => (f.type === 'chunk' ? f.code : typeof f.source === 'string' ? f.source : '');
      // A lesson page keeps its own lesson's exercises, not the others' (their chunks are named in its loaders).
      const exerciseOf = (f) =>
        f.type === 'chunk' && /\/web\/exercises\/([a-z-]+)\.js$/.exec(f.facadeModuleId ?? '')?.[1];
      const everyExercise = new Set(LESSONS.flatMap((l) => l.exercises));
      // A language's catalogs (i18n/compiled/<code>/): a page keeps English's (what it falls back to) and the
      // language it was opened in, not the others'; en-XA, the tests' pseudo-locale, is no learner's: never kept.
      // Nor another lesson's words: its exercises' catalogs and its part of the course's (course~<lesson>).
      const needs = (page, locale) => {
        const lesson = LESSONS.find((l) => l.url === page);
        const own = new Set(lesson?.exercises ?? []);
        const otherLesson = (id) =>
          typeof id === 'string' &&
          ((everyExercise.has(id) && !own.has(id)) || (id.startsWith('course~') && id !== `course~${lesson?.id}`));
        const otherWords = (f) => {
          const [code, namespace] = catalogOf(f.facadeModuleId);
          return code !== undefined && (![SOURCE, locale].includes(code) || otherLesson(namespace));
        };
        const elsewhere = (f) => otherWords(f) || otherLesson(exerciseOf(f));
        const seen = new Set();
        const queue = [page];
        while (queue.length) {
          const name = queue.pop();
          if (seen.has(name) || !bundle[name] || elsewhere(bundle[name])) continue;
          seen.add(name);
          const f = bundle[name];
          if (f.type === 'chunk') queue.push(...f.imports, ...f.dynamicImports, ...(f.viteMetadata?.importedCss ?? []));
          const code = text(f);
          // (Another page is named by a link, and is that page's to keep once visited.)
          for (const other of names)
            if (!other.endsWith('.html') && code.includes(other.slice(other.lastIndexOf('/') + 1))) queue.push(other);
        }
        return [...seen].sort();
      };
      // Per page: the files every language needs (English's list: its words are the fallback), and for each
      // other language the files it adds (its catalogs).
      const listed = (page) => {
        const shared = needs(page, SOURCE);
        if (page === 'index.html') shared.push(''); // the site's root URL is the course home too
        const own = LOCALES.filter(({ code }) => code !== SOURCE).map(({ code }) => [
          code,
          needs(page, code).filter((name) => !shared.includes(name)),
        ]);
        return { shared, ...Object.fromEntries(own) };
      };
      const pages = names.filter((n) => n.endsWith('.html') && n !== 'embed.html'); // a frame never registers it
      const files = Object.fromEntries(pages.map((page) => [page, listed(page)]));
      const hash = createHash('sha256').update(JSON.stringify(files));
      for (const name of new Set(Object.values(files).flatMap((lists) => Object.values(lists).flat())))
        if (bundle[name]) hash.update(text(bundle[name]) || bundle[name].source);
      const source = withLocales(readFileSync(here('offline/sw.js'), 'utf8'), 'sw.js')
        .replace(/^const FILES = \{\};/m, `const FILES = ${JSON.stringify(files)};`)
        .replace(/^const VERSION = 'dev';/m, `const VERSION = '${hash.digest('hex').slice(0, 16)}';`)
        .replace(/^const WORDS = \{\};/m, `const WORDS = ${JSON.stringify(offlineWords())};`);
      if (!source.includes(`const FILES = {"`)) throw new Error('offlineFiles: sw.js has no FILES line to fill');
      if (!source.includes(`const WORDS = {"`)) throw new Error('offlineFiles: sw.js has no WORDS line to fill');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// [code, namespace] of a module of a language's compiled catalogs (web/i18n/compiled/<code>/<namespace>.js, its
// index as namespace 'index'), else [].
const catalogOf = (id) => /\/i18n\/compiled\/([^/]+)\/([^/]+)\.js$/.exec(id ?? '')?.slice(1) ?? [];
// `<code>.<namespace>` for such a module, else undefined.
function catalogName(id) {
  const [code, namespace] = catalogOf(id);
  return code && `${code}.${namespace}`;
}

// The pages' own scripts: what they import statically is on each page's first path.
const PAGE_SCRIPTS = new Set(['main.js', 'home.js', 'glossary-page.js', 'embed/frame.js'].map(here));
// Whether module `id` is among what one of `roots` imports statically, directly or through others.
function importedBy(id, roots, getModuleInfo, seen = new Set()) {
  if (roots.has(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some((by) => importedBy(by, roots, getModuleInfo, seen));
}

export default defineConfig({
  root: here('.'),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [sharedHtml(), lessonFirstPath(), publishCourse(), offlineFiles()],
  resolve: { alias: { 'positional-encoding-lab': here('../dist/index.js') } },
  build: {
    outDir: here('../dist/site'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0, // the .wasm stays a file (CSP: no data: URLs for scripts or wasm)
    modulePreload: { polyfill: false }, // the polyfill would be an inline script
    rollupOptions: {
      input: {
        index: here('index.html'),
        'lesson-1': here('lesson-1.html'),
        'lesson-2': here('lesson-2.html'),
        'lesson-3': here('lesson-3.html'),
        embed: here('embed.html'),
        glossary: here('glossary.html'),
      },
      // The lab and the widgets a page script imports in one chunk (not one per shared module): the first
      // heatmap waits for the page script, this chunk, the stylesheet, the core's module and its .wasm, and
      // Chromium opens at most six connections to a host. A widget only exercises import comes with them.
      output: {
        // A language's words are named for it (assets/es.common-<hash>.js): what a page fetched, or kept for
        // offline use, says which languages it holds.
        chunkFileNames: (chunk) => `assets/${catalogName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
        manualChunks(id, { getModuleInfo }) {
          if (id === here('../dist/index.js') || id === here('offline/register.js')) return 'app';
          if (id.startsWith(here('widgets/')) && importedBy(id, PAGE_SCRIPTS, getModuleInfo)) return 'app';
          // The rest of a lesson page's first path in two chunks, not in the seven small ones Rollup made of the
          // sets of page scripts sharing each module: what main.js alone imports, and what it shares with another
          // page script (in 'app', which every page loads: 3–4 KB more for the home and glossary pages). The first
          // heatmap came 8–10% sooner (interleaved, 11 navigations each), and lesson 1 is a kilobyte smaller.
          if (id.startsWith(here('.')) && !catalogOf(id).length && !PAGE_SCRIPTS.has(id)) {
            const by = [...PAGE_SCRIPTS].filter((root) => importedBy(id, new Set([root]), getModuleInfo));
            if (by.includes(here('main.js'))) return by.length === 1 ? 'course-page' : 'app';
          }
          return undefined;
        },
      },
    },
  },
});
