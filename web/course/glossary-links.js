// What lesson prose needs of the glossary to link its terms (web/course/prose.js): the terms' ids, structure and
// names, and where a link points. Light on purpose: a lesson page loads the terms' names (the compiled
// `glossary-terms` namespace, scripts/messages.mjs: the glossary catalog's `<id>.term` messages), not every
// definition; glossary.js adds the definitions for the glossary page and the tests.
import EN_TERMS from '../i18n/compiled/en/glossary-terms.js';
import { formatMessage } from '../i18n/format.js';
import { SOURCE } from '../i18n/locales.js';

/** Where a term comes from: each a `source.<name>` message (its title) and this address. */
export const SOURCES = {
  'devlin-2019': 'https://arxiv.org/abs/1810.04805',
  'haviv-2022': 'https://arxiv.org/abs/2203.16634',
  'press-2022': 'https://arxiv.org/abs/2108.12409',
  'pytorch-module': 'https://pytorch.org/docs/stable/generated/torch.nn.Module.html',
  'su-2021': 'https://arxiv.org/abs/2104.09864',
  'vaswani-2017': 'https://arxiv.org/abs/1706.03762',
};

export const ENTRIES = [
  { id: 'alibi', see: ['relative-position', 'length-generalization', 'causal-mask'], source: 'press-2022' },
  { id: 'angular-frequency', see: ['wavelength', 'dimension-pair', 'base'] },
  { id: 'attention', see: ['softmax', 'permutation-invariance', 'causal-mask'], source: 'vaswani-2017' },
  { id: 'base', see: ['angular-frequency', 'wavelength'] },
  { id: 'buffer', see: ['parameter'], source: 'pytorch-module' },
  { id: 'causal-mask', see: ['attention', 'softmax', 'nope'] },
  { id: 'cls-token', see: ['mean-pooling'], source: 'devlin-2019' },
  { id: 'd-model', see: ['token-embedding', 'dimension-pair'] },
  { id: 'dimension-pair', see: ['angular-frequency', 'interleaved-layout', 'halves-layout', 'relative-position'] },
  { id: 'extrapolation', see: ['length-generalization', 'learned-embedding', 'sinusoidal-encoding'] },
  { id: 'float32', see: ['angular-frequency'] },
  { id: 'halves-layout', see: ['interleaved-layout', 'dimension-pair'] },
  { id: 'interleaved-layout', see: ['halves-layout', 'dimension-pair', 'rope'], source: 'vaswani-2017' },
  { id: 'learned-embedding', see: ['parameter', 'extrapolation', 'sinusoidal-encoding'] },
  { id: 'length-generalization', see: ['extrapolation', 'alibi'], source: 'press-2022' },
  { id: 'mean-pooling', see: ['cls-token', 'permutation-invariance'] },
  { id: 'nope', see: ['causal-mask', 'permutation-invariance'], source: 'haviv-2022' },
  { id: 'offset', see: ['relative-position', 'dimension-pair'] },
  { id: 'parameter', see: ['buffer', 'learned-embedding'], source: 'pytorch-module' },
  { id: 'permutation-invariance', see: ['attention', 'mean-pooling', 'positional-encoding'] },
  { id: 'positional-encoding', see: ['sinusoidal-encoding', 'learned-embedding', 'relative-position', 'nope'] },
  { id: 'relative-position', see: ['offset', 'rope', 'alibi'] },
  { id: 'rope', see: ['relative-position', 'dimension-pair', 'interleaved-layout'], source: 'su-2021' },
  {
    id: 'sinusoidal-encoding',
    see: ['dimension-pair', 'angular-frequency', 'base', 'positional-encoding'],
    source: 'vaswani-2017',
  },
  { id: 'softmax', see: ['attention', 'causal-mask'] },
  { id: 'token-embedding', see: ['d-model', 'positional-encoding'] },
  { id: 'wavelength', see: ['angular-frequency', 'base'] },
];

const IDS = new Set(ENTRIES.map((e) => e.id));

/** Throws unless `id` is a term's: a broken link fails a test, not a reader. */
export function checkTermId(id) {
  if (!IDS.has(id)) throw new Error(`glossary: no term with id "${id}"`);
}

/** The English name of term `id` (its `<id>.term` message: English is the source). */
export function englishTerm(id) {
  checkTermId(id);
  const key = `${id}.term`;
  if (!Object.hasOwn(EN_TERMS, key)) throw new Error(`glossary: en/glossary has no message ${key}`);
  return formatMessage(EN_TERMS[key], {}, SOURCE, `en/glossary:${key}`);
}

/**
 * The name of term `id` in `t`'s locale (t a translator, web/i18n/messages.js, its locale's glossary-terms
 * catalog loaded: startPage(['glossary-terms', …])); English without one.
 */
export function termName(id, t) {
  if (!t || t.locale === SOURCE) return englishTerm(id);
  checkTermId(id);
  return t.in('glossary-terms')(`${id}.term`);
}

/**
 * The page and anchor a term's links point to: glossary.html#id, with ?lang= when the page is not in English,
 * so a learner lands on the glossary in the language they are reading.
 */
export const glossaryHref = (id, locale = SOURCE) =>
  locale === SOURCE ? `glossary.html#${id}` : `glossary.html?lang=${encodeURIComponent(locale)}#${id}`;
