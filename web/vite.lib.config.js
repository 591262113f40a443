// Library builds for the npm package, selected with LIB=components|workers|embed:
//   components → dist/components.js: <pe-exercise> with the exercises, widgets and styles bundled in;
//                the formulas are MathML written at build time (scripts/mathml.mjs); the lab itself stays
//                an import of ./index.js (the package entry).
//   workers    → dist/assets/implement-worker.js and dist/assets/train-worker.js, the exercises' workers;
//                train-worker imports the package entry as ../index.js, so it loads the package's own core
//                and .wasm (bundled in, lib mode would inline the .wasm as a data: URL, which a strict CSP
//                refuses).
//   embed      → dist/embed.js (ESM) and dist/embed.iife.js (a plain script, global PelabEmbed).
//
// components.js starts each worker with the standard pattern, verbatim:
//   new Worker(new URL("./assets/train-worker.js", import.meta.url), { type: "module", name: "train-worker" })
// Served as it is, that resolves beside the module wherever the package is hosted; a consumer's bundler
// (Vite and webpack 5 tried) recognises it and bundles the worker with its imports, core and .wasm included.
// Vite's own lib-mode worker handling would copy a prebuilt worker as an opaque asset instead (its import
// of ../index.js then points outside the consumer's build, a 404), so workerUrls() below keeps Vite's
// worker plugin away from these two URLs and writes the pattern back into the finished chunk. The `name`
// option names webpack's chunk for the worker, so a header rule for implement-worker can find it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const which = process.env.LIB;
const WORKERS = ['implement-worker', 'train-worker'];

// In components.js the exercises are static imports (the site loads each on its own): their code, and the
// workers' URLs in it, stay in components.js, whatever a consumer's bundler does with chunks; only the
// languages' words are chunks (dist/assets/), loaded as an element asks for them.
function exercisesInline() {
  const loader = /\(\) => import\('(\.\/[a-z-]+\.js)'\)/g;
  return {
    name: 'pelab-exercises-inline',
    enforce: 'pre',
    transform(code, id) {
      if (id !== here('exercises/loaders.js')) return null;
      const files = [...code.matchAll(loader)].map((m) => m[1]);
      if (files.length === 0) throw new Error('exercisesInline: no exercise loader in loaders.js');
      const imports = files.map((f, i) => `import * as __exercise${i} from '${f}';`).join('\n');
      let i = 0;
      return {
        code: `${imports}\n${code.replace(loader, () => `() => Promise.resolve(__exercise${i++})`)}`,
        map: null,
      };
    },
  };
}

// Every output file reaches the package entry by the path right for where it lands (entryPath above).
function entryImportsChecked() {
  return {
    name: 'pelab-entry-imports',
    generateBundle(_, bundle) {
      for (const f of Object.values(bundle)) {
        if (f.type !== 'chunk') continue;
        const right = f.fileName.includes('/') ? '../index.js' : './index.js';
        for (const [, path] of f.code.matchAll(/["'](\.\.?\/index\.js)["']/g))
          if (path !== right) throw new Error(`${f.fileName} imports ${path}, where the package entry is ${right}`);
      }
    },
  };
}

function workerUrls() {
  const source = new RegExp(`new URL\\('\\./(${WORKERS.join('|')})\\.js', import\\.meta\\.url\\)`, 'g');
  const placeholder = /__pelabWorkerUrl\(\s*["'`]([a-z-]+)["'`]\s*\)/g;
  return {
    name: 'pelab-worker-urls',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(here('exercises/')) || !code.includes('-worker.js')) return null;
      return { code: code.replace(source, (_, name) => `__pelabWorkerUrl('${name}')`), map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes('__pelabWorkerUrl')) return null;
      // Relative to the file the code lands in: dist/ or dist/assets/.
      const folder = chunk.fileName.startsWith('assets/') ? './' : './assets/';
      return {
        code: code.replace(placeholder, (_, name) => `new URL("${folder}${name}.js", import.meta.url)`),
      };
    },
    generateBundle(_, bundle) {
      const found = Object.values(bundle).filter(
        (f) => f.type === 'chunk' && f.code.includes('-worker.js", import.meta.url)'),
      );
      if (found.length === 0) throw new Error('workerUrls: no worker URL reached the components bundle');
      for (const f of Object.values(bundle))
        if (f.type === 'chunk' && f.code.includes('__pelabWorkerUrl'))
          throw new Error(`workerUrls: placeholder left in ${f.fileName}`);
    },
  };
}

const lib = {
  components: { entry: here('components/pe-exercise.js'), formats: ['es'], fileName: () => 'components.js' },
  workers: {
    entry: Object.fromEntries(WORKERS.map((w) => [w, here(`exercises/${w}.js`)])),
    formats: ['es'],
    fileName: (_, name) => `assets/${name}.js`,
  },
  embed: {
    entry: here('embed/host.js'),
    formats: ['es', 'iife'],
    name: 'PelabEmbed',
    fileName: (format) => (format === 'es' ? 'embed.js' : 'embed.iife.js'),
  },
}[which];
if (!lib) throw new Error('set LIB=components, LIB=workers or LIB=embed');

// The package entry, as each output file reaches it: from dist/ or from dist/assets/ (checked below).
const entryPath = which === 'workers' ? '../index.js' : './index.js';

export default defineConfig({
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [entryImportsChecked(), ...(which === 'components' ? [exercisesInline(), workerUrls()] : [])],
  build: {
    outDir: here('../dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    lib,
    rollupOptions: {
      external: ['positional-encoding-lab'],
      output: {
        paths: { 'positional-encoding-lab': entryPath },
        chunkFileNames: 'assets/[name]-[hash].js',
        // components.js: the elements and every exercise; each language's words are chunks beside it (inlined,
        // every language's catalogs made it 888 KB): exercisesInline above.
      },
    },
  },
});
