// The exercises for the H5P content type: <pe-exercise> (web/components/pe-exercise.js) bundled with the
// core into dist/h5p/, every file a .js (H5P platforms accept only js and css in a library, so the .wasm
// builds are inlined as data: URLs, which library mode does, and workers and chunks are .js files).
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
    lib: { entry: here('../../components/pe-exercise.js'), formats: ['es'], fileName: () => 'pe-exercise.js' },
    rollupOptions: { output: { chunkFileNames: '[name]-[hash].js' } },
  },
  worker: { format: 'es', rolldownOptions: { output: { entryFileNames: '[name]-[hash].js' } } },
});
