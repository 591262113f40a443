// The package as developers get it: `npm pack`, within its size budgets, installed from the tarball
// into a fresh project, imported by Node, and built by Vite, and by esbuild following the README's recipe,
// into apps that run in Chromium under the strict CSP, the components' two workers included.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { build as esbuild } from 'esbuild';
import { startServer } from '../../scripts/serve.mjs';
import { openLab, watchedPage } from './browser.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'pelab-consumer-'));
const app = join(work, 'app');
let packed, lab;

before(async () => {
  [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8' }),
  );
  cpSync(fileURLToPath(new URL('../consumer/vite-app', import.meta.url)), app, { recursive: true });
  cpSync(fileURLToPath(new URL('../consumer/esbuild-app', import.meta.url)), join(app, 'esbuild'), {
    recursive: true,
  });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { 'positional-encoding-lab': `file:${join(work, packed.filename)}` },
    }),
  );
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: app,
    stdio: 'inherit',
  });
  lab = await openLab();
});
after(async () => {
  await lab?.close();
  rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the API, types, the three wasm builds, components and embed helper, within budget', () => {
  const files = packed.files.map((f) => f.path);
  for (const f of [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/pelab.mjs',
    'dist/pelab.wasm',
    'dist/pelab-scalar.mjs',
    'dist/pelab-scalar.wasm',
    'dist/pelab-no-trainer.mjs',
    'dist/pelab-no-trainer.wasm',
    'dist/components.js',
    'dist/components.d.ts',
    'dist/embed.js',
    'dist/embed.iife.js',
    'dist/embed.d.ts',
    'package.json',
  ])
    assert.ok(files.includes(f), f);
  assert.ok(
    !files.some((f) => f.startsWith('dist/site/') || f.startsWith('cpp/') || f.startsWith('tests/')),
    'no site, sources or tests',
  );
  // 150 KB each until the trainer (a whole model's forward and backward passes) joined the core: 187 KB
  // SIMD and 150 KB scalar when it did, and the budget moved to 200 KB. RoPE, ALiBi, attention in heads
  // with its scores, and the trainer's RoPE and ALiBi arms took the SIMD module to 208.6 KB: the budget
  // moved to 224 KB. The code that checks and dispatches calls compiled for size (CMakeLists.txt) took it to
  // 189.5 KB (164.5 scalar): the budget is 200 KB again. The build without the trainer (for pages that train
  // nothing) was 115.7 KB when it came: its budget is 128 KB. A larger module fails here.
  for (const wasm of packed.files.filter((f) => f.path.endsWith('.wasm')))
    assert.ok(wasm.size <= (/no-trainer/.test(wasm.path) ? 128 : 200) * 1024, `${wasm.path}: ${wasm.size} B`);
  // 1.5 MiB until the build without the trainer joined the package (1.54 MiB with it, 2026-12-05).
  assert.ok(packed.unpackedSize <= 1.75 * 1024 * 1024, `unpacked ${packed.unpackedSize} B`);
  assert.ok(files.includes('LICENSE'), 'the tarball carries its licence');
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(
    manifest.dependencies,
    undefined,
    'no runtime dependency: the formulas come as MathML written at build time',
  );
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
    assert.equal(pkg.scripts?.[hook], undefined, hook);
});

test('Node imports the installed package and computes', () => {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { createLab } = await import('positional-encoding-lab'); const lab = await createLab(); console.log(lab.sinusoidal({ positions: 2, dModel: 2 })[2].toFixed(6));",
    ],
    { cwd: app, encoding: 'utf8' },
  );
  assert.equal(out.trim(), Math.sin(1).toFixed(6));
});

// The components' workers in a consumer's build: implement-it's runs the solution (under its own CSP), and
// train-it's loads the core (the worker imports the package entry, so the bundler must have followed it).
async function workersRun(page) {
  const implement = page.locator('pe-exercise[name=implement-it]');
  await implement.getByRole('button', { name: /^Show solution/ }).click();
  await implement.getByRole('button', { name: /^Run and compare/ }).click();
  await implement.locator('.verdict').waitFor({ timeout: 10000 });
  assert.match(await implement.locator('.verdict').innerText(), /^All 64 values match the core/);
  const train = page.locator('pe-exercise[name=train-it]');
  await train.getByRole('button', { name: /^Show solution/ }).click();
  await page.waitForFunction(
    () =>
      /^(idle|error)$/.test(
        document.querySelector('pe-exercise[name=train-it]').shadowRoot.querySelector('.train-lab')?.dataset.state,
      ),
    null,
    { timeout: 20000 },
  );
  assert.equal(
    await train.locator('.train-lab').getAttribute('data-state'),
    'idle',
    await train.locator('.train-lab').innerText(),
  );
}

test('a Vite app built from the tarball runs in Chromium, component included', async () => {
  await build({
    root: app,
    logLevel: 'warn',
    configFile: false,
    build: { outDir: join(app, 'dist'), target: 'es2022', assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  });
  const server = await startServer({ port: 0, mounts: [['/', join(app, 'dist')]] });
  try {
    const { page, problems } = await watchedPage(lab.browser);
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    assert.equal(await page.textContent('#out'), `simd ${Math.sin(1).toFixed(6)}`);
    // The side-effect import survives tree-shaking (package.json sideEffects) and defines the element.
    await page.waitForFunction(() => [...document.querySelectorAll('pe-exercise')].every((e) => e.ready));
    const cell = await page.locator('pe-exercise[name=conventions] tbody td').nth(9).innerText();
    assert.equal(cell, '0.099833'); // the halves fingerprint, computed by the installed core
    await workersRun(page);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.close();
  }
});

// A bundler that puts the Emscripten module in a chunk folder of its own (esbuild's or Rollup's chunk names):
// the module fetches its .wasm beside itself, and a missing one is reported at the URL it was fetched from.
test('a .wasm missing beside a bundle’s chunk is reported at the URL the chunk fetched, not beside the entry', async () => {
  const root = join(app, 'chunked');
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'main.js'),
    "import { createLab } from 'positional-encoding-lab';\n" +
      'globalThis.loaded = createLab().then((lab) => lab.build, (e) => ({ name: e.name, url: e.url }));\n',
  );
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="main.js"></script>');
  await esbuild({
    absWorkingDir: root,
    entryPoints: ['main.js'],
    bundle: true,
    splitting: true,
    format: 'esm',
    chunkNames: 'chunks/[name]-[hash]',
    outdir: join(root, 'out'),
    nodePaths: [join(app, 'node_modules')],
    logLevel: 'silent',
  });
  cpSync(join(root, 'index.html'), join(root, 'out', 'index.html'));
  const server = await startServer({ port: 0, mounts: [['/', join(root, 'out')]] });
  try {
    const page = await lab.browser.newPage();
    const origin = `http://127.0.0.1:${server.address().port}`;
    await page.goto(`${origin}/`);
    const answer = await page.evaluate(() => globalThis.loaded);
    assert.equal(answer.name, 'LabLoadError');
    assert.equal(answer.url, `${origin}/chunks/pelab.wasm`);
    await page.close();
  } finally {
    server.close();
  }
});

test('an esbuild app built from the tarball with the README recipes runs in Chromium, workers included', async () => {
  const root = join(app, 'esbuild');
  const out = join(root, 'out', 'static');
  // The README's commands, through esbuild's API: the file loader for the .wasm imported by URL (locateFile),
  // then the package's dist/ copied beside the bundle for the components.
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ['main.js'],
    bundle: true,
    format: 'esm',
    loader: { '.wasm': 'file' },
    publicPath: '/static/',
    outdir: out,
    logLevel: 'silent',
  });
  assert.deepEqual(result.warnings, []);
  mkdirSync(out, { recursive: true });
  cpSync(join(app, 'node_modules', 'positional-encoding-lab', 'dist'), out, { recursive: true });
  cpSync(join(root, 'index.html'), join(root, 'out', 'index.html'));
  const server = await startServer({ port: 0, mounts: [['/', join(root, 'out')]] });
  try {
    const { page, problems } = await watchedPage(lab.browser);
    const wasmRequests = [];
    page.on('request', (r) => r.url().endsWith('.wasm') && wasmRequests.push(new URL(r.url()).pathname));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    const [build, value, url] = (await page.textContent('#out')).split(' ');
    assert.equal(build, 'simd');
    assert.equal(value, Math.sin(1).toFixed(6));
    // locateFile gave the API esbuild's hashed copy; the components' own lab loads pelab.wasm beside the bundle.
    assert.match(url, /^\/static\/pelab-[A-Z0-9]+\.wasm$/);
    assert.ok(wasmRequests.includes(url), wasmRequests.join(' '));
    await page.waitForFunction(() => [...document.querySelectorAll('pe-exercise')].every((e) => e.ready));
    await workersRun(page);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.close();
  }
});
