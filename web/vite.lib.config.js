// Library builds for the npm package, selected with LIB=components|embed:
//   components → dist/components.js: <pe-exercise> with the exercises, widgets and styles bundled in;
//                KaTeX, loaded when a formula first needs it, is a chunk in dist/assets/; the lab itself
//                stays an import of ./index.js (the package entry).
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
});
