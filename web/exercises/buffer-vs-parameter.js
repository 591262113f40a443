import { h } from '../widgets/dom.js';
import { choiceQuestion } from '../widgets/question.js';

// The question, as data: prompt, options and why each is right or wrong.
const QUESTION = {
  prompt: 'A PyTorch module stores its fixed sinusoidal table with register_buffer. What is the right reason?',
  options: [
    {
      id: 'buffer',
      correct: true,
      label: 'It is saved in the state_dict and moved by .to(device), and no optimiser updates it.',
      why: 'The table is fixed by the formula, so it must not train; yet it should travel with the model between devices and checkpoints. A buffer does both.',
    },
    {
      id: 'attribute',
      correct: false,
      label: 'A plain attribute (self.pe = pe) would behave exactly the same in every respect that matters.',
      why: 'A plain tensor attribute is not in the state_dict and stays on its old device after model.to(…), which breaks on a GPU.',
    },
    {
      id: 'parameter',
      correct: false,
      label: 'nn.Parameter would be better, since training could then improve the table.',
      why: 'Then the optimiser would update it and it would stop being the sinusoid: that is a learned table, a different design with its own limits.',
    },
  ],
};

export default {
  questions: [QUESTION],
  id: 'buffer-vs-parameter',
  title: 'Buffer, attribute or parameter?',
  explain: {
    prompt: 'Why is the sinusoidal table registered as a buffer rather than a parameter or a plain attribute?',
    model:
      'A buffer is saved with the model and moved with it to another device, but the optimiser does not change it. A plain attribute is neither saved nor moved; a parameter would be trained and stop being the formula.',
  },
  mount(host, { onResult }) {
    const question = choiceQuestion({ onResult, ...QUESTION });
    host.append(
      h(
        'p',
        {},
        'The lesson’s PyTorch module is sequence-first: its table has shape [max_len, 1, d_model] and inputs [seq_len, batch, d_model].',
      ),
      question.element,
    );
    return question;
  },
};
