// What every page's HTML shares, written once: each page holds `<!-- shared head -->` where its <head>
// begins; a lesson page (<body data-lesson="ID">) `<!-- lesson title -->`, `<!-- lesson header -->` and
// `<!-- lesson footer -->` where those go, written from the course catalog's English words (the page rewrites
// them in the learner's language: web/i18n/page.js), so that no English sentence is kept twice. Vite fills
// them in before it reads the page (so the icon's URL is bundled like any other), in the site's build, the
// platforms' and the dev server alike (scripts/messages.mjs has compiled the catalogs before either).
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMessage } from './i18n/format.js';
import { withLocales } from './i18n/as-script.js';
import course from './i18n/compiled/en/course.js';

const web = dirname(fileURLToPath(import.meta.url));

const head = (icon) => `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" href="${icon}" type="image/svg+xml" />`;

const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** The course catalog's English message `id`, as HTML text marked for the page's translation. */
function words(id) {
  if (!Object.hasOwn(course, id)) throw new Error(`html-shared: the course catalog has no message ${id}`);
  return escape(formatMessage(course[id], {}, 'en', `en/course:${id}`));
}
const marked = (tag, attributes, id) => `<${tag}${attributes} data-i18n="course:${id}">${words(id)}</${tag}>`;

const lessonTitle = (lesson) => `<title>${words(`${lesson}.pageTitle`)}</title>`;

const lessonHeader = (lesson) => `${marked('a', ' class="skip-link" href="#contents"', 'page.skip')}
    <header>
      <p class="breadcrumb">
        ${marked('a', ' href="index.html"', 'site.name')} ·
        ${marked('span', '', `${lesson}.breadcrumb`)}
      </p>
      ${marked('h1', '', `${lesson}.title`)}
      ${marked('p', ' class="lede"', `${lesson}.lede`)}
    </header>`;

const lessonFooter = () => `<footer>
      ${marked('p', '', 'page.footer')}
    </footer>`;

// A page whose HTML holds words marked for its language (data-i18n) runs web/i18n/early.js in its <head>, a
// plain script the build emits as an asset with a hashed name (Vite bundles module scripts only).
function earlyWords() {
  let ref, root;
  return {
    name: 'pelab-early-words',
    configResolved(config) {
      root = config.root; // where the pages' relative URLs start (web/ for the site)
    },
    buildStart() {
      // early.js with locales.js written in, and their comments dropped: they are for us.
      const source = withLocales(readFileSync(`${web}/i18n/early.js`, 'utf8'), 'early.js').replace(
        /^\s*(\/\/|\/\*\*|\*).*\n/gm,
        '',
      );
      ref = this.emitFile({ type: 'asset', name: 'early.js', source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!bundle || !html.includes('data-i18n')) return html;
        const early = Object.values(bundle).find(
          (f) => f.type === 'asset' && (f.names ?? [f.name]).includes('early.js'),
        );
        if (!early) throw new Error(`earlyWords: the bundle has no early.js (${ref})`);
        const src = `${relative(dirname(filename), root).split('\\').join('/') || '.'}/${early.fileName}`;
        // Right after the shared head (before the stylesheet: a plain script waits for the stylesheets before it,
        // and the parser for the script).
        const icon = /<link rel="icon"[^>]*>/.exec(html);
        if (!icon) throw new Error(`earlyWords: ${filename} has no shared head`);
        const at = icon.index + icon[0].length;
        return `${html.slice(0, at)}\n    <script src="${src}"></script>${html.slice(at)}`;
      },
    },
  };
}

export function sharedHtml() {
  return [
    earlyWords(),
    {
      name: 'pelab-shared-html',
      transformIndexHtml: {
        order: 'pre',
        handler(html, { filename }) {
          const icon = relative(dirname(filename), `${web}/favicon.svg`).split('\\').join('/');
          let page = html.replace('<!-- shared head -->', head(icon));
          const lesson = /<body data-lesson="([a-z-]+)"/.exec(html)?.[1];
          if (lesson)
            page = page
              .replace('<!-- lesson title -->', lessonTitle(lesson))
              .replace('<!-- lesson header -->', lessonHeader(lesson))
              .replace('<!-- lesson footer -->', lessonFooter());
          return page;
        },
      },
    },
  ];
}
