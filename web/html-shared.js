// What every page's HTML shares, written once: each page holds `<!-- shared head -->` where its <head>
// begins, and a lesson page `<!-- lesson footer -->` where its footer goes. Vite fills them in before it
// reads the page (so the icon's URL is bundled like any other), in the site's build, the platforms' and
// the dev server alike.
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));

const head = (icon) => `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" href="${icon}" type="image/svg+xml" />`;

// The footer's words are the course catalog's (web/i18n/catalogs/<locale>/course.json), rewritten by the page
// in the learner's language (web/i18n/page.js).
const lessonFooter = `<footer>
      <p data-i18n="course:page.footer">
        Every number on this page is computed live by the lab's C++ core, compiled to WebAssembly, from the page's own
        settings. PyTorch shapes are sequence-first: [seq_len, batch, d_model].
      </p>
    </footer>`;

export function sharedHtml() {
  return {
    name: 'pelab-shared-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        const icon = relative(dirname(filename), `${web}/favicon.svg`).split('\\').join('/');
        return html.replace('<!-- shared head -->', head(icon)).replace('<!-- lesson footer -->', lessonFooter);
      },
    },
  };
}
