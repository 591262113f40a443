// Loading the WebAssembly core: the SIMD build where the engine has wasm SIMD, the scalar build elsewhere,
// from beside this module, from where `locateFile` says, or from the bytes the caller passes; a load that
// fails says which URL and what to do, in one error shape (LabLoadError) the pages can show.
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

// Static specifiers, so bundlers see and ship both builds.
async function loadBuild(simd) {
  if (simd) return { factory: (await import('./pelab.mjs')).default, wasm: 'pelab.wasm' };
  return { factory: (await import('./pelab-scalar.mjs')).default, wasm: 'pelab-scalar.wasm' };
}

const LOAD_OPTIONS = ['locateFile', 'wasmBinary'];
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

// Why the browser's load failed, in words: the HTTP status when the server refused the file (asked
// again, as Emscripten's own words do not say), else what Emscripten said without its build advice.
async function whyNot(url, failure) {
  try {
    const answer = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    if (!answer.ok) return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  } catch {
    return 'the request failed: offline, or blocked by CORS or a Content-Security-Policy';
  }
  return String(failure?.message ?? failure)
    .replace(/\. Build with -s ASSERTIONS=1 for more info\./g, '')
    .slice(0, 200);
}

// "24 bytes starting 3c 21 44 4f" (a .wasm starts 00 61 73 6d, "\0asm").
function describeBytes(bytes) {
  let first = '';
  for (let i = 0; i < bytes.length && i < 8; i++) first += `${i ? ' ' : ''}${bytes[i].toString(16).padStart(2, '0')}`;
  return `${bytes.length} bytes${bytes.length ? ` starting ${first}` : ''}`;
}
const hasMagic = (bytes) =>
  bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 97 && bytes[2] === 115 && bytes[3] === 109;

// Why `bytes` cannot be this engine's build (the SIMD or scalar one `wasm` names), in words.
function misfit(bytes, wasm, simd) {
  const build = `pass the bytes of ${wasm} (this engine ${simd ? 'has' : 'lacks'} WebAssembly SIMD; hasWasmSimd() says which)`;
  if (!hasMagic(bytes))
    return `is not a WebAssembly module (got ${describeBytes(bytes)}; a .wasm starts 00 61 73 6d, "\\0asm"): ${build}`;
  return `does not fit this engine's build: ${build}`;
}

// The URL of the latest fetch of a file named `name`, from the page's resource timing (failed fetches
// included), or undefined where there is none. A fetch's entry arrives once its response has ended, which
// can be after the failure it caused is seen: it is looked for a few times, 25 ms apart.
async function fetchedUrl(name) {
  for (let tries = 0; tries < 8; tries++) {
    const entries = globalThis.performance?.getEntriesByType?.('resource') ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const url = entries[i].name;
      if (typeof url === 'string' && new URL(url).pathname.endsWith(`/${name}`)) return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

// Instantiates the module from `bytes` ourselves (Emscripten's instantiateWasm hook), so that a
// failure (bytes that do not compile, or link to another build's imports) rejects here, with our
// words, and Emscripten prints nothing. Rejects with `refuse(cause)`.
function instantiate(factory, bytes, simd, refuse) {
  let failed;
  const failure = new Promise((resolve, reject) => {
    failed = (cause) => reject(refuse(cause));
  });
  const instantiateWasm = (imports, receive) => {
    WebAssembly.compile(bytes)
      .then((module) => {
        // The other build's bytes would link too (both import the same): their custom section says which
        // build they are (bindings.cpp), read before they run against this build's loader.
        const [section] = WebAssembly.Module.customSections(module, 'pelab_build');
        const which = section === undefined ? '' : String.fromCharCode(...new Uint8Array(section));
        if (which !== (simd ? 'simd' : 'scalar'))
          throw new TypeError(`the module is ${which ? `the ${which} build` : 'not the core'}`);
        return WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      })
      .catch(failed);
    return {};
  };
  // Every setting the module reads is an own property, so none can be inherited from a polluted
  // Object.prototype (the generated loader needs a plain object).
  return Promise.race([factory({ locateFile: undefined, wasmBinary: undefined, instantiateWasm }), failure]);
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
    wasmBinary = read('wasmBinary');
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
      const url = locateFile(path, directory);
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
  return { locateFile: located, bytes };
}

/**
 * Loads the WebAssembly core: the SIMD build where the engine has wasm SIMD, the scalar build
 * elsewhere. In the browser the .wasm is fetched from beside this module (or where `locateFile` says);
 * in Node it is read from disk. `wasmBinary` (bytes of the build that hasWasmSimd() selects) skips both.
 * A .wasm that cannot be fetched, read or compiled rejects with a LabLoadError naming its URL.
 */
export async function createLab(options = {}) {
  const { locateFile, bytes } = loadOptions(options);
  const simd = hasWasmSimd();
  const build = simd ? 'simd' : 'scalar';
  const { factory, wasm } = await loadBuild(simd);
  if (bytes !== undefined) {
    const refuse = (cause) =>
      withParam(new TypeError(`createLab: wasmBinary ${misfit(bytes, wasm, simd)}`, { cause }), 'wasmBinary');
    if (!hasMagic(bytes)) throw refuse(undefined);
    return new Lab(await instantiate(factory, bytes, simd, refuse), build);
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
      loadError(`the WebAssembly core ${misfit(read, wasm, simd)}; it was read from`, url, wasm, cause);
    if (!hasMagic(read)) throw refuse(undefined);
    return new Lab(await instantiate(factory, read, simd, refuse), build);
  }
  // The browser: Emscripten fetches the .wasm (from the URL a bundler may have rewritten in the
  // module) and rejects with a bare "Aborted(…)" when it cannot; say which URL, and what to do.
  let located;
  const locate = locateFile && ((path, directory) => (located = locateFile(path, directory)));
  try {
    return new Lab(await factory({ locateFile: locate, wasmBinary: undefined, instantiateWasm: undefined }), build);
  } catch (failure) {
    if (failure?.param === 'locateFile') throw failure; // its answer was no URL: nothing was fetched
    // Emscripten fetches relative to the page (locateFile's answer) or to its own module (the default),
    // which a bundler may have put elsewhere than this one (Rollup's chunks/): the URL it asked for is the
    // browser's record of the fetch, where the browser keeps one.
    const url =
      located === undefined
        ? ((await fetchedUrl(wasm)) ?? new URL(/* webpackIgnore: true */ wasm, import.meta.url).href)
        : absolute(located);
    throw loadError(
      `could not fetch or compile the WebAssembly core (${await whyNot(url, failure)}) at`,
      url,
      wasm,
      failure,
    );
  }
}
