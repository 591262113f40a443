// The table explorer: the sinusoidal heatmap with controls for positions, dModel, base and
// convention. Every redraw asks the wasm core for the table, filling one reused Float32Array.
import { Heatmap } from './widgets/heatmap.js';

const CONVENTIONS = {
  paper: 'paper (sin, cos interleaved)',
  halves: 'halves ([sin | cos])',
  tensor2tensor: 'tensor2tensor ([sin | cos])',
};

function control(form, { id, label, type, min, max, step, value, options }) {
  const wrap = document.createElement('div');
  wrap.className = 'control';
  const text = document.createElement('label');
  text.htmlFor = id;
  text.textContent = label;
  let input;
  if (type === 'select') {
    input = document.createElement('select');
    for (const [v, name] of Object.entries(options)) input.add(new Option(name, v, v === value, v === value));
  } else {
    input = document.createElement('input');
    Object.assign(input, { type, min, max, step, value });
  }
  input.id = id;
  wrap.append(text, input);
  if (type === 'range') {
    const shown = document.createElement('output');
    shown.htmlFor = id;
    shown.value = value;
    input.addEventListener('input', () => (shown.value = input.value));
    wrap.append(shown);
  }
  form.append(wrap);
  return input;
}

function columnMeaning(variant, dModel, column) {
  const pairs = Math.floor(dModel / 2);
  if (column >= 2 * pairs) return 'padding column';
  if (variant === 'paper') return `pair ${column >> 1}, ${column % 2 ? 'cos' : 'sin'}`;
  return column < pairs ? `pair ${column}, sin` : `pair ${column - pairs}, cos`;
}

export function mountExplorer(host, lab) {
  const form = document.createElement('form');
  form.className = 'controls';
  form.addEventListener('submit', (e) => e.preventDefault());
  const inputs = {
    positions: control(form, { id: 'positions', label: 'Positions', type: 'range', min: 1, max: 1024, step: 1, value: 128 }),
    dModel: control(form, { id: 'dModel', label: 'dModel', type: 'range', min: 2, max: 512, step: 2, value: 64 }),
    base: control(form, { id: 'base', label: 'Base', type: 'number', min: 2, max: 1e9, step: 'any', value: 10000 }),
    variant: control(form, { id: 'variant', label: 'Convention', type: 'select', value: 'paper', options: CONVENTIONS }),
  };
  const status = document.createElement('p');
  status.className = 'status';
  status.setAttribute('role', 'status');
  host.append(form, status);

  let variant = 'paper';
  const map = new Heatmap(host, {
    label: 'Heatmap of the sinusoidal position table: rows are positions, columns are dimensions, colour is the value from −1 to +1',
    describe: (p, c, v) => `Position ${p}, dimension ${c} (${columnMeaning(variant, Number(inputs.dModel.value), c)}): ${v.toFixed(6)}`,
  });

  // One backing buffer, grown when needed; each redraw fills an exact-length view of it, so moving
  // a slider allocates nothing.
  let backing = new Float32Array(0);
  function redraw() {
    const options = {
      positions: Number(inputs.positions.value),
      dModel: Number(inputs.dModel.value),
      base: Number(inputs.base.value),
      variant: inputs.variant.value,
    };
    const size = options.positions * options.dModel;
    let out;
    try {
      if (backing.length < size) backing = new Float32Array(size);
      out = lab.sinusoidal({ ...options, out: backing.subarray(0, size) });
    } catch (error) {
      status.textContent = error.message;
      inputs[error.param]?.setAttribute('aria-invalid', 'true');
      return;
    }
    Object.values(inputs).forEach((i) => i.removeAttribute('aria-invalid'));
    variant = options.variant;
    status.textContent = `${options.positions} positions × ${options.dModel} dimensions, computed by the WebAssembly core.`;
    map.update(out, options.positions, options.dModel, 0);
  }
  form.addEventListener('input', redraw);
  redraw();
  return { redraw, inputs, map };
}
