// Library builds for the npm package, selected with LIB=components|embed:
//   components → dist/components.js: <pe-exercise> with the exercises, widgets and styles bundled in;
//                KaTeX, loaded when a formula first needs it, is a chunk in dist/assets/; the lab itself
//                stays an import of ./index.js (the package entry). The exercises' workers land in
//                dist/assets/ too; train-it's imports the package entry as ../index.js, so it loads the
//                package's own core and .wasm (bundled in, lib mode would inline the .wasm as a data:
//                URL, which a strict CSP refuses).
//   embed      → dist/embed.js (ESM) and dist/embed.iife.js (a plain script, global PelabEmbed).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const which = process.env.LIB;

const lib = {
  components: { entry: here('components/pe-exercise.js'), formats: ['es'], fileName: () => 'components.js' },
  embed: {
    entry: here('embed/host.js'),
    formats: ['es', 'iife'],
    name: 'PelabEmbed',
    fileName: (format) => (format === 'es' ? 'embed.js' : 'embed.iife.js'),
  },
}[which];
if (!lib) throw new Error('set LIB=components or LIB=embed');

export default defineConfig({
  // Worker URLs relative to the module (new URL('./assets/…', import.meta.url)), wherever the package is
  // served from; the default base '/' would point them at the site's root.
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: here('../dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    lib,
    rollupOptions: {
      external: ['positional-encoding-lab'],
      output: { paths: { 'positional-encoding-lab': './index.js' }, chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
  worker: {
    format: 'es', // a module worker that imports the package entry
    rolldownOptions: {
      external: ['positional-encoding-lab'],
      output: { paths: { 'positional-encoding-lab': '../index.js' } },
    },
  },
});
