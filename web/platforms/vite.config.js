// The pages a course platform launches, bundled like the site (web/vite.config.js: same plugins, chunks and
// CSP-safe settings) into dist/lms: the lesson pages (lesson-N.html), the course home and the glossary they
// link to, and the single-exercise page (platforms/exercise.html). scripts/package.mjs wraps them into SCORM
// packages.
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import site from '../vite.config.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// The site's preload plugin writes its links as ./assets/…, right for pages at the top; the exercise page
// sits in platforms/, one folder down.
function nestedPreloads() {
  return {
    name: 'pelab-nested-preloads',
    enforce: 'post',
    generateBundle(_, bundle) {
      const page = bundle['platforms/exercise.html'];
      if (page) page.source = String(page.source).replaceAll('href="./assets/', 'href="../assets/');
    },
  };
}

const config = mergeConfig(
  site,
  defineConfig({ plugins: [nestedPreloads()], build: { outDir: here('../../dist/lms') } }),
);
// Set, not merged (a merge would keep the site's embed page as well).
config.build.rollupOptions.input = {
  index: here('../index.html'), // the course home and the glossary the lessons link to, in every package
  glossary: here('../glossary.html'),
  'lesson-1': here('../lesson-1.html'),
  'lesson-2': here('../lesson-2.html'),
  'lesson-3': here('../lesson-3.html'),
  exercise: here('exercise.html'),
};
export default config;
