// The static server (`npm start`, and every browser test) under request paths a browser would never
// send: each gets an answer (400 malformed, 404 missing), nothing outside a mount is ever served, and
// the server keeps serving afterwards. Requests are written byte for byte on a socket, so the path
// arrives exactly as given (no client normalises or re-encodes it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';

const SECRET = 'secret-outside-the-mount';
let dir, server;
before(async () => {
  // site/ is mounted; secret.txt sits beside it, where traversal would find it.
  dir = await mkdtemp(join(tmpdir(), 'pelab-serve-'));
  await mkdir(join(dir, 'site', 'sub'), { recursive: true });
  await writeFile(join(dir, 'site', 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(join(dir, 'site', 'sub', 'a b.txt'), 'spaced');
  await writeFile(join(dir, 'secret.txt'), SECRET);
  server = await startServer({ port: 0, mounts: [['/', join(dir, 'site')]] });
});
after(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** One raw HTTP/1.0 request (so the body comes unchunked); resolves {status, body}, status 0 if the
 *  connection closed without an answer. The idle limit only keeps a hung server from hanging the test. */
function request(path, method = 'GET', port = server.address().port) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(10_000, () => socket.destroy());
    const chunks = [];
    socket.on('connect', () => socket.write(`${method} ${path} HTTP/1.0\r\nHost: localhost\r\n\r\n`));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const MALFORMED = ['/%E0%A4%A', '/%', '/%Z1', '/%C0%AF', '/%ED%A0%80', '/index.html%', '*'];
const TRAVERSAL = [
  '/../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E%2Fsecret.txt',
  '/..%2fsecret.txt',
  '/sub/%2e%2e/%2e%2e/secret.txt',
  '/.%2e/secret.txt',
  '/%5c..%5csecret.txt',
  '/..\\secret.txt',
  '/sub/..%5c..%5csecret.txt',
  '/index.html%00',
  '/%00/../secret.txt',
  '/./index.html',
  '/%2e/index.html',
];

test('malformed request paths get 400 with the reason, and the server keeps serving', async () => {
  for (const path of MALFORMED) {
    const { status, body } = await request(path);
    assert.equal(status, 400, path);
    assert.match(body, /^bad request: /, path);
  }
  const home = await request('/');
  assert.equal(home.status, 200);
  assert.match(home.body, /<title>home<\/title>/);
});

test('encoded and literal .., NUL and backslashes never leave the mount', async () => {
  for (const path of TRAVERSAL) {
    const { status, body } = await request(path);
    assert.equal(status, 400, path);
    assert.match(body, /^bad request: /, path);
    assert.ok(!body.includes(SECRET), path);
  }
  assert.equal((await request('/index.html')).status, 200);
});

test('a missing file is 404; an encoded name that is a real file is served', async () => {
  for (const path of ['/missing.html', '/sub', '/sub/missing/', '/secret.txt', '//secret.txt']) {
    const { status, body } = await request(path);
    assert.equal(status, 404, path);
    assert.ok(!body.includes(SECRET), path);
  }
  const spaced = await request('/sub/a%20b.txt');
  assert.equal(spaced.status, 200);
  assert.equal(spaced.body, 'spaced');
  const head = await request('/index.html', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});

test('a burst of bad requests in a row leaves the server answering', async () => {
  const all = await Promise.all([...MALFORMED, ...TRAVERSAL].map((p) => request(p)));
  assert.ok(all.every((r) => r.status === 400));
  assert.ok(server.listening);
  assert.equal((await request('/')).status, 200);
});

test("`npm start`'s server process survives the request that used to kill it", async () => {
  // The real entry point on its default mounts (the built site), as `npm start` runs it, on a free port.
  const child = spawn(process.execPath, [fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url))], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = await once(child.stdout, 'data');
    const port = Number(/:(\d+)\//.exec(String(line))[1]);
    assert.equal((await request('/%E0%A4%A', 'GET', port)).status, 400);
    assert.equal((await request('/%2e%2e/package.json', 'GET', port)).status, 400);
    assert.equal(child.exitCode, null, 'the server process is still running');
    const page = await request('/embed.html', 'GET', port);
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>Positional Encoding Lab exercise<\/title>/);
  } finally {
    child.kill();
  }
});
