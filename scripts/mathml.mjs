// The formulas the pages show, typeset to MathML here, at build time, by KaTeX, so that no KaTeX script, style
// or font reaches a learner. Every exercise and card declares the TeX it shows (`formulas`); this writes
// web/widgets/mathml.js, which formula() reads. Run `node scripts/mathml.mjs` after changing a formula:
// tests/web/mathml.test.mjs fails until the file matches.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import { exercises } from '../web/exercises/index.js';
import formulaCard from '../web/cards/formula.js';
import whereCard from '../web/cards/where-it-enters.js';

export const OUTPUT = new URL('../web/widgets/mathml.js', import.meta.url);

/** Every formula declared, by mode: an exercise's `formulas.inline` and `.display`, a card's (all display). */
export function declared() {
  const inline = exercises.flatMap((e) => e.formulas?.inline ?? []);
  const display = [
    ...exercises.flatMap((e) => e.formulas?.display ?? []),
    ...[formulaCard, whereCard].flatMap((c) => c.formulas ?? []),
  ];
  return { inline: [...new Set(inline)].sort(), display: [...new Set(display)].sort() };
}

const THIN_SPACE = '0.1667em'; // TeX's \thinspace, 3 mu

// KaTeX's <math> element (its MathML output wraps it in a span of class "katex", which nothing here styles).
function mathml(tex, displayMode) {
  const html = katex.renderToString(tex, { output: 'mathml', displayMode, throwOnError: true });
  const math = html.match(/^<span class="katex">(<math[\s\S]*<\/math>)<\/span>$/);
  if (!math) throw new Error(`KaTeX's output for ${tex} is not one <math> element in a span`);
  // TeX sets a thin space between an operator's name and its argument (sin kω); KaTeX writes an invisible
  // function application there, which Chromium's MathML gives no width (it drew "sinkω"): give it the space.
  return math[1].replaceAll('<mo>\u2061</mo>', `<mo rspace="${THIN_SPACE}">\u2061</mo>`);
}

/** The text of web/widgets/mathml.js for the formulas declared. */
export function moduleText({ inline, display } = declared()) {
  const entries = (list, displayMode) => Object.fromEntries(list.map((tex) => [tex, mathml(tex, displayMode)]));
  const map = { inline: entries(inline, false), display: entries(display, true) };
  return (
    `// Written by scripts/mathml.mjs (KaTeX ${katex.version}) from the formulas the exercises and cards declare:\n` +
    '// edit those, then run `node scripts/mathml.mjs`.\n' +
    `export default ${JSON.stringify(map, null, 2)};\n`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OUTPUT, moduleText());
  console.log(`mathml: ${fileURLToPath(OUTPUT)}`);
}
