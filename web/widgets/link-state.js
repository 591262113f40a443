// A demo's settings in the page's address, so that a teacher can link to what they mean (as TensorFlow
// Playground does): `?positions=256&dModel=128` opens the explorer there. The inputs are the schema: a value
// from a link is taken only if its input would take it (a select's options; a number within the input's min
// and max, on its step); anything else is ignored and said, never a failure. Other parameters of the
// address and its #fragment are kept as they are. What it says is in the language of the `t` it is given
// (a translator, web/i18n/messages.js; English by default).
import { h } from './dom.js';
import { widgetWords } from './describe.js';

const WRITE_MS = 300; // the address is rewritten once a drag pauses, not on every frame of it

// Why `raw` does not fit `input` (the arguments of the message link.ignored.item), or null when it does.
function misfit(input, raw, w) {
  if (input.tagName === 'SELECT') {
    const allowed = [...input.options].map((o) => o.value);
    return allowed.includes(raw) ? null : { rule: 'oneOf', allowed: allowed.join(', '), min: '', max: '', step: '' };
  }
  const [min, max] = [Number(input.min), Number(input.max)];
  const step = input.step === 'any' || input.step === '' ? null : Number(input.step || 1);
  const rule = {
    rule: step ? 'steps' : 'range',
    allowed: '',
    min: w.decimal(min),
    max: w.decimal(max),
    step: step ? w.decimal(step) : '',
  };
  const value = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) return rule;
  if (step && Math.abs((value - min) / step - Math.round((value - min) / step)) > 1e-9) return rule;
  return null;
}

/**
 * Sets each of `inputs` ({name: input}) that the page's address names to its value there (firing `input`
 * so that what shows a value follows), and returns the sentence saying what was ignored ('' if nothing).
 */
export function applyLink(inputs, search = location.search, t) {
  const w = widgetWords(t);
  const params = new URLSearchParams(search);
  const ignored = [];
  for (const [name, input] of Object.entries(inputs)) {
    if (!params.has(name)) continue;
    const raw = params.get(name);
    const rule = misfit(input, raw, w);
    if (rule) {
      ignored.push(w('link.ignored.item', { name, value: raw.slice(0, 40), ...rule }));
      continue;
    }
    input.value = raw;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return ignored.length ? w('link.ignored', { items: ignored.join(w('link.ignored.separator')) }) : '';
}

/** Keeps the page's address holding `inputs`' values as they change (once they pause). */
export function keepInLink(inputs, form) {
  let timer = 0;
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => history.replaceState(history.state, '', linkTo(inputs)), WRITE_MS);
  });
}

/** The page's address with `inputs`' current values in its query. */
export function linkTo(inputs) {
  const url = new URL(location.href);
  for (const [name, input] of Object.entries(inputs)) url.searchParams.set(name, input.value);
  return url.href;
}

/**
 * A "Copy link" button: the address of these settings to the clipboard, said in `status` (a live region);
 * where the clipboard is refused (a frame without the permission), the link is said for copying by hand.
 * Its text is common's button.copyLink, which mount.js recognises as a generic button's.
 */
export function copyLinkButton(inputs, say, t) {
  const w = widgetWords(t);
  return h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      onclick: async () => {
        const link = linkTo(inputs);
        try {
          await navigator.clipboard.writeText(link);
          say(w('link.copied'));
        } catch {
          say(w('link.copyRefused', { link }));
        }
      },
    },
    (t ?? w).in('common')('button.copyLink'), // as the exercise's own translator says it (mount.js compares)
  );
}

/**
 * A demo's controls in the page's address, as the explorer's are: set from it now (a value ignored leaves the
 * address), written back as they change. Returns the Copy link button and the line that says what a link
 * held that no control takes, or what Copy link did (empty otherwise); `t` the translator they speak with.
 */
export function linkDemo(inputs, form, t) {
  const note = h('p', { class: 'hint link-note', role: 'status' }, applyLink(inputs, location.search, t));
  if (note.textContent) history.replaceState(history.state, '', linkTo(inputs));
  keepInLink(inputs, form);
  return { button: copyLinkButton(inputs, (text) => (note.textContent = text), t), note };
}
