// The module never evaluates strings as code (built with -sDYNAMIC_EXECUTION=0), so it runs where a
// strict Content-Security-Policy forbids eval. Node's --disallow-code-generation-from-strings is the
// same rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

test('the lab loads and computes with code generation from strings disallowed', () => {
  const script = `
    const { createLab } = await import('positional-encoding-lab');
    let evalBlocked = false;
    try { eval('1'); } catch { evalBlocked = true; }
    const lab = await createLab();
    const r = lab.permutation({ tokens: [1, 2, 3], vocabSize: 4, dModel: 8, dK: 4, swap: [0, 2] });
    try { lab.sinusoidal({ positions: 0, dModel: 8 }); } catch (e) { console.log(e.name); }
    console.log(evalBlocked, lab.sinusoidal({ positions: 2, dModel: 2 })[2].toFixed(6), r.withoutEncoding.relabelResidual < 1e-5);
  `;
  const out = execFileSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  assert.equal(out.trim(), `RangeError\ntrue ${Math.sin(1).toFixed(6)} true`);
});
