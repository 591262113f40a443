// The exercises for the H5P content type: <pe-exercise> (web/components/pe-exercise.js) bundled with the
// core into dist/h5p/, and records.js (the check of a saved record); every file a .js (H5P platforms
// accept only js and css in a library, so the .wasm builds are inlined as data: URLs, which library mode
// does, and workers and chunks are .js files).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  base: './',
  publicDir: false,
  logLevel: 'warn',
  resolve: { alias: { 'positional-encoding-lab': here('../../../dist/index.js') } },
  build: {
    outDir: here('../../../dist/h5p'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // Two entries: the component, and the check of a saved state's record (records.js), which library.js
    // loads first; what they share is one chunk.
    lib: {
      entry: { 'pe-exercise': here('../../components/pe-exercise.js'), records: here('./records.js') },
      formats: ['es'],
      fileName: (format, name) => `${name}.js`,
    },
    rollupOptions: { output: { chunkFileNames: '[name]-[hash].js' } },
  },
  worker: { format: 'es', rolldownOptions: { output: { entryFileNames: '[name]-[hash].js' } } },
});
