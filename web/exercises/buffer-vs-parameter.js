import { h } from '../widgets/dom.js';
import { textTable } from '../widgets/tables.js';
import { TORCH_MODULE as MODULE, hiddenUntilAnswered } from './common.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'A PyTorch module stores its fixed sinusoidal table with register_buffer. What is the right reason?',
  options: [
    {
      id: 'buffer',
      correct: true,
      label: 'It is saved in the state_dict and moved by .to(device), and no optimiser updates it.',
      why:
        'The table is fixed by the formula, so it must not train; yet it should travel with the model between ' +
        'devices and checkpoints. A buffer does both.',
    },
    {
      id: 'attribute',
      correct: false,
      label: 'A plain attribute (self.pe = pe) would behave exactly the same in every respect that matters.',
      why:
        'A plain tensor attribute is not in the state_dict and stays on its old device after model.to(…), which ' +
        'breaks on a GPU.',
    },
    {
      id: 'parameter',
      correct: false,
      label: 'nn.Parameter would be better, since training could then improve the table.',
      why:
        'Then the optimiser would update it and it would stop being the sinusoid: that is a learned table, a ' +
        'different design with its own limits.',
    },
  ],
};

// A common optimiser setting, for the numbers shown once answered.
const ADAM = { lr: 1e-3, eps: 1e-8 };

// The bug hunt: what each way of storing the table does. It answers the question, so it appears once
// the question is checked.
function bugHunt() {
  const floats = (MODULE.maxLen * MODULE.dModel).toLocaleString('en');
  return h(
    'div',
    {},
    textTable({
      caption: `Three ways to store the table of ${floats} floats (d_model ${MODULE.dModel}, max_len ${MODULE.maxLen})`,
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
      'With self.pe = pe, model.to("cuda") moves the weights but not the table, and the first forward pass adds ',
      'a CPU tensor to a GPU tensor: PyTorch stops with a device error. A checkpoint does not contain the table, ',
      'which is harmless for a formula but not for anything that was changed.',
    ),
    h(
      'p',
      {},
      `With nn.Parameter and Adam at lr = ${ADAM.lr}: Adam’s first update is lr · g / (|g| + ε) per entry, so every `,
      `entry whose gradient g is much larger than ε = ${ADAM.eps} moves by almost exactly ${ADAM.lr}, one step `,
      'after training starts; the table stops being the formula. Rows past the longest training sequence get no ',
      'gradient and keep their initial values, so trained and untouched rows meet at that length. Adam also keeps ',
      `two running averages per entry: ${(2 * MODULE.maxLen * MODULE.dModel).toLocaleString('en')} more floats.`,
    ),
  );
}

export default {
  questions: [QUESTION],
  id: 'buffer-vs-parameter',
  title: 'Buffer, attribute or parameter?',
  explain: {
    prompt: 'Why is the sinusoidal table registered as a buffer rather than a parameter or a plain attribute?',
    model:
      'A buffer is saved with the model and moved with it to another device, but the optimiser does not change it. ' +
      'A plain attribute is neither saved nor moved; a parameter would be trained and stop being the formula.',
  },
  mount(host, { onResult, answered = false }) {
    const after = h('div', { class: 'demo' }, bugHunt());
    const question = choiceQuestion({ ...QUESTION, onResult: hiddenUntilAnswered([after], { answered, onResult }) });
    host.append(
      h(
        'p',
        {},
        'The lesson’s PyTorch module is sequence-first: its table has shape [max_len, 1, d_model] and inputs ' +
          '[seq_len, batch, d_model].',
      ),
      question.element,
      after,
    );
    return question;
  },
};
