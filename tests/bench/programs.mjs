// The benchmark's C++ programs (CMakeLists.txt; scripts/bench.sh builds them, npm test none): where a build
// folder holds each, and running one for the JSON it prints. A program built in the wasm folder is its
// CommonJS loader, which node runs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD = fileURLToPath(new URL('../../build', import.meta.url));

/** Program pelab_<name> in each folder of `build` (default: the repository's build/): {native, wasm}. */
export function program(name, build = BUILD) {
  return { native: join(build, `native/pelab_${name}`), wasm: join(build, `wasm/pelab_${name}.cjs`) };
}

/** `file`, or an error saying how to build it when it is missing (checked before a long run starts). */
export function built(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: \`npm run bench\` (scripts/bench.sh) builds it`);
  return file;
}

/** What the program at `file` prints, parsed as JSON. */
export function runProgram(file, args = []) {
  const loader = built(file).endsWith('.cjs');
  return JSON.parse(
    execFileSync(loader ? process.execPath : file, loader ? [file, ...args] : args, { encoding: 'utf8' }),
  );
}
