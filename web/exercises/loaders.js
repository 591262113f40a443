// Each exercise's module, loaded when a page needs it, in course order (web/course/outline.js: lesson by lesson):
// the bundler makes each its own chunk, so a lesson page downloads its own lesson's exercises and no other's. The
// key is the exercise's id, and its file is named for it (tests/web/catalog.test.mjs checks both).
import { findEntry } from './catalog.js';
import { loadCatalogs, translator } from '../i18n/messages.js';
import { localize } from '../i18n/exercise.js';
import NAMESPACES from '../i18n/compiled/namespaces.js';

export const LOADERS = new Map([
  ['mask-order', () => import('./mask-order.js')],
  ['attention-equation', () => import('./attention-equation.js')],
  ['swap-invariance', () => import('./swap-invariance.js')],
  ['position-in-embeddings', () => import('./position-in-embeddings.js')],
  ['why-positional-encoding', () => import('./why-positional-encoding.js')],
  ['frequency-structure', () => import('./frequency-structure.js')],
  ['wavelength-of-a-pair', () => import('./wavelength-of-a-pair.js')],
  ['binary-analogy', () => import('./binary-analogy.js')],
  ['relative-offset', () => import('./relative-offset.js')],
  ['clock-hands', () => import('./clock-hands.js')],
  ['implement-it', () => import('./implement-it.js')],
  ['same-token-different-position', () => import('./same-token-different-position.js')],
  ['pipeline', () => import('./pipeline.js')],
  ['four-properties', () => import('./four-properties.js')],
  ['norm-of-pe', () => import('./norm-of-pe.js')],
  ['learned-embeddings', () => import('./learned-embeddings.js')],
  ['extrapolation', () => import('./extrapolation.js')],
  ['pytorch-module', () => import('./pytorch-module.js')],
  ['buffer-vs-parameter', () => import('./buffer-vs-parameter.js')],
  ['conventions', () => import('./conventions.js')],
  ['precision', () => import('./precision.js')],
  ['absolute-vs-relative', () => import('./absolute-vs-relative.js')],
  ['rope', () => import('./rope.js')],
  ['alibi', () => import('./alibi.js')],
  ['longer-than-trained', () => import('./longer-than-trained.js')],
  ['ntk-base', () => import('./ntk-base.js')],
  ['train-it', () => import('./train-it.js')],
]);

/**
 * The exercises with these ids, loaded, in the order given, each in `locale` (its module's default export
 * with its catalog's words: web/i18n/exercise.js). One whose code or words cannot be fetched is a stand-in,
 * { id, title, questions: [], loadError }, so that a page still lays out and runs the others and says which
 * failed.
 */
export const loadExercises = (ids, locale = 'en') =>
  Promise.all(
    ids.map((id) => {
      const load = LOADERS.get(id);
      if (!load)
        throw new TypeError(`loadExercises: no exercise has the id ${JSON.stringify(String(id).slice(0, 64))}`);
      const words = loadCatalogs(locale, ['common', 'widgets', ...(NAMESPACES.includes(id) ? [id] : [])]);
      return Promise.all([load(), words]).then(
        ([module, code]) => localize(module.default, translator(code, id)),
        (loadError) => ({ id, title: findEntry(id)?.title ?? id, questions: [], loadError }),
      );
    }),
  );

/** What a page says in an exercise's place when its code could not be fetched. */
export function notLoaded(exercise, t = translator()) {
  const why = String(exercise.loadError?.message ?? exercise.loadError).slice(0, 200);
  return t('lesson.notLoaded', { reason: why });
}
