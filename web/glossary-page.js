// The glossary page (glossary.html): every term of web/course/glossary.js as a <dl>, each <dt> carrying the
// term's id so glossary.html#ID lands on it, under a line of letters A–Z that link to the first term of each.
import { h } from './widgets/dom.js';
import { GLOSSARY, glossaryTerm } from './course/glossary.js';
import { focusFragmentTargets } from './widgets/fragment-links.js';
import { keepOffline, pageName } from './offline/register.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const letterOf = (term) => term.term[0].toUpperCase();

/** The A–Z line: a letter links to its first term; a letter with none is shown, dimmed, for the eye only. */
function alphabet() {
  const first = new Map();
  for (const t of GLOSSARY) if (!first.has(letterOf(t))) first.set(letterOf(t), t.id);
  return LETTERS.map((letter) =>
    first.has(letter)
      ? h('a', { href: `#${first.get(letter)}` }, letter)
      : h('span', { class: 'none', 'aria-hidden': 'true' }, letter),
  );
}

/** One term: its name (the link target), its definition, what else to read, and where it comes from. */
function entry(t) {
  const see = t.see ?? [];
  return [
    h('dt', { id: t.id }, h('dfn', {}, t.term)),
    h(
      'dd',
      {},
      h('p', {}, t.definition),
      see.length
        ? h(
            'p',
            { class: 'see' },
            'See also: ',
            see.flatMap((id, i) => [i ? ', ' : null, h('a', { href: `#${id}` }, glossaryTerm(id).term)]),
          )
        : null,
      t.source
        ? h('p', { class: 'sources' }, 'Source: ', h('a', { href: t.source[1], rel: 'noopener' }, t.source[0]))
        : null,
    ),
  ];
}

focusFragmentTargets(); // a letter or a "see also" moves focus to its term, not only the view
document.getElementById('az').append(...alphabet());
document.getElementById('terms').append(...GLOSSARY.flatMap(entry));
// The terms are drawn by this script, after the browser may already have looked for the #ID it was opened
// at: scroll to it now that it exists.
const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
if (target) target.scrollIntoView();
document.body.dataset.ready = 'true';
keepOffline(pageName(), 'none'); // the glossary runs no core
