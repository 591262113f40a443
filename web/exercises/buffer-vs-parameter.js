import { h } from '../widgets/dom.js';
import { textTable } from '../widgets/tables.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered } from './common.js';
import { choiceQuestion } from '../widgets/question.js';
import { localQuestion } from '../i18n/exercise.js';

// The question: which option is right (its words: the catalog's q.prompt, q.<id>.label, q.<id>.why).
const QUESTION = {
  key: 'q',
  order: 'Why does the module store its fixed table with register_buffer?',
  options: [
    { id: 'buffer', correct: true },
    { id: 'attribute', correct: false },
    { id: 'parameter', correct: false },
  ],
};

// The bug hunt: what each way of storing the table does. It answers the question, so it appears once
// the question is checked. The first column is code, the same in every language.
function bugHunt(t) {
  const floats = MODULE.maxLen * MODULE.dModel;
  const yes = t('table.yes'),
    no = t('table.no'),
    saved = t('table.saved', { floats });
  return h(
    'div',
    {},
    textTable({
      caption: t('table.caption', { floats }),
      head: ['', t('table.stateDict'), t('table.moved'), t('table.parameters'), t('table.optimizer')],
      rows: [
        ['self.pe = pe', t('table.notSaved'), no, no, no],
        ["register_buffer('pe', pe)", saved, yes, no, no],
        ['nn.Parameter(pe)', saved, yes, yes, yes],
      ],
      t,
    }),
    h('p', {}, t('device')),
  );
}

// Its words: web/i18n/catalogs/<locale>/buffer-vs-parameter.json (title, why, and each sentence below by its id).
export default {
  questions: [QUESTION],
  id: 'buffer-vs-parameter',
  sources: [
    [
      'source.registerBuffer', // an API's name: the same in every language
      'https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.register_buffer',
    ],
  ],
  mount(host, { onResult, answered = false, t }) {
    const after = h('div', { class: 'demo' }, bugHunt(t));
    const question = choiceQuestion({
      ...localQuestion(QUESTION, t),
      onResult: hiddenUntilAnswered([after], { answered, onResult }),
      t,
    });
    host.append(question.element, after);
    return question;
  },
};
