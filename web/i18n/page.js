// A page's language: chosen once as the page starts (?lang=, else the learner's earlier choice where storage
// keeps it, else the browser's languages: web/i18n/locales.js), set on <html lang dir>, and the switch every
// page shows. The static words of a page's HTML are marked data-i18n="namespace:id" (attributes:
// data-i18n-attr="attribute=namespace:id;…") and rewritten from the catalogs before the page's own script
// lays out anything else. English pages are written in English already and change nothing.
import { h } from '../widgets/dom.js';
import { siteStorage } from '../storage.js';
import { LANG_KEY, LOCALES, PSEUDO, dirOf, pageLocaleFrom } from './locales.js';
import { loadCatalogs, translator } from './messages.js';

/**
 * The language this page is in: ?lang= (or a course package's <meta name="pelab-lang">, written by
 * scripts/package.mjs --lang), the kept choice, the browser's languages, English.
 */
export function pageLocale({
  search = location.search,
  storage = siteStorage(),
  languages = navigator.languages,
} = {}) {
  const packaged = globalThis.document?.querySelector('meta[name="pelab-lang"]')?.getAttribute('content');
  return pageLocaleFrom({ search, packaged, saved: storage.getItem(LANG_KEY), languages: languages ?? [] });
}

/** Rewrites the marked words of `root` (the page's HTML) from the loaded catalogs of `locale`. */
export function translateMarked(root, locale) {
  const t = translator(locale);
  const text = (ref) => {
    const [namespace, id] = ref.split(':');
    return t.in(namespace)(id);
  };
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = text(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]'))
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, ref] = pair.split('=');
      el.setAttribute(attr.trim(), text(ref.trim()));
    }
}

/**
 * Loads a page's catalogs in `locale`; where they cannot be fetched (a connection lost mid-visit), the page
 * starts in English, which it is written in, rather than not at all. Returns the locale loaded.
 */
export async function loadPageCatalogs(locale, namespaces) {
  try {
    return await loadCatalogs(locale, namespaces);
  } catch (error) {
    if (locale === 'en') throw error;
    console.warn(`The page's ${locale} words could not be loaded (${error?.message}): it starts in English.`);
    return loadCatalogs('en', namespaces);
  }
}

/**
 * Starts a page in the learner's language: loads `namespaces` (common always), sets <html lang dir>, rewrites
 * the marked HTML and its <title> (data-i18n-title="namespace:id" on <html>). Returns the page's translator.
 */
export async function startPage(namespaces = []) {
  const root = document.documentElement;
  let locale;
  try {
    locale = await loadPageCatalogs(pageLocale(), ['common', ...namespaces]);
  } finally {
    root.removeAttribute('data-words'); // (web/i18n/early.js) shown after this task, in its words or English's
  }
  root.lang = locale;
  root.dir = dirOf(locale);
  if (locale !== 'en') {
    translateMarked(document, locale);
    const title = root.dataset.i18nTitle;
    if (title) {
      const [namespace, id] = title.split(':');
      document.title = translator(locale).in(namespace)(id);
    }
  }
  return translator(locale);
}

/**
 * The language switch: a select of the languages, each named in itself; choosing one keeps it (where storage
 * allows) and reloads the page in it, with ?lang= replaced (other parameters and the #fragment kept).
 */
export function languageSwitch(t, { storage = siteStorage() } = {}) {
  const select = h(
    'select',
    { 'aria-label': t('language.switch') },
    // The tests' pseudo-locale is listed only while it is the page's, so the switch shows what is in force.
    [...LOCALES, ...(t.locale === PSEUDO.code ? [PSEUDO] : [])].map((l) =>
      h('option', { value: l.code, lang: l.code, selected: l.code === t.locale }, l.name),
    ),
  );
  select.addEventListener('change', () => {
    storage.setItem(LANG_KEY, select.value);
    const url = new URL(location.href);
    url.searchParams.set('lang', select.value);
    location.assign(url.href);
  });
  return h('span', { class: 'language-switch' }, select);
}
