// The glossary page (glossary.html): every term of web/course/glossary.js as a <dl>, in the learner's language
// (web/i18n/page.js), each <dt> carrying the term's id so glossary.html#ID lands on it, under a line of letters
// A–Z that link to the first term of each (localGlossary says which order and which letters a language gets).
import { h } from './widgets/dom.js';
import { localGlossary } from './course/glossary.js';
import { focusFragmentTargets } from './widgets/fragment-links.js';
import { keepOffline, pageName } from './offline/register.js';
import { languageSwitch, startPage } from './i18n/page.js';
import { richMessage, withLocale } from './course/localize.js';

focusFragmentTargets(); // a letter or a "see also" moves focus to its term, not only the view
const t = await startPage(['glossary']);
const g = t.in('glossary');
const { entries, letters, byEnglish } = localGlossary(t);
const names = new Map(entries.map((e) => [e.id, e.term]));

/** The A–Z line: a letter links to its first term; a letter with none is shown, dimmed, for the eye only. */
function alphabet() {
  return letters.map(({ letter, id }) =>
    id ? h('a', { href: `#${id}` }, letter) : h('span', { class: 'none', 'aria-hidden': 'true' }, letter),
  );
}

// A term's English name after its own, where the page follows the English order (byEnglish) and the two differ:
// the message places it (位置编码（positional encoding）), the name itself is marked as English.
const original = (e) =>
  byEnglish && e.english !== e.term
    ? richMessage(g, 'page.original', { term: h('span', { lang: 'en' }, e.english) })
    : null;

/** One term: its name (the link target), its definition, what else to read, and where it comes from. */
function entry(e) {
  return [
    h('dt', { id: e.id }, h('dfn', {}, e.term), original(e)),
    h(
      'dd',
      {},
      h('p', {}, e.definition),
      e.see.length
        ? h(
            'p',
            { class: 'see' },
            g('page.seeAlso'),
            e.see.flatMap((id, i) => [
              i ? g('page.seeAlsoSeparator') : null,
              h('a', { href: `#${id}` }, names.get(id)),
            ]),
          )
        : null,
      e.source
        ? h('p', { class: 'sources' }, g('page.source'), h('a', { href: e.source[1], rel: 'noopener' }, e.source[0]))
        : null,
    ),
  ];
}

document.querySelector('header').append(languageSwitch(t));
// The links back to the course home keep the language (as the home's own links do).
for (const link of document.querySelectorAll('a[data-keep-lang]'))
  link.setAttribute('href', withLocale(link.getAttribute('href'), t));
document.getElementById('az').append(...alphabet());
document.getElementById('terms').append(...entries.flatMap(entry));
// The terms are drawn by this script, after the browser may already have looked for the #ID it was opened
// at: scroll to it now that it exists.
const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
// The terms are drawn after the page's words load, so the browser met #ID before it existed: navigating to
// the fragment again (replacing the entry) scrolls to it and makes it the :target.
if (target) location.replace(location.hash);
document.body.dataset.ready = 'true';
keepOffline(pageName(), 'none'); // the glossary runs no core
