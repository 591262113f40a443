// Labs of a test's own, made on demand (no lab at import, unlike helpers.mjs): one over a module instance
// whose wasm memory and Embind handle count are visible (createLab keeps its module private; imported
// dynamically where spies must go in first), and the scalar build as an engine without SIMD gets it.
import { readFile } from 'node:fs/promises';
import { createLab, hasWasmSimd, Lab } from 'positional-encoding-lab';

/** createLab(options) on an engine without WebAssembly SIMD (WebAssembly.validate says no): the scalar build. */
export async function scalarLab(options) {
  const validate = WebAssembly.validate;
  WebAssembly.validate = () => false;
  try {
    return await createLab(options);
  } finally {
    WebAssembly.validate = validate;
  }
}

export async function ownModule() {
  const simd = hasWasmSimd();
  const { default: createPelabModule } = await import(simd ? '../../dist/pelab.mjs' : '../../dist/pelab-scalar.mjs');
  const wasmBinary = await readFile(
    new URL(simd ? '../../dist/pelab.wasm' : '../../dist/pelab-scalar.wasm', import.meta.url),
  );
  const module = await createPelabModule({ wasmBinary });
  return { module, lab: new Lab(module, simd ? 'simd' : 'scalar'), memoryBytes: () => module.HEAPU8.buffer.byteLength };
}
