// The site as a course author hosts it: dist/site alone, served by Debian's nginx running the README's
// configuration verbatim (its nginx block is included as it stands), on a free port with a temporary
// prefix, as the current user and in the foreground. The test checks the headers the README promises,
// runs implement-it (whose worker needs its own policy) on the lesson page, and embeds an exercise in a
// course page built from the README's snippet and script, on another origin as strict as ours.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, CSP, WORKER_CSP } from '../../scripts/serve.mjs';
import { watchedPage, launchChromium } from './browser.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const site = join(repo, 'dist', 'site');
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

/** The one fenced block of `lang` in the README whose text contains `marker`. */
function readmeBlock(lang, marker) {
  const blocks = [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
  const found = blocks.filter((b) => b.includes(marker));
  assert.equal(found.length, 1, `one ${lang} block in README.md holding ${marker}`);
  return found[0];
}

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

// Resolves once something accepts connections on the port (nginx is up), polling as a client would.
async function listening(port, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const ok = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      }).on('error', () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const work = mkdtempSync(join(tmpdir(), 'pelab-nginx-'));
let nginx, nginxLog, lab, course, browser;

before(async () => {
  const port = await freePort();
  lab = `http://127.0.0.1:${port}`;
  writeFileSync(join(work, 'pelab.conf'), readmeBlock('nginx', 'Positional Encoding Lab'));
  const temp = (name) => `${name}_temp_path ${join(work, name)};`;
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;', // one process: nothing to switch users for, nothing left behind
      ...(process.getuid() === 0 ? [`user ${userInfo().username};`] : []),
      `pid ${join(work, 'nginx.pid')};`,
      `error_log ${join(work, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `  ${temp(n)}`),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${site};`,
      `    include ${join(work, 'pelab.conf')};`,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', work, '-c', join(work, 'nginx.conf')];
  execFileSync('/usr/sbin/nginx', [...args, '-t'], { stdio: 'pipe' }); // a bad config fails here, with nginx's words
  nginx = spawn('/usr/sbin/nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  nginxLog = '';
  nginx.stderr.on('data', (d) => (nginxLog += d));
  await listening(port, nginx);

  // The course author's page: the README's snippet and script, with the lab's address put in.
  const courseDir = join(work, 'course');
  mkdirSync(courseDir);
  const snippet = readmeBlock('html', 'lab.example.org/embed.html').replaceAll('https://lab.example.org', lab);
  writeFileSync(
    join(courseDir, 'index.html'),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>\n${snippet}</body></html>\n`,
  );
  const script = readmeBlock('js', '// your-course.js').replaceAll('https://lab.example.org', lab);
  writeFileSync(join(courseDir, 'your-course.js'), script);
  course = await startServer({
    port: 0,
    // As strict as ours, plus the lab's origin for its helper script and its frame.
    csp: `default-src 'self'; script-src 'self' ${lab}; style-src 'self'; frame-src ${lab}`,
    mounts: [['/', courseDir]],
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  course?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((done) => nginx.once('exit', done));
    nginx.kill('SIGQUIT');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

test('nginx with the README configuration sends the promised headers', async () => {
  const assets = readdirSync(join(site, 'assets'));
  const named = (re) => `/assets/${assets.find((f) => re.test(f))}`;
  const head = async (path) => {
    const r = await fetch(lab + path);
    assert.equal(r.status, 200, path);
    return (name) => r.headers.get(name);
  };
  for (const page of ['/', '/embed.html?exercise=conventions']) {
    const h = await head(page);
    assert.equal(h('content-security-policy'), CSP, page);
    assert.equal(h('cache-control'), 'no-cache', page);
    assert.match(h('content-type'), /^text\/html/, page);
  }
  const wasm = await head(named(/^pelab-[^.]+\.wasm$/));
  assert.equal(wasm('content-type'), 'application/wasm');
  assert.equal(wasm('cache-control'), 'public, max-age=31536000, immutable');
  const worker = await head(named(/^implement-worker-.*\.js$/));
  assert.equal(worker('content-security-policy'), WORKER_CSP);
  assert.equal(worker('cache-control'), 'public, max-age=31536000, immutable');
  assert.match(worker('content-type'), /javascript/);
  // The one unhashed script, the embed helper, is served from the same folder and revalidated.
  const helper = await head('/embed.iife.js');
  assert.match(helper('content-type'), /javascript/);
  assert.equal(helper('cache-control'), 'no-cache');
  assert.equal(nginxLog, '');
});

test('through nginx, a lesson page runs implement-it in its worker under the README policies', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${lab}/lesson-2.html`); // the lesson holding implement-it
  await page.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  const s = page.locator('section[data-exercise="implement-it"]');
  await s.scrollIntoViewIfNeeded();
  await s.getByRole('button', { name: /^Show solution/ }).click();
  await s.getByRole('button', { name: /^Run and compare/ }).click();
  await s.locator('.verdict').waitFor({ timeout: 10000 });
  assert.match(await s.locator('.verdict').innerText(), /^All 64 values match the core/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a course page made of the README snippet embeds an exercise from nginx: sized, and its result logged', async () => {
  const { page, problems } = await watchedPage(browser, { viewport: { width: 900, height: 700 } });
  await page.goto(`http://127.0.0.1:${course.address().port}/`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready=true]').waitFor({ timeout: 20000 });
  await page.waitForFunction(() => document.querySelector('iframe').style.height !== '');
  const log = page.waitForEvent('console', { predicate: (m) => m.type() === 'log' });
  await frame.getByRole('button', { name: /^Show solution/ }).click();
  const statement = await (await log).args()[0].jsonValue();
  assert.equal(statement.verb.display['en-US'], 'answered');
  assert.equal(statement.result.score.scaled, 0);
  assert.equal(statement.result.success, false);
  assert.ok(statement.object.id.startsWith(`${lab}/embed.html`), statement.object.id);
  const height = await page.$eval('iframe', (f) => parseInt(f.style.height, 10));
  const content = await frame.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
  assert.ok(Math.abs(height - content) <= 2, `iframe ${height}px vs content ${content}px`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Apache and _headers recipes quote the same policies and match the built worker file', () => {
  const worker = readdirSync(join(site, 'assets')).find((f) => /^implement-worker/.test(f));
  const apache = readmeBlock('apache', 'Positional Encoding Lab');
  const headers = readmeBlock('text', 'Positional Encoding Lab');
  for (const recipe of [apache, headers]) {
    assert.ok(recipe.includes(CSP) && recipe.includes(WORKER_CSP), recipe);
    assert.ok(recipe.includes('max-age=31536000, immutable'));
  }
  assert.match(worker, new RegExp(apache.match(/<FilesMatch "([^"]+)">/)[1]));
  const rule = headers.match(/^(\/assets\/implement-worker\*)$/m)[1];
  assert.match(`/assets/${worker}`, new RegExp(`^${rule.replace('*', '.*')}$`));
  // Every page the site holds gets the page's policy, by its name and (Cloudflare Pages) without .html.
  const rules = headers.split('\n').filter((l) => l.startsWith('/'));
  for (const page of readdirSync(site).filter((f) => f.endsWith('.html'))) {
    assert.ok(rules.includes(`/${page}`), `_headers has no rule for /${page}`);
    if (page !== 'index.html') assert.ok(rules.includes(`/${page.slice(0, -5)}`), `nor /${page.slice(0, -5)}`);
  }
});
