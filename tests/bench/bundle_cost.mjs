// What an app pays for each entry point of the package (package.json's exports), raw and gzip-compressed:
// the JS its bundle gains at import (bundled and minified by esbuild from the built dist/, the core's
// loader chunk included), and what is fetched only when used: the SIMD build's .wasm (the scalar one,
// 168 KB, instead where the engine has no SIMD) and the components' workers. Formulas are MathML inside
// components.js, so they are counted there.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dist = new URL('../../dist/', import.meta.url);
const size = (bytes) => ({ bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
const sum = (parts) =>
  parts.reduce((a, p) => ({ bytes: a.bytes + p.bytes, gzip: a.gzip + p.gzip }), { bytes: 0, gzip: 0 });

// The entry bundled as an app would (ESM, minified, the .wasm and workers left as files); the loader's two
// builds are chunks of their own, of which an engine loads one: the SIMD chunk is counted.
async function bundled(entry) {
  const result = await build({
    entryPoints: [new URL(entry, dist).pathname],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/out',
    external: ['node:fs/promises', '*.wasm'],
    logLevel: 'silent',
  });
  const files = result.outputFiles.filter((f) => f.path.endsWith('.js') && !/pelab-scalar/.test(f.path));
  return sum(files.map((f) => size(f.contents)));
}

export async function bundleCostFigures() {
  const file = async (name) => size(await readFile(new URL(name, dist)));
  const wasm = await file('pelab.wasm');
  const workers = sum([await file('assets/train-worker.js'), await file('assets/implement-worker.js')]);
  return [
    { entry: 'positional-encoding-lab', js: await bundled('index.js'), used: [['pelab.wasm', wasm]] },
    {
      entry: 'positional-encoding-lab/components',
      js: await bundled('components.js'),
      used: [
        ['pelab.wasm', wasm],
        ['2 workers', workers],
      ],
    },
    { entry: 'positional-encoding-lab/embed', js: await bundled('embed.js'), used: [] },
    { entry: 'positional-encoding-lab/embed.iife.js (a script tag)', js: await file('embed.iife.js'), used: [] },
  ];
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
export function printBundleCost(figures) {
  console.log('\n| entry point | JS at import | gzip | fetched when used | gzip |\n|---|---|---|---|---|');
  for (const { entry, js, used } of figures) {
    const later = used.length ? used.map(([what, s]) => `${what} ${kb(s.bytes)}`).join(' + ') : '—';
    const laterGzip = used.length ? used.map(([, s]) => kb(s.gzip)).join(' + ') : '—';
    console.log(`| \`${entry}\` | ${kb(js.bytes)} | ${kb(js.gzip)} | ${later} | ${laterGzip} |`);
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) printBundleCost(await bundleCostFigures());
