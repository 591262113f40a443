// The colour maps of the heatmap and the matrix tables (web/widgets/colormap.js): the diverging table from
// ColorBrewer's PuOr, the index a value takes in it, the CSS colour and text tone of a cell, the sequential
// table of unsigned maps, and the hex colours a theme gives. Expected colours come from the published PuOr
// anchors and from the WCAG 2 formulas, written here, never from the module's own output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import {
  LUT_SIZE,
  lut,
  lut32,
  lutIndex,
  cssColour,
  textToneFor,
  sequentialLut32,
  rgbOfHex,
} from '../../web/widgets/colormap.js';

// ColorBrewer PuOr, 11 classes, orange to purple (colorbrewer2.org), as numbers.
const PUOR = [
  [0x7f, 0x3b, 0x08],
  [0xb3, 0x58, 0x06],
  [0xe0, 0x82, 0x14],
  [0xfd, 0xb8, 0x63],
  [0xfe, 0xe0, 0xb6],
  [0xf7, 0xf7, 0xf7],
  [0xd8, 0xda, 0xeb],
  [0xb2, 0xab, 0xd2],
  [0x80, 0x73, 0xac],
  [0x54, 0x27, 0x88],
  [0x2d, 0x00, 0x4b],
];

const entry = (i) => [lut[i * 4], lut[i * 4 + 1], lut[i * 4 + 2]];
const limits = [1, 0.5, 16, 1e-3, 1e6];

// WCAG 2: relative luminance of an sRGB colour, and the contrast ratio of two luminances.
function luminance([r, g, b]) {
  const channel = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

// A value that lands on table entry i: i's share of the way from −limit to +limit.
const valueAt = (i, limit) => ((2 * i) / (LUT_SIZE - 1) - 1) * limit;

test('the table has 256 opaque entries, PuOr orange at −limit, near white at 0, purple at +limit', () => {
  assert.equal(LUT_SIZE, 256);
  assert.equal(lut.length, 4 * LUT_SIZE);
  assert.ok(lut instanceof Uint8ClampedArray);
  for (let i = 0; i < LUT_SIZE; i++) assert.equal(lut[i * 4 + 3], 255, `alpha of entry ${i}`);
  assert.deepEqual(entry(0), PUOR[0]);
  assert.deepEqual(entry(LUT_SIZE - 1), PUOR[10]);
  // 256 entries have no middle one: 0 takes entry 127 or 128, within a unit per channel of PuOr's #f7f7f7.
  for (const channel of entry(lutIndex(0, 1)))
    assert.ok(Math.abs(channel - 0xf7) <= 1, `0 is drawn as ${entry(lutIndex(0, 1))}`);
});

test('between anchors the table is linear: each entry within rounding (0.5) of the blend of its two anchors', () => {
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = (i / (LUT_SIZE - 1)) * (PUOR.length - 1); // the 11 anchors evenly spaced over the 256 entries
    const k = Math.min(Math.floor(t), PUOR.length - 2);
    entry(i).forEach((got, c) => {
      const want = PUOR[k][c] + (PUOR[k + 1][c] - PUOR[k][c]) * (t - k);
      assert.ok(Math.abs(got - want) <= 0.5, `entry ${i} channel ${c}: ${got}, want ${want}`);
    });
  }
  // The even anchors fall on whole entries (m·25.5): there the table is the anchor itself.
  for (let m = 0; m < PUOR.length; m += 2) assert.deepEqual(entry((m * 51) / 2), PUOR[m], `anchor ${m}`);
});

test(
  'lut32 is the same memory as packed RGBA words, red in the low byte (little-endian)',
  { skip: endianness() !== 'LE' },
  () => {
    assert.equal(lut32.length, LUT_SIZE);
    assert.equal(lut32.buffer, lut.buffer);
    for (let i = 0; i < LUT_SIZE; i++) {
      const [r, g, b] = entry(i);
      assert.equal(lut32[i], (r | (g << 8) | (b << 16) | (255 << 24)) >>> 0, `entry ${i}`);
    }
  },
);

test('lutIndex maps [−limit, limit] linearly onto 0 … 255, rounding to the nearest entry', () => {
  for (const limit of limits) {
    assert.equal(lutIndex(-limit, limit), 0, `−${limit}`);
    assert.equal(lutIndex(limit, limit), LUT_SIZE - 1, `+${limit}`);
    let previous = -1;
    for (let n = 0; n <= 1000; n++) {
      const v = (n / 500 - 1) * limit;
      const i = lutIndex(v, limit);
      assert.ok(Number.isInteger(i) && i >= 0 && i < LUT_SIZE, `${v} of ${limit}: ${i}`);
      const exact = ((v / limit + 1) / 2) * (LUT_SIZE - 1);
      assert.ok(Math.abs(i - exact) <= 0.5 + 1e-9, `${v} of ${limit}: ${i}, exact ${exact}`);
      assert.ok(i >= previous, `not monotonic at ${v} of ${limit}`);
      previous = i;
    }
    for (let i = 0; i < LUT_SIZE; i++) assert.equal(lutIndex(valueAt(i, limit), limit), i, `entry ${i} of ${limit}`);
  }
});

test('values beyond ±limit clamp to the ends, infinities included', () => {
  for (const limit of limits)
    for (const beyond of [1.0001, 2, 1e9, Infinity]) {
      assert.equal(lutIndex(-beyond * limit, limit), 0, `−${beyond}·${limit}`);
      assert.equal(lutIndex(beyond * limit, limit), LUT_SIZE - 1, `+${beyond}·${limit}`);
    }
  assert.equal(cssColour(-5, 1), cssColour(-1, 1));
  assert.equal(cssColour(Infinity, 1), cssColour(1, 1));
});

test('the sign picks the half: below 0 the orange half (≤ 127), above it the purple half (≥ 128)', () => {
  for (const limit of limits)
    for (const share of [1e-12, 1e-6, 0.001, 0.003, 0.25, 0.5, 0.777, 1]) {
      const v = share * limit;
      assert.ok(lutIndex(-v, limit) <= 127, `−${v} of ${limit}: ${lutIndex(-v, limit)}`);
      assert.ok(lutIndex(v, limit) >= 128, `${v} of ${limit}: ${lutIndex(v, limit)}`);
      // Mirror images: 255 − i, or one more where both round a half up (at 0 itself, 128 + 128).
      const sum = lutIndex(v, limit) + lutIndex(-v, limit);
      assert.ok(sum === 255 || sum === 256, `±${v} of ${limit}: ${sum}`);
    }
  assert.ok([127, 128].includes(lutIndex(0, 1)));
  assert.equal(lutIndex(-0, 1), lutIndex(0, 1));
});

test('cssColour is "rgb(r, g, b)" of the entry lutIndex picks', () => {
  assert.equal(cssColour(-1, 1), `rgb(${0x7f}, ${0x3b}, ${0x08})`);
  assert.equal(cssColour(16, 16), `rgb(${0x2d}, ${0x00}, ${0x4b})`);
  for (const limit of [1, 16])
    for (let n = 0; n <= 40; n++) {
      const v = (n / 20 - 1) * limit;
      const match = /^rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)$/.exec(cssColour(v, limit));
      assert.ok(match, `${v}: ${cssColour(v, limit)}`);
      assert.deepEqual(match.slice(1).map(Number), entry(lutIndex(v, limit)), `${v} of ${limit}`);
    }
});

test('textToneFor picks whichever of black and white text contrasts more, and that reaches 4.5:1 everywhere', () => {
  const black = luminance([0, 0, 0]),
    white = luminance([255, 255, 255]);
  const tones = new Set();
  for (let i = 0; i < LUT_SIZE; i++) {
    const cell = luminance(entry(i));
    const onBlack = contrast(cell, black),
      onWhite = contrast(cell, white);
    const tone = textToneFor(valueAt(i, 1), 1);
    tones.add(tone);
    if (Math.abs(onBlack - onWhite) > 1e-9) assert.equal(tone, onBlack > onWhite ? 'dark' : 'light', `entry ${i}`);
    const chosen = tone === 'dark' ? onBlack : onWhite;
    // The better of the two is never below √(1.05 / 0.05) ≈ 4.58 (where both are equal), so AA for text holds.
    assert.ok(chosen >= 4.5, `entry ${i} (${entry(i)}): ${tone} text at ${chosen.toFixed(2)}:1`);
  }
  // The map's dark ends take light text and its pale middle dark text.
  assert.deepEqual([...tones].sort(), ['dark', 'light']);
  assert.equal(textToneFor(-1, 1), 'light');
  assert.equal(textToneFor(0, 1), 'dark');
  assert.equal(textToneFor(1, 1), 'light');
  // The tone depends on the value's share of the limit only.
  for (let i = 0; i < LUT_SIZE; i += 5) assert.equal(textToneFor(valueAt(i, 16), 16), textToneFor(valueAt(i, 1), 1));
});

// The matrix tables paint 'dark' text in the colour of td.on-light and 'light' text in that of td.on-dark
// (web/styles/controls.css), not in pure black and white.
function cssTextColour(selector) {
  const css = readFileSync(new URL('../../web/styles/controls.css', import.meta.url), 'utf8');
  const match = new RegExp(
    `${selector.replace('.', '\\.')}\\s*\\{[^}]*?(?<![-\\w])color:\\s*(#[0-9a-f]{3,6})\\b`,
    'i',
  ).exec(css);
  assert.ok(match, `no colour for ${selector} in controls.css`);
  const hex = match[1].length === 4 ? `#${[...match[1].slice(1)].map((c) => c + c).join('')}` : match[1];
  return rgbOfHex(hex.toLowerCase());
}

test('with the text colours the matrix table uses, every cell colour reaches 4.5:1', () => {
  const dark = luminance(cssTextColour('td.on-light')),
    light = luminance(cssTextColour('td.on-dark'));
  const below = [];
  for (let i = 0; i < LUT_SIZE; i++) {
    const cell = luminance(entry(i));
    const ratio = contrast(cell, textToneFor(valueAt(i, 1), 1) === 'dark' ? dark : light);
    if (ratio < 4.5) below.push(`${i}: ${ratio.toFixed(2)}`);
  }
  assert.deepEqual(below, []);
});

test('sequentialLut32 runs linearly from low at 0 to high at the limit, opaque, packed as lut32 is', () => {
  for (const [low, high] of [
    ['#ffffff', '#5b2a86'], // the heatmap's fallbacks (page background, accent)
    ['#121212', '#c9a7ff'], // a dark theme: every channel rising
    ['#ffffff', '#000000'], // every channel falling
  ]) {
    const lo = rgbOfHex(low),
      hi = rgbOfHex(high);
    const words = sequentialLut32(lo, hi);
    assert.ok(words instanceof Uint32Array);
    assert.equal(words.length, LUT_SIZE);
    const bytes = new Uint8Array(words.buffer); // memory order: r, g, b, a whatever the endianness
    assert.deepEqual([...bytes.subarray(0, 4)], [...lo, 255], `${low} → ${high} at 0`);
    assert.deepEqual([...bytes.subarray(4 * (LUT_SIZE - 1))], [...hi, 255], `${low} → ${high} at the limit`);
    for (let i = 0; i < LUT_SIZE; i++) {
      assert.equal(bytes[i * 4 + 3], 255);
      for (let c = 0; c < 3; c++) {
        const want = lo[c] + ((hi[c] - lo[c]) * i) / (LUT_SIZE - 1);
        assert.ok(Math.abs(bytes[i * 4 + c] - want) <= 0.5, `${low} → ${high}, entry ${i} channel ${c}`);
      }
    }
  }
  // Given the diverging table's two ends, its words at 0 and 255 are lut32's.
  const ends = sequentialLut32(entry(0), entry(LUT_SIZE - 1));
  assert.equal(ends[0], lut32[0]);
  assert.equal(ends[LUT_SIZE - 1], lut32[LUT_SIZE - 1]);
});

test('rgbOfHex reads "#rrggbb" in either case', () => {
  assert.deepEqual(rgbOfHex('#000000'), [0, 0, 0]);
  assert.deepEqual(rgbOfHex('#ffffff'), [255, 255, 255]);
  assert.deepEqual(rgbOfHex('#5b2a86'), [0x5b, 0x2a, 0x86]);
  assert.deepEqual(rgbOfHex('#5B2A86'), [0x5b, 0x2a, 0x86]);
  assert.deepEqual(rgbOfHex('#0a0b0c'), [10, 11, 12]);
  const hex2 = (c) => c.toString(16).padStart(2, '0');
  for (let r = 0; r < 256; r += 15)
    for (let g = 3; g < 256; g += 36)
      for (const b of [0, 1, 127, 128, 254, 255]) {
        const hex = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
        assert.deepEqual(rgbOfHex(hex), [r, g, b], hex);
      }
});
