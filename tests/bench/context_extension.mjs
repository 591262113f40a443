// What each RoPE scaling keeps of a trained model's accuracy past its training length (README, "Longer than
// trained"): lesson 3's longer-than-trained experiment (web/exercises/stretch-experiment.js: the capstone's RoPE
// arm trained 2,000 steps on lengths 8–16, stretched by s = 4 with each method, tested on 512 fresh sequences per
// length, then a copy per method fine-tuned 100 steps on lengths 16–64 and tested again), for three training
// seeds, the page's among them. `node tests/bench/context_extension.mjs`, or as part of npm run bench.
import { createLab } from 'positional-encoding-lab';
import { METHODS, TEST_LENGTHS, runExperiment } from '../../web/exercises/stretch-experiment.js';

const SEEDS = [1, 2, 3];
export const LENGTHS = [32, 64, 128];

/** { plain|tuned: { [method]: { [length]: [lowest, highest] accuracy over the seeds } } } */
export async function contextExtensionFigures(lab) {
  lab ??= await createLab();
  const runs = SEEDS.map((seed) => runExperiment(lab, seed));
  const figures = {};
  for (const which of ['plain', 'tuned'])
    for (const m of METHODS)
      for (const length of LENGTHS) {
        const values = runs.map((r) => r[which][m.id][TEST_LENGTHS.indexOf(length)]);
        ((figures[which] ??= {})[m.id] ??= {})[length] = [Math.min(...values), Math.max(...values)];
      }
  return figures;
}

export function printContextExtension(figures) {
  const cells = (which, m, length) => figures[which][m.id][length].map((v) => v.toFixed(3)).join('–');
  console.log(
    `\n| method | ${LENGTHS.map((l) => `${l}`).join(' | ')} | ${LENGTHS.map((l) => `${l}, fine-tuned`).join(' | ')} |`,
  );
  console.log(`|---|${LENGTHS.map(() => '---|---').join('|')}|`);
  for (const m of METHODS)
    console.log(
      `| ${m.name} | ${LENGTHS.map((l) => cells('plain', m, l)).join(' | ')} | ` +
        `${LENGTHS.map((l) => cells('tuned', m, l)).join(' | ')} |`,
    );
}

if (process.argv[1] === new URL(import.meta.url).pathname) printContextExtension(await contextExtensionFigures());
