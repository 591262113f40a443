// What the course's pages need beyond plain messages: a sentence whose placeholders are elements (a <cite>, a
// link, a formula's <var> or MathML), kept as elements in any word order; the static HTML's such sentences,
// marked data-i18n-rich="namespace:id" with their elements marked data-arg="name"; and a link that keeps
// the page's language. Light on purpose (no catalog, no exercise code): the course home imports it.

// A placeholder's stand-in while the message is formatted: characters of Unicode's private use area, which
// no message holds.
const MARK = (i) => `\uE000${i}\uE001`;
const MARKED = /\uE000(\d+)\uE001/;

/**
 * The nodes of message `id` (translator `t`), each placeholder named in `nodes` replaced by that node (an
 * element, moved where the translation puts it), the others filled from `args`: text nodes and the elements.
 * Each element placeholder must appear once in the message (a node is in one place).
 */
export function richMessage(t, id, nodes = {}, args = {}) {
  const names = Object.keys(nodes);
  const text = t(id, { ...args, ...Object.fromEntries(names.map((name, i) => [name, MARK(i)])) });
  const out = [];
  text.split(MARKED).forEach((piece, i) => {
    if (i % 2) out.push(nodes[names[Number(piece)]]);
    else if (piece) out.push(document.createTextNode(piece));
  });
  return out;
}

/**
 * Rewrites the sentences of `root` marked data-i18n-rich="namespace:id" in `t`'s language: each one's
 * elements marked data-arg="name" (translated already, where they hold a data-i18n mark of their own) are
 * kept, and placed where the message's {name} is. English pages are written in English and change nothing.
 */
export function translateRich(root, t) {
  if (t.locale === 'en') return;
  for (const el of root.querySelectorAll('[data-i18n-rich]')) {
    const [namespace, id] = el.dataset.i18nRich.split(':');
    const nodes = {};
    for (const arg of el.querySelectorAll('[data-arg]'))
      if (arg.parentElement.closest('[data-i18n-rich]') === el) nodes[arg.dataset.arg] = arg;
    el.replaceChildren(...richMessage(t.in(namespace), id, nodes));
  }
}

/**
 * `url` (a page of the course, maybe with a #fragment) in `t`'s language: with ?lang= unless the language is
 * English, so that a learner who chose another one (or was sent one by a link) stays in it from page to page.
 */
export function withLocale(url, t) {
  if (!t || t.locale === 'en') return url;
  const hash = url.indexOf('#');
  const [path, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(t.locale)}${fragment}`;
}
