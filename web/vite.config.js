// Bundles the lesson page and the single-exercise embed page into dist/site: our JS layer and the wasm
// come from dist/ through the public package entry, KaTeX from node_modules; nothing from a CDN.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  resolve: { alias: { 'positional-encoding-lab': here('../dist/index.js') } },
  build: {
    outDir: here('../dist/site'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,  // the .wasm stays a file (CSP: no data: URLs for scripts or wasm)
    modulePreload: { polyfill: false },  // the polyfill would be an inline script
    rollupOptions: { input: { index: here('index.html'), embed: here('embed.html') } },
  },
});
