// A lab over a module instance of the test's own, so that its wasm memory and Embind's handle count are
// visible (createLab keeps its module private). Imported dynamically where spies must go in first.
import { readFile } from 'node:fs/promises';
import { hasWasmSimd, Lab } from 'positional-encoding-lab';

export async function ownModule() {
  const simd = hasWasmSimd();
  const { default: createPelabModule } = await import(simd ? '../../dist/pelab.mjs' : '../../dist/pelab-scalar.mjs');
  const wasmBinary = await readFile(
    new URL(simd ? '../../dist/pelab.wasm' : '../../dist/pelab-scalar.wasm', import.meta.url),
  );
  const module = await createPelabModule({ wasmBinary });
  return { module, lab: new Lab(module, simd ? 'simd' : 'scalar'), memoryBytes: () => module.HEAPU8.buffer.byteLength };
}
