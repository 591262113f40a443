// Types for positional-encoding-lab/pelab.wasm, pelab-scalar.wasm and pelab-no-trainer.wasm: the builds'
// files, for a bundler that turns an imported asset into its URL (esbuild's `--loader:.wasm=file`, webpack's
// `asset/resource`, Rollup's url plugins), to hand to createLab's locateFile. What an import gives is the
// bundler's choice: this states the usual one, the file's URL as a string.
declare const url: string;
export default url;
