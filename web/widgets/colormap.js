// A diverging, colour-blind-safe colour map (ColorBrewer PuOr, 11 classes): orange for −1, near
// white for 0, purple for +1. Lookups go through a 256-entry table so a frame costs no math per cell.
const ANCHORS = [
  '#7f3b08',
  '#b35806',
  '#e08214',
  '#fdb863',
  '#fee0b6',
  '#f7f7f7',
  '#d8daeb',
  '#b2abd2',
  '#8073ac',
  '#542788',
  '#2d004b',
].map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));

export const LUT_SIZE = 256;

function build() {
  const lut = new Uint8ClampedArray(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = (i / (LUT_SIZE - 1)) * (ANCHORS.length - 1);
    const k = Math.min(Math.floor(t), ANCHORS.length - 2);
    const f = t - k;
    for (let c = 0; c < 3; c++) lut[i * 4 + c] = ANCHORS[k][c] + (ANCHORS[k + 1][c] - ANCHORS[k][c]) * f;
    lut[i * 4 + 3] = 255;
  }
  return lut;
}

export const lut = build();

/** The same table as packed RGBA words (little-endian, as ImageData's bytes read on every engine we
 *  target), so a pixel is one store. */
export const lut32 = new Uint32Array(lut.buffer);

/** Index into the table for a value in [−limit, limit] (clamped). */
export function lutIndex(value, limit) {
  const t = (value / limit + 1) / 2;
  return Math.max(0, Math.min(LUT_SIZE - 1, Math.round(t * (LUT_SIZE - 1))));
}

/** CSS colour for a value, for legends and swatches. */
export function cssColour(value, limit) {
  const i = lutIndex(value, limit) * 4;
  return `rgb(${lut[i]}, ${lut[i + 1]}, ${lut[i + 2]})`;
}

/** 'dark' or 'light' text, whichever contrasts more with the cell colour (WCAG relative luminance). */
export function textToneFor(value, limit) {
  const i = lutIndex(value, limit) * 4;
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const L = 0.2126 * lin(lut[i]) + 0.7152 * lin(lut[i + 1]) + 0.0722 * lin(lut[i + 2]);
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? 'dark' : 'light'; // black text vs white text contrast
}

/**
 * A sequential table for values from 0 to a limit (`signed: false` heatmaps): from `low` at 0 to
 * `high` at the limit, both [r, g, b], as packed RGBA words like lut32. The heatmap takes the two ends
 * from the theme (its background and its accent), so 0 looks like the page in light and dark alike.
 */
export function sequentialLut32(low, high) {
  const bytes = new Uint8ClampedArray(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const f = i / (LUT_SIZE - 1);
    for (let c = 0; c < 3; c++) bytes[i * 4 + c] = low[c] + (high[c] - low[c]) * f;
    bytes[i * 4 + 3] = 255;
  }
  return new Uint32Array(bytes.buffer);
}

/** [r, g, b] of a '#rrggbb' colour (what a canvas context's fillStyle reads back for an opaque colour). */
export function rgbOfHex(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
