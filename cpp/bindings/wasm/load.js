// Loading the WebAssembly core: the SIMD build where the engine has wasm SIMD (without the trainer when the
// caller says training: false), the scalar build elsewhere, from beside this module, from where `locateFile`
// says, or from the bytes the caller passes; a load that fails says which URL and what to do, in one error
// shape (LabLoadError) the pages can show.
import { Lab } from './lab.js';
import { optionName, withParam } from './messages.js';
import { bytesOf, typeName } from './options.js';

const isNode = typeof process === 'object' && process.versions != null && process.versions.node != null;

// Reads a file that sits beside this module (Node only; the browser build fetches instead). The specifier is
// a variable so that bundlers leave Node's fs out of browser bundles; the comments tell Vite and webpack that
// this is meant (webpack would otherwise warn "the request of a dependency is an expression").
async function readBeside(name) {
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
  // Every option own: Node's defaults object would inherit a polluted Object.prototype.encoding.
  return readFile(new URL(/* webpackIgnore: true */ name, import.meta.url), {
    encoding: null,
    flag: 'r',
    signal: undefined,
  });
}

// A minimal module using a wasm SIMD instruction (i8x16.popcnt): it validates only where the engine
// has SIMD, and then the SIMD build is used; elsewhere the scalar build runs the same kernels in plain
// float code (tables agree within 1e-6; softmax uses std::exp instead of xsimd::exp, so attention
// agrees within 1e-5: tests/js/fallback.test.mjs).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** Whether this engine runs WebAssembly SIMD (and so gets the SIMD build). */
export function hasWasmSimd() {
  return WebAssembly.validate(SIMD_PROBE);
}

// Static specifiers, so bundlers see and ship every build. Which build: SIMD or scalar by the engine, and
// with { training: false } on a SIMD engine the SIMD build without the trainer (its custom section says
// 'simd-no-trainer'; there is no scalar one: without SIMD the scalar build is loaded and the lab refuses to train).
async function loadBuild(simd, training) {
  if (simd && !training)
    return {
      factory: (await import('./pelab-no-trainer.mjs')).default,
      wasm: 'pelab-no-trainer.wasm',
      section: 'simd-no-trainer',
    };
  if (simd) return { factory: (await import('./pelab.mjs')).default, wasm: 'pelab.wasm', section: 'simd' };
  return { factory: (await import('./pelab-scalar.mjs')).default, wasm: 'pelab-scalar.wasm', section: 'scalar' };
}

const LOAD_OPTIONS = ['locateFile', 'wasmBinary', 'wasmModule', 'training'];
const MAX_URL = 8192;

// What to do when the .wasm cannot be had, for every failed load (README: "Hosting the site"): in Node, where
// the file is read from disk, put it there; in a browser, serve it, and let the page's policy compile it.
const loadHint = (wasm) =>
  (isNode
    ? `put ${wasm} at that path (the package's dist/ holds it)`
    : `serve ${wasm} at that URL (as application/wasm)`) +
  `, or tell createLab where it is with locateFile: (file) => url, or pass its bytes as wasmBinary (README: ` +
  `"Hosting the site")` +
  (isNode ? '' : `; under a Content-Security-Policy, script-src must allow 'wasm-unsafe-eval'`);

// A failed load, in one shape the pages can show: name 'LabLoadError', the URL that failed, what to do.
function loadError(what, url, wasm, cause) {
  const hint = loadHint(wasm);
  const quoted = url.length > 300 ? `${url.slice(0, 300)}…` : url; // (error.url keeps it whole)
  const error = new Error(`createLab: ${what} ${quoted}: ${hint}`, { cause });
  error.name = 'LabLoadError';
  error.url = url;
  error.hint = hint;
  return error;
}

// A URL as the page resolves it (a worker: against its own location).
function absolute(url) {
  try {
    return new URL(url, globalThis.location?.href).href;
  } catch {
    return String(url);
  }
}

// A failed fetch in words: what the browser says of it (the request itself, or the server's answer).
const REQUEST_FAILED = 'the request failed: offline, or blocked by CORS or a Content-Security-Policy';
const httpStatus = (response) => `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;

// "24 bytes starting 3c 21 44 4f" (a .wasm starts 00 61 73 6d, "\0asm").
function describeBytes(bytes) {
  let first = '';
  for (let i = 0; i < bytes.length && i < 8; i++) first += `${i ? ' ' : ''}${bytes[i].toString(16).padStart(2, '0')}`;
  return `${bytes.length} bytes${bytes.length ? ` starting ${first}` : ''}`;
}
const hasMagic = (bytes) =>
  bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 97 && bytes[2] === 115 && bytes[3] === 109;

// Why `wasm` is the build to pass: the engine's SIMD, and whether the lab trains.
const buildWhy = (wasm, simd) =>
  `this engine ${simd ? 'has' : 'lacks'} WebAssembly SIMD; hasWasmSimd() says which` +
  (wasm === 'pelab-no-trainer.wasm' ? ', and training: false asks for the build without the trainer' : '');

// The build without the trainer where createLab wants the whole SIMD one: most likely a worker handed the module
// of a lab made with training: false, which must say so too.
const trainingHint = (which, wasm, what) =>
  which === 'simd-no-trainer' && wasm === 'pelab.wasm'
    ? `is the simd-no-trainer build, which createLab({ training: false }) loads: pass training: false too, or ${what} of pelab.wasm`
    : null;

// Why `bytes` cannot be the build `wasm` names (this engine's, with or without the trainer), in words; `which`:
// the build they are, where it is known (their custom section).
function misfit(bytes, wasm, simd, which) {
  const build = `pass the bytes of ${wasm} (${buildWhy(wasm, simd)})`;
  if (!hasMagic(bytes))
    return `is not a WebAssembly module (got ${describeBytes(bytes)}; a .wasm starts 00 61 73 6d, "\\0asm"): ${build}`;
  return trainingHint(which, wasm, 'the bytes') ?? `does not fit this engine's build: ${build}`;
}

// Which build a compiled module is: its custom section says (bindings.cpp), '' for a module that is not the core.
function buildOf(module) {
  const [section] = WebAssembly.Module.customSections(module, 'pelab_build');
  return section === undefined ? '' : String.fromCharCode(...new Uint8Array(section));
}

// The browser's fetch and compile of the .wasm at `url`, compiled as it streams where the server says it is
// application/wasm (the only type browsers stream); another type is compiled once downloaded, and said in the
// console. Rejects with the failure in words (`why`): the request, the server's status, or the compiler's.
async function fetchModule(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (failure) {
    throw Object.assign(new Error(REQUEST_FAILED, { cause: failure }), { why: REQUEST_FAILED });
  }
  if (!response.ok) throw Object.assign(new Error(httpStatus(response)), { why: httpStatus(response) });
  const type = response.headers.get('Content-Type') ?? '';
  try {
    // (The bare type only: Chromium streams no other, not even application/wasm with a parameter.)
    if (/^\s*application\/wasm\s*$/i.test(type)) return await WebAssembly.compileStreaming(response);
    console.warn(
      `createLab: ${url} is served as ${type || 'no type'}, not application/wasm: compiled once downloaded, ` +
        `not as it streams (README: "Hosting the site")`,
    );
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (failure) {
    throw Object.assign(failure, { why: String(failure?.message ?? failure).slice(0, 200) });
  }
}

// Instantiates the core from the WebAssembly.Module `compile(url)` gives (Emscripten's instantiateWasm hook,
// with the URL the generated loader would fetch: pre/wasm-url.js), so that a failure rejects here, with our
// words (`refuse(cause, url)`), Emscripten prints nothing, and the compiled module is kept: resolves with
// { module (the loader's), wasmModule (the compiled WebAssembly.Module) }.
function instantiate(factory, compile, section, refuse, locateFile) {
  let failed, url, wasmModule;
  const failure = new Promise((resolve, reject) => {
    failed = (cause) => reject(refuse(cause, url));
  });
  // Every setting the module reads is an own property, so none can be inherited from a polluted
  // Object.prototype (the generated loader needs a plain object).
  const settings = { locateFile, wasmBinary: undefined, instantiateWasm, wasmUrl: undefined };
  function instantiateWasm(imports, receive) {
    Promise.resolve()
      .then(() => compile((url = absolute(settings.wasmUrl()))))
      .then((module) => {
        // Another build's module would link too (they import the same): its custom section says which build it
        // is, read before it runs against this build's loader.
        const which = buildOf(module);
        if (which !== section)
          throw Object.assign(new TypeError(`the module is ${which ? `the ${which} build` : 'not the core'}`), {
            which,
          });
        wasmModule = module;
        return WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      })
      .catch(failed);
    return {};
  }
  return Promise.race([factory(settings).then((module) => ({ module, wasmModule })), failure]);
}

// Whether `value` is a compiled WebAssembly.Module, of any realm (a module posted to a worker is the worker's):
// the engine's own check, which no tag, prototype or Proxy passes.
function isModule(value) {
  try {
    WebAssembly.Module.customSections(value, '');
    return true;
  } catch {
    return false;
  }
}

// createLab's own options: a plain record of the known ones, after refusing any other name.
function loadOptions(options) {
  if (options === null || typeof options !== 'object')
    throw withParam(new TypeError(`createLab: expected an options object, got ${typeName(options)}`), 'options');
  const own = Reflect.ownKeys(options);
  for (let i = 0; i < own.length; i++)
    if (typeof own[i] === 'string' && !LOAD_OPTIONS.includes(own[i]))
      throw withParam(
        new TypeError(`createLab: unknown option ${optionName(own[i])} (known: ${LOAD_OPTIONS.join(', ')})`),
        own[i],
      );
  // Own properties only: an option inherited from a polluted Object.prototype is not an option.
  const read = (name) => (Object.hasOwn(options, name) ? options[name] : undefined);
  const locateFile = read('locateFile'),
    wasmBinary = read('wasmBinary'),
    wasmModule = read('wasmModule'),
    training = read('training');
  if (training !== undefined && typeof training !== 'boolean')
    throw withParam(new TypeError(`createLab: training must be true or false, got ${typeName(training)}`), 'training');
  if (locateFile !== undefined && typeof locateFile !== 'function')
    throw withParam(
      new TypeError(`createLab: locateFile must be a function, got ${typeName(locateFile)}`),
      'locateFile',
    );
  const bytes = wasmBinary === undefined ? undefined : bytesOf(wasmBinary);
  // locateFile's answer is checked where it is asked for: a URL string, short enough to quote.
  const located =
    locateFile &&
    ((path, directory) => {
      let url;
      try {
        url = locateFile(path, directory);
      } catch (failure) {
        throw withParam(
          new TypeError(`createLab: locateFile threw: ${String(failure?.message ?? failure).slice(0, 200)}`, {
            cause: failure,
          }),
          'locateFile',
        );
      }
      if (typeof url !== 'string' || url.length > MAX_URL)
        throw withParam(
          new TypeError(
            `createLab: locateFile must return a URL string of at most ${MAX_URL} characters, got ${
              typeof url === 'string' ? `${url.length} characters` : typeName(url)
            }`,
          ),
          'locateFile',
        );
      return url;
    });
  if (wasmBinary !== undefined && bytes === undefined)
    throw withParam(
      new TypeError(
        `createLab: wasmBinary must be an ArrayBuffer, a typed array or a DataView, got ${typeName(wasmBinary)}`,
      ),
      'wasmBinary',
    );
  if (wasmModule !== undefined && !isModule(wasmModule))
    throw withParam(
      new TypeError(
        `createLab: wasmModule must be a WebAssembly.Module (another lab's lab.wasmModule), got ${typeName(wasmModule)}`,
      ),
      'wasmModule',
    );
  if (wasmModule !== undefined && wasmBinary !== undefined)
    throw withParam(new TypeError('createLab: pass wasmBinary or wasmModule, not both'), 'wasmModule');
  return { locateFile: located, bytes, wasmModule, training: training ?? true };
}

/**
 * Loads the WebAssembly core: the SIMD build where the engine has wasm SIMD, the scalar build
 * elsewhere; with `training: false`, the SIMD build without the trainer (a smaller download), and a lab
 * that refuses to train. In the browser the .wasm is fetched from beside this module (or where `locateFile`
 * says); in Node it is read from disk. `wasmBinary` (bytes of the build these select) skips both.
 * A .wasm that cannot be fetched, read or compiled rejects with a LabLoadError naming its URL.
 */
export async function createLab(options = {}) {
  const { locateFile, bytes, wasmModule, training } = loadOptions(options);
  const simd = hasWasmSimd();
  const { factory, wasm, section } = await loadBuild(simd, training);
  const lab = ({ module, wasmModule: compiled }) => new Lab(module, section, compiled, training);
  if (wasmModule !== undefined) {
    const refuse = (cause) =>
      withParam(
        new TypeError(
          `createLab: wasmModule ${
            trainingHint(cause.which, wasm, 'a module') ??
            `${cause.message.replace(/^the module /, '')}: pass a module of ${wasm} (${buildWhy(wasm, simd)})`
          }`,
          { cause },
        ),
        'wasmModule',
      );
    return lab(await instantiate(factory, () => wasmModule, section, refuse));
  }
  if (bytes !== undefined) {
    const refuse = (cause) =>
      withParam(
        new TypeError(`createLab: wasmBinary ${misfit(bytes, wasm, simd, cause?.which)}`, { cause }),
        'wasmBinary',
      );
    if (!hasMagic(bytes)) throw refuse(undefined);
    return lab(await instantiate(factory, () => WebAssembly.compile(bytes), section, refuse));
  }
  if (isNode) {
    const url = new URL(/* webpackIgnore: true */ locateFile ? locateFile(wasm, '') : wasm, import.meta.url).href;
    let read;
    try {
      read = new Uint8Array(await readBeside(url));
    } catch (failure) {
      throw loadError(
        `could not read the WebAssembly core (${failure.code ?? failure.message}) at`,
        url,
        wasm,
        failure,
      );
    }
    const refuse = (cause) =>
      loadError(`the WebAssembly core ${misfit(read, wasm, simd, cause?.which)}; it was read from`, url, wasm, cause);
    if (!hasMagic(read)) throw refuse(undefined);
    return lab(await instantiate(factory, () => WebAssembly.compile(read), section, refuse));
  }
  // The browser: the .wasm is fetched from the URL the generated loader would use (locateFile's answer, or
  // beside the loader, where a bundler may have put it elsewhere than this module) and compiled here.
  const refuse = (cause, url) =>
    loadError(
      `could not fetch or compile the WebAssembly core (${cause?.why ?? String(cause?.message ?? cause).slice(0, 200)}) at`,
      url,
      wasm,
      cause,
    );
  return lab(await instantiate(factory, fetchModule, section, refuse, locateFile));
}
