// The table explorer: the sinusoidal heatmap with controls for positions, dModel, base and
// convention. Every redraw asks the wasm core for the table, filling one reused Float32Array.
import { Heatmap } from './widgets/heatmap.js';
import { h } from './widgets/dom.js';
import { slider, select, numberField } from './widgets/controls.js';

const CONVENTIONS = [
  ['paper', 'paper (sin, cos interleaved)'],
  ['halves', 'halves ([sin | cos])'],
  ['tensor2tensor', 'tensor2tensor ([sin | cos])'],
];

function columnMeaning(variant, dModel, column) {
  const pairs = Math.floor(dModel / 2);
  if (column >= 2 * pairs) return 'padding column';
  if (variant === 'paper') return `pair ${column >> 1}, ${column % 2 ? 'cos' : 'sin'}`;
  return column < pairs ? `pair ${column}, sin` : `pair ${column - pairs}, cos`;
}

export function mountExplorer(host, lab) {
  const controls = {
    positions: slider({ id: 'positions', label: 'Positions', min: 1, max: 1024, value: 128 }),
    dModel: slider({ id: 'dModel', label: 'dModel', min: 2, max: 512, step: 2, value: 64 }),
    base: numberField({ id: 'base', label: 'Base', min: 2, max: 1e9, value: 10000 }),
    variant: select({ id: 'variant', label: 'Convention', value: 'paper', options: CONVENTIONS }),
  };
  const inputs = Object.fromEntries(Object.entries(controls).map(([k, c]) => [k, c.input]));
  const form = h('form', { class: 'controls', onsubmit: (e) => e.preventDefault() }, Object.values(controls).map((c) => c.element));
  const status = h('p', { class: 'status', role: 'status' });
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
