// An exercise in a language: its module says what it is (ids, which option is right, its code), its
// catalog (namespace = its id: web/i18n/CONVENTIONS.md) what it says. localize() joins them into the object
// the pages, the packages and the tests read (title, why, explain, sources, questions with their words) and
// hands the exercise its translator (`t`, which mount.js passes to mount()). An exercise not yet written as a
// catalog keeps the English words its module holds.
import { translator } from './messages.js';

/**
 * A question's words from `t`: prompt `<key>.prompt`, each option's `<key>.<id>.label` and `<key>.<id>.why`
 * (key 'q' unless the question names another). `order` stays what it is: the English prompt the options'
 * order is keyed on (web/order.js), the same in every language.
 */
export function localQuestion(question, t) {
  const key = question.key ?? 'q';
  return {
    ...question,
    prompt: t(`${key}.prompt`),
    options: question.options.map((o) => ({ ...o, label: t(`${key}.${o.id}.label`), why: t(`${key}.${o.id}.why`) })),
  };
}

// A source is [title, href]; a title that is a message id (source.…) is said in the language.
const localSource =
  (t) =>
  ([title, href]) => [title.startsWith('source.') ? t(title) : title, href];

/** `exercise` (a module's default export) in the language of `t` (translator(locale, exercise.id)). */
export function localize(exercise, t = translator('en', exercise.id)) {
  // `lang`: the language its words are in (English where its catalog is not written yet).
  if (!t.has('title')) return { ...exercise, t, lang: 'en' };
  return {
    ...exercise,
    t,
    lang: t.locale,
    title: t('title'),
    why: t.has('why') ? t('why') : exercise.why,
    explain: t.has('explain.prompt') ? { prompt: t('explain.prompt'), model: t('explain.model') } : exercise.explain,
    sources: exercise.sources?.map(localSource(t)),
    questions: exercise.questions?.map((q) => localQuestion(q, t)),
  };
}
