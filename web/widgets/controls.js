// Labelled controls, written once for the explorer and the exercises: a range slider that shows its
// value, a select, and a number field. Each returns {input, element}; `id` is generated unless given. Their
// labels and options are the caller's words; the value a slider shows is written in the locale of `t` (a
// translator, web/i18n/messages.js; English by default), as 0,5 in Spanish.
import { h, uid } from './dom.js';
import { widgetWords } from './describe.js';

function labelled(id, label, ...parts) {
  return h('div', { class: 'control' }, h('label', { for: id }, label), ...parts);
}

export function slider({ id = uid('slider'), label, min, max, step = 1, value, oninput, t }) {
  const w = widgetWords(t);
  const input = h('input', { type: 'range', id, min, max, step, value });
  // The slider announces its own value; an <output> is a live region too, and would say it a second time.
  const shown = h('output', { for: id, 'aria-hidden': 'true' }, w.decimal(value));
  input.addEventListener('input', () => {
    shown.value = w.decimal(input.value);
    oninput?.(Number(input.value));
  });
  return { input, element: labelled(id, label, input, shown) };
}

/** options: [[value, text], …] */
export function select({ id = uid('select'), label, options, value, onchange }) {
  const input = h(
    'select',
    { id },
    ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
  );
  input.addEventListener('change', () => onchange?.(input.value));
  return { input, element: labelled(id, label, input) };
}

export function numberField({ id = uid('number'), label, min, max, step = 'any', value, oninput }) {
  const input = h('input', { type: 'number', id, min, max, step, value });
  input.addEventListener('input', () => oninput?.(Number(input.value)));
  return { input, element: labelled(id, label, input) };
}
