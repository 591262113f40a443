// Compiles the catalogs (web/i18n/catalogs/<locale>/<namespace>.json: ICU messages keyed by stable ids) into
// modules a page loads (web/i18n/compiled/<locale>/<namespace>.js, not kept in git: scripts/build.sh writes
// them first), in the compact form web/i18n/format.js reads. The ICU syntax is parsed here, at build time,
// by @messageformat/parser, so no parser reaches a learner; plurals are the browser's own Intl.PluralRules.
// Also writes en-XA, the pseudo-locale of the tests: every English message accented, bracketed and 40% longer.
// Refuses (exits 1, naming each) a catalog that does not parse, or a translation whose keys, placeholders or
// glossary links differ from English's: a learner never meets a missing or broken message.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import { LESSONS } from '../web/course/outline.js';

export const CATALOGS = new URL('../web/i18n/catalogs/', import.meta.url);
export const COMPILED = new URL('../web/i18n/compiled/', import.meta.url);
const SOURCE = 'en';
const PSEUDO = 'en-XA';

/** The compact form of parsed tokens (web/i18n/format.js): a string when there is no placeholder. */
function compact(tokens) {
  const parts = [];
  for (const token of tokens) {
    let part;
    if (token.type === 'content') part = token.value;
    else if (token.type === 'octothorpe') part = ['#'];
    else if (token.type === 'argument') part = [token.arg];
    else if (token.type === 'function') {
      if (token.key !== 'number' || token.param)
        throw new Error(`{${token.arg}, ${token.key}}: only {x, number} is read`);
      part = [token.arg, 'number'];
    } else {
      const cases = Object.fromEntries(token.cases.map((c) => [c.key, compact(c.tokens)]));
      if (!Object.hasOwn(cases, 'other')) throw new Error(`{${token.arg}, ${token.type}} has no other case`);
      part =
        token.type === 'select'
          ? [token.arg, 'select', cases]
          : [token.arg, token.type, token.pluralOffset ?? 0, cases];
    }
    if (typeof part === 'string' && typeof parts.at(-1) === 'string') parts[parts.length - 1] += part;
    else parts.push(part);
  }
  if (parts.length === 0) return '';
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
}

/** The placeholders a message reads, sorted (a translation must read the same ones). */
export function placeholders(text) {
  const names = new Set();
  const walk = (tokens) => {
    for (const t of tokens) {
      if (t.arg !== undefined) names.add(t.arg);
      for (const c of t.cases ?? []) walk(c.tokens);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

/** The glossary terms a message links ([[text|id]] or [[id]], web/course/prose.js), sorted. */
export const glossaryLinks = (text) =>
  [...String(text).matchAll(/\[\[(?:[^\]|]+\|)?([^\]|]+)\]\]/g)].map((m) => m[1].trim()).sort();

// en-XA: each letter of the literal text accented (nothing of ASCII's letters is left, so a letter a page shows
// unaccented came from no catalog), the whole message in ⟦ ⟧ and made 40% longer. Placeholders, the glossary
// ids of [[text|id]] links and ICU's syntax are kept.
const ACCENTED = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ğ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ɋ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ğ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ɋ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const accent = (text) =>
  // A glossary link keeps its id: [[text|id]] → [[tëxt|id]], [[id]] → [[id]] (prose.js then shows the term).
  text.replace(/\[\[(?:([^\]|]+)\|)?([^\]|]+)\]\]|([A-Za-z])/g, (all, linkText, id, letter) =>
    letter
      ? ACCENTED[letter]
      : linkText === undefined
        ? all
        : `[[${linkText.replace(/[A-Za-z]/g, (c) => ACCENTED[c])}|${id}]]`,
  );
function pseudoTokens(tokens) {
  return tokens.map((t) =>
    t.type === 'content'
      ? { ...t, value: accent(t.value) }
      : t.cases
        ? { ...t, cases: t.cases.map((c) => ({ ...c, tokens: pseudoTokens(c.tokens) })) }
        : t,
  );
}
// A demo's input sentence (an id `sentence`, `….sentence` or `sentence.default`) is data the demo splits into
// tokens: accented like the rest, but neither bracketed nor padded, which would change its tokens.
export const isDemoData = (id) => /(^|\.)sentence(\.default)?$/.test(id);
function pseudo(message, id) {
  if (isDemoData(id)) return compact(pseudoTokens(parse(message)));
  const body = compact(pseudoTokens(parse(message)));
  const length = String(message).length;
  // Dots in groups of five, so that the padding wraps as words do.
  const pad = (' ' + '·'.repeat(Math.max(1, Math.round(length * 0.4) - 3))).replace(/(·{5})(?=·)/g, '$1 ');
  return typeof body === 'string' ? `⟦${body}${pad}⟧` : ['⟦', ...body, `${pad}⟧`];
}

async function readCatalogs() {
  const out = new Map(); // locale → namespace → {id: text}
  for (const entry of await readdir(CATALOGS, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const namespaces = new Map();
    for (const file of (await readdir(new URL(`${entry.name}/`, CATALOGS))).filter((f) => f.endsWith('.json')).sort())
      namespaces.set(file.slice(0, -5), JSON.parse(await readFile(new URL(`${entry.name}/${file}`, CATALOGS), 'utf8')));
    out.set(entry.name, namespaces);
  }
  return out;
}

/** What is wrong with the catalogs: one line per problem (none when they agree with English and parse). */
export function problems(catalogs) {
  const found = [];
  const source = catalogs.get(SOURCE) ?? new Map();
  for (const [locale, namespaces] of catalogs) {
    for (const [namespace, messages] of namespaces) {
      for (const [id, text] of Object.entries(messages)) {
        if (typeof text !== 'string') found.push(`${locale}/${namespace}:${id} is not a string`);
        else
          try {
            compact(parse(text));
          } catch (error) {
            found.push(`${locale}/${namespace}:${id} does not parse: ${error.message}`);
          }
      }
    }
    if (locale === SOURCE) continue;
    for (const [namespace, english] of source) {
      const messages = namespaces.get(namespace);
      if (!messages) {
        found.push(`${locale} has no ${namespace} catalog`);
        continue;
      }
      for (const id of Object.keys(english))
        if (!Object.hasOwn(messages, id)) found.push(`${locale}/${namespace} lacks ${id}`);
      for (const id of Object.keys(messages)) {
        if (!Object.hasOwn(english, id)) {
          found.push(`${locale}/${namespace}:${id} is not in English`);
          continue;
        }
        try {
          if (placeholders(messages[id]).join() !== placeholders(english[id]).join())
            found.push(
              `${locale}/${namespace}:${id} reads {${placeholders(messages[id])}}, English {${placeholders(english[id])}}`,
            );
        } catch {
          // reported above as not parsing
        }
        if (glossaryLinks(messages[id]).join() !== glossaryLinks(english[id]).join())
          found.push(
            `${locale}/${namespace}:${id} links [[${glossaryLinks(messages[id])}]], English [[${glossaryLinks(english[id])}]]`,
          );
      }
    }
    for (const namespace of namespaces.keys())
      if (!source.has(namespace)) found.push(`${locale}/${namespace} has no English catalog`);
  }
  return found;
}

/** The compiled catalogs: locale → namespace → {id: compact message}, en-XA made from English. */
export function compile(catalogs) {
  const out = new Map();
  for (const [locale, namespaces] of catalogs)
    out.set(
      locale,
      new Map(
        [...namespaces].map(([ns, messages]) => [
          ns,
          Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compact(parse(text))])),
        ]),
      ),
    );
  const english = catalogs.get(SOURCE) ?? new Map();
  out.set(
    PSEUDO,
    new Map(
      [...english].map(([ns, messages]) => [
        ns,
        Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, pseudo(text, id)])),
      ]),
    ),
  );
  return out;
}

export const loadCatalogs = readCatalogs;

// Namespaces made from another's messages, for pages that need only those: a lesson's prose names the glossary's
// terms (glossary-terms: its `<id>.term` messages) without loading every definition, and a lesson page loads the
// course's words but the other lessons' (course~<lesson id>: everything but the course home's and the other
// lessons' own, whose titles it keeps for the links between lessons). A page loading one asks for it by that
// name, and has it as the namespace before the ~ (web/i18n/messages.js).
const LESSON_IDS = LESSONS.map((l) => l.id);
const lessonPart = (lesson) => (id) => {
  const [first] = id.split('.');
  if (first === 'home') return false;
  return !LESSON_IDS.includes(first) || first === lesson || id === `${first}.title`;
};
const DERIVED = {
  'glossary-terms': ['glossary', (id) => id.endsWith('.term')],
  ...Object.fromEntries(LESSON_IDS.map((lesson) => [`course~${lesson}`, ['course', lessonPart(lesson)]])),
};
// The catalogs a page loads as it starts (startPage and loadPageCatalogs in web/main.js, home.js,
// glossary-page.js, embed/frame.js, platforms/exercise.js): web/i18n/messages.js imports them directly, the
// rest through their locale's index. tests/browser/paint-first.test.mjs checks that a lesson's first picture
// waits for no index.
const START = ['common', 'widgets', 'explorer', 'glossary', 'course', ...Object.keys(DERIVED)]; // (glossary-terms, course~…)
export function withDerived(compiled) {
  for (const namespaces of compiled.values())
    for (const [name, [from, keep]] of Object.entries(DERIVED))
      if (namespaces.has(from))
        namespaces.set(name, Object.fromEntries(Object.entries(namespaces.get(from)).filter(([id]) => keep(id))));
  return compiled;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogs = await readCatalogs();
  const found = problems(catalogs);
  if (found.length) {
    console.error(`messages: the catalogs disagree with English or do not parse:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  // Written beside, then swapped in: a test importing the catalogs meanwhile finds the old ones or the new.
  const next = new URL('../web/i18n/compiled.next/', import.meta.url);
  await rm(next, { recursive: true, force: true });
  let count = 0;
  const compiled = withDerived(compile(catalogs)); // every locale's catalogs and the parts derived from them
  for (const [locale, namespaces] of compiled) {
    await mkdir(new URL(`${locale}/`, next), { recursive: true });
    for (const [ns, messages] of namespaces) {
      count += Object.keys(messages).length;
      await writeFile(
        new URL(`${locale}/${ns}.js`, next),
        `// Written by scripts/messages.mjs from web/i18n/catalogs/${locale === PSEUDO ? SOURCE : locale}/${ns}.json.\nexport default ${JSON.stringify(messages)};\n`,
      );
    }
  }
  // Each locale's index: its namespaces, each loaded on its own (web/i18n/messages.js loads the index first, so
  // a page's script holds four entries, not one per catalog of every language).
  for (const [locale, namespaces] of compiled)
    await writeFile(
      new URL(`${locale}/index.js`, next),
      `// Written by scripts/messages.mjs: the ${locale} catalogs, each loaded when a page asks for it.\nexport default {\n${[
        ...namespaces.keys(),
      ]
        .map((ns) => `  ${JSON.stringify(ns)}: () => import(${JSON.stringify(`./${ns}.js`)}),`)
        .join('\n')}\n};\n`,
    );
  // What the pages load before they lay anything out, for every locale, imported from the pages' own script
  // (web/i18n/messages.js) without waiting for the locale's index first: one fetch less before the first picture.
  const start = [...compiled].map(
    ([locale, namespaces]) =>
      `  ${JSON.stringify(locale)}: {\n${START.filter((ns) => namespaces.has(ns))
        .map((ns) => `    ${JSON.stringify(ns)}: () => import(${JSON.stringify(`./${locale}/${ns}.js`)}),`)
        .join('\n')}\n  },`,
  );
  await writeFile(
    new URL('start.js', next),
    `// Written by scripts/messages.mjs: each locale's catalogs that pages load as they start.\nexport default {\n${start.join('\n')}\n};\n`,
  );
  // The namespaces English has, for the loaders (an exercise not yet in catalogs has none).
  await writeFile(
    new URL('namespaces.js', next),
    `// Written by scripts/messages.mjs: the catalogs' namespaces.\nexport default ${JSON.stringify([...catalogs.get(SOURCE).keys()])};\n`,
  );
  await rm(COMPILED, { recursive: true, force: true });
  await rename(next, COMPILED);
  console.log(`messages: ${count} messages in ${catalogs.size + 1} locales compiled to ${fileURLToPath(COMPILED)}`);
}
