import { h } from '../widgets/dom.js';
import { textTable } from '../widgets/tables.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered } from './common.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'Why does the module store its fixed table with register_buffer?',
  options: [
    {
      id: 'buffer',
      correct: true,
      label: 'It is saved in the state_dict and moved by .to(device), and no optimiser updates it.',
      why:
        'A fixed table must not train, yet should travel with the model to devices and checkpoints: a buffer ' +
        'does both.',
    },
    {
      id: 'attribute',
      correct: false,
      label: 'A plain attribute (self.pe = pe) would do exactly the same in every way that matters.',
      why:
        'A plain tensor attribute is not in the state_dict and stays on its old device after model.to(…), which ' +
        'breaks on a GPU.',
    },
    {
      id: 'parameter',
      correct: false,
      label: 'nn.Parameter would be better, since training could then improve the table.',
      why:
        'Then the optimiser would update it and it would stop being the sinusoid: a learned table, the ' +
        'design met above.',
    },
  ],
};

// The bug hunt: what each way of storing the table does. It answers the question, so it appears once
// the question is checked.
function bugHunt() {
  const floats = (MODULE.maxLen * MODULE.dModel).toLocaleString('en');
  return h(
    'div',
    {},
    textTable({
      caption: `Three ways to store ${floats} floats`,
      head: ['', 'in state_dict()', 'moved by .to(device)', 'in parameters()', 'changed by optimizer.step()'],
      rows: [
        ['self.pe = pe', 'no: 0 floats saved', 'no', 'no', 'no'],
        ["register_buffer('pe', pe)", `yes: ${floats} floats`, 'yes', 'no', 'no'],
        ['nn.Parameter(pe)', `yes: ${floats} floats`, 'yes', 'yes', 'yes'],
      ],
    }),
    h(
      'p',
      {},
      'With self.pe = pe, model.to("cuda") leaves the table on the CPU: the next forward pass stops with a ',
      'device error.',
    ),
  );
}

export default {
  questions: [QUESTION],
  id: 'buffer-vs-parameter',
  title: 'Buffer, attribute or parameter?',
  why: 'Where a fixed table belongs in a PyTorch model: a [[buffer]], not a [[parameter]] or a plain attribute.',
  sources: [
    [
      'PyTorch: Module.register_buffer',
      'https://pytorch.org/docs/stable/generated/torch.nn.Module.html#torch.nn.Module.register_buffer',
    ],
  ],
  explain: {
    prompt: 'Why a buffer, and not a parameter or a plain attribute?',
    model:
      'A buffer is saved with the model and moved with it to another device, but the optimiser does not change it. ' +
      'A plain attribute is neither saved nor moved; a parameter would be trained and stop being the formula.',
  },
  mount(host, { onResult, answered = false }) {
    const after = h('div', { class: 'demo' }, bugHunt());
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([after], { answered, onResult }) });
    host.append(question.element, after);
    return question;
  },
};
