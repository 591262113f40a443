// The package entry (dist/index.js): the loader and the lab it makes.
export { createLab, hasWasmSimd } from './load.js';
export { Lab } from './lab.js';
