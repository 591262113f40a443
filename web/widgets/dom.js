// Element building without innerHTML: text always goes in as textContent, so nothing a learner types
// is ever parsed as HTML.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  el.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

let counter = 0;
/** A document-unique id with a readable prefix (for label/aria wiring). */
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** Formats a number for display with a fixed number of significant decimals. */
export function fmt(value, digits = 4) {
  // ±∞ as the lesson writes it (a masked score is −∞), with a true minus sign.
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '−∞';
  // Exponential only where fixed notation would show nothing but zeros, or too many digits.
  if (value !== 0 && (Math.abs(value) < 0.5 * 10 ** -digits || Math.abs(value) >= 1e6)) return value.toExponential(2);
  return value.toFixed(digits);
}

/** An integer in Unicode subscript digits, for names like M₁₂ in running text. */
export const subscript = (n) => String(n).replace(/[0-9-]/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[c] ?? '₋');
