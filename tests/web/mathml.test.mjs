// The formulas arrive as MathML KaTeX wrote at build time (scripts/mathml.mjs), so no KaTeX reaches a learner.
// The committed web/widgets/mathml.js must be what KaTeX writes now for every formula the exercises and cards
// declare; a formula shown but not declared is caught in the browser (formula() reports it as a console error,
// which every page test counts as a problem).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { OUTPUT, declared, moduleText } from '../../scripts/mathml.mjs';

test('web/widgets/mathml.js is KaTeX’s MathML of every declared formula (else run node scripts/mathml.mjs)', async () => {
  const { inline, display } = declared();
  assert.ok(inline.length >= 10 && display.length >= 4, `${inline.length} inline, ${display.length} display`);
  assert.equal(await readFile(OUTPUT, 'utf8'), moduleText({ inline, display }));
});

test('each formula is one <math> element whose annotation is its own TeX, display ones marked as blocks', async () => {
  const { default: typeset } = await import('../../web/widgets/mathml.js');
  for (const [mode, formulas] of Object.entries(typeset))
    for (const [tex, math] of Object.entries(formulas)) {
      assert.match(math, /^<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"( display="block")?>/, tex);
      assert.equal(math.includes(' display="block"'), mode === 'display', tex);
      const annotation = math.match(/<annotation encoding="application\/x-tex">([\s\S]*)<\/annotation>/)[1];
      assert.equal(annotation.replaceAll('&amp;', '&'), tex);
      // An operator's name is set off from its argument (sin kω, not sinkω): no unspaced function application.
      assert.doesNotMatch(math, /<mo>\u2061<\/mo>/, tex);
    }
});
