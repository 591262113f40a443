// The table explorer: the sinusoidal heatmap with controls for positions, dModel, base and
// convention. Every redraw asks the wasm core for the table, filling one reused Float32Array.
import { Heatmap } from './widgets/heatmap.js';
import { h } from './widgets/dom.js';
import { slider, select, numberField } from './widgets/controls.js';
import { applyLink, copyLinkButton, keepInLink, linkTo } from './widgets/link-state.js';
import { translator } from './i18n/messages.js';

// The conventions the select offers: its values (a link may name one: ?variant=halves) stay these in every
// language; their names are words of the explorer catalog (convention.<value>).
const CONVENTIONS = ['paper', 'halves', 'tensor2tensor'];

// Each convention's ω_k, for the sentence above the explorer (it names the selected one only).
const OMEGA = { paper: '−2k/d', halves: '−2k/d', tensor2tensor: '−k/(d/2−1)' };
function showOmega(variant) {
  const slot = document.getElementById('omega-formula');
  if (slot) slot.replaceChildren('base', h('sup', {}, OMEGA[variant]));
}

/** What a column holds, as the arguments of message map.cell: kind 'padding', or 'sin'/'cos' of pair `pair`. */
function columnMeaning(variant, dModel, column) {
  const pairs = Math.floor(dModel / 2);
  if (column >= 2 * pairs) return { kind: 'padding', pair: 0 };
  if (variant === 'paper') return { kind: column % 2 ? 'cos' : 'sin', pair: column >> 1 };
  return column < pairs ? { kind: 'sin', pair: column } : { kind: 'cos', pair: column - pairs };
}

/**
 * Lays out the controls and the heatmap at once, in the language of `t` (the explorer catalog's translator), and
 * computes and draws the table when `lab` (the Lab, or a promise of it) is there: the page can lay them out
 * while the core loads. Until then the controls are inert. Returns {inputs, map, redraw, ready}; `ready`
 * resolves once the first table is drawn (or rejects as the lab does).
 */
export function mountExplorer(host, labOrPromise, t = translator('en', 'explorer')) {
  const controls = {
    positions: slider({ id: 'positions', label: t('control.positions'), min: 1, max: 1024, value: 128 }),
    dModel: slider({ id: 'dModel', label: t('control.dModel'), min: 2, max: 512, step: 2, value: 64 }),
    base: numberField({ id: 'base', label: t('control.base'), min: 2, max: 1e9, value: 10000 }),
    variant: select({
      id: 'variant',
      label: t('control.convention'),
      value: 'paper',
      options: CONVENTIONS.map((value) => [value, t(`convention.${value}`)]),
    }),
  };
  const inputs = Object.fromEntries(Object.entries(controls).map(([k, c]) => [k, c.input]));
  // The settings a link carries (?positions=256&dModel=128&base=10000&variant=halves), and the address
  // kept holding them as they change; what a link held that no control takes is said in the status line.
  const linkNote = applyLink(inputs, location.search, t);
  // A value ignored leaves the address, which then holds what is shown (a copied link repeats no bad value).
  if (linkNote) history.replaceState(history.state, '', linkTo(inputs));
  const status = h('p', { class: 'status', role: 'status' });
  const form = h(
    'form',
    { class: 'controls', onsubmit: (e) => e.preventDefault() },
    Object.values(controls).map((c) => c.element),
    h(
      'div',
      { class: 'actions' },
      copyLinkButton(inputs, (text) => (status.textContent = text), t),
    ),
  );
  keepInLink(inputs, form);
  form.inert = true;
  host.append(form, status);

  let variant = 'paper';
  const map = new Heatmap(host, {
    label: t('map.label'),
    // The value always with six decimals, as toFixed writes it, with the language's decimal sign.
    describe: (p, c, v) =>
      t('map.cell', {
        p,
        c,
        ...columnMeaning(variant, Number(inputs.dModel.value), c),
        value: t.decimal(v.toFixed(6)),
      }),
    t,
  });

  // The slider path allocates no buffers: the table goes into one Float32Array, grown (to at least twice
  // its length, within what the sliders can ask for) only when a shape does not fit; the core fills an
  // exact-length view of it, made again only when the size changes; one options object is reused; the
  // heatmap keeps its own pixels the same way. The status line (a live region) changes only between an
  // error and the normal line, never on each frame of a drag: the sliders' <output>s show the values.
  const most = Number(inputs.positions.max) * Number(inputs.dModel.max);
  let backing = new Float32Array(0),
    table = backing;
  const options = { positions: 0, dModel: 0, base: 0, variant: 'paper', out: table };
  let failed = false,
    lab = null;
  const describeTable = (note = '') => {
    status.textContent = note ? t('status.computedNote', { note }) : t('status.computed');
  };
  function redraw() {
    if (!lab) return;
    options.positions = Number(inputs.positions.value);
    options.dModel = Number(inputs.dModel.value);
    options.base = Number(inputs.base.value);
    options.variant = inputs.variant.value;
    const size = options.positions * options.dModel;
    if (table.length !== size && size > 0 && size <= most) {
      if (backing.length < size) backing = new Float32Array(Math.max(size, Math.min(2 * backing.length, most)));
      table = backing.subarray(0, size);
    }
    options.out = table;
    try {
      lab.sinusoidal(options);
    } catch (error) {
      status.textContent = error.message;
      inputs[error.param]?.setAttribute('aria-invalid', 'true');
      failed = true;
      return;
    }
    if (failed) {
      failed = false;
      Object.values(inputs).forEach((i) => i.removeAttribute('aria-invalid'));
      describeTable();
    }
    if (variant !== options.variant) showOmega(options.variant);
    variant = options.variant;
    map.update(table, options.positions, options.dModel, 0);
  }
  form.addEventListener('input', redraw);
  const ready = Promise.resolve(labOrPromise).then((loaded) => {
    lab = loaded;
    form.inert = false;
    redraw();
    if (!failed) describeTable(linkNote);
  });
  return { redraw, inputs, map, ready };
}
