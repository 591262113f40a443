// Put by emcc (--pre-js) inside the generated loader, where its `wasmBinaryFile` is in scope: the URL the
// loader would fetch its .wasm from (locateFile's answer, or `new URL("pelab.wasm", import.meta.url)`, which a
// bundler may have rewritten). load.js's instantiateWasm hook asks for it, fetches and compiles the module
// itself, and so keeps the compiled WebAssembly.Module (lab.wasmModule: a worker starts from it, no fetch).
Module['wasmUrl'] = function () {
  return wasmBinaryFile;
};
