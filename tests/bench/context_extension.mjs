// What each RoPE scaling keeps of a trained model's accuracy past its training length (README, "Longer than
// trained"): the lesson's RoPE arm (web/exercises/train-arms.js) trained STEPS steps on lengths 8–16, then
// evaluated at 32, 64 and 128 with each method (s = length / 16, L₀ = 16; dynamic NTK with factor 2), for
// three training seeds. `node tests/bench/context_extension.mjs`, or as part of npm run bench.
import { createLab } from 'positional-encoding-lab';
import { MODEL } from '../../web/exercises/train-arms.js';

const STEPS = 2000,
  L0 = 16,
  SAMPLES = 512,
  SEEDS = [1, 2, 3];
export const LENGTHS = [32, 64, 128];
const methods = (length) => ({
  none: undefined,
  linear: { type: 'linear', factor: length / L0 },
  ntk: { type: 'ntk', factor: length / L0 },
  dynamic: { type: 'dynamic', factor: 2, originalMaxPositions: L0, length },
  yarn: { type: 'yarn', factor: length / L0, originalMaxPositions: L0 },
});

/** { [length]: { [method]: [lowest, highest] accuracy over the seeds } } */
export async function contextExtensionFigures(lab) {
  lab ??= await createLab();
  const seen = {};
  for (const seed of SEEDS) {
    const run = lab.trainer({ ...MODEL, encoding: 'rope', attention: 'bidirectional', seed, maxEvalLength: 128 });
    for (let done = 0; done < STEPS; done += 100) run.step(100); // one call is capped: 100 at a time
    for (const length of LENGTHS)
      for (const [method, ropeScaling] of Object.entries(methods(length))) {
        const { accuracy } = run.evaluate({ length, samples: SAMPLES, seed: 7, ...(ropeScaling && { ropeScaling }) });
        ((seen[length] ??= {})[method] ??= []).push(accuracy);
      }
    run.delete();
  }
  for (const row of Object.values(seen))
    for (const [method, values] of Object.entries(row)) row[method] = [Math.min(...values), Math.max(...values)];
  return seen;
}

export function printContextExtension(figures) {
  const names = Object.keys(methods(LENGTHS[0]));
  console.log(`\n| length | ${names.join(' | ')} |\n|---|${names.map(() => '---').join('|')}|`);
  for (const length of LENGTHS) {
    const cells = names.map((m) => figures[length][m].map((v) => v.toFixed(3)).join('–'));
    console.log(`| ${length} | ${cells.join(' | ')} |`);
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) printContextExtension(await contextExtensionFigures());
