// A static server: the built site (dist/site, from web/ by Vite) at /, the built package at /dist/.
// Every response carries the strict Content-Security-Policy the lab promises to work under, and the caching
// README's "Hosting the site" asks of a host: the files under /assets/, whose names carry a hash of their
// content, immutable; everything else no-cache (no validators are sent, so it is fetched again). PORT
// overrides 8080. Tests mount other folders (fixtures) the same way.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
// The implement-it worker compiles the learner's function with Function(), so its own script (and
// nothing else) is served with 'unsafe-eval'. A worker runs under the policy of its own response.
export const WORKER_CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'";
// A hashed asset's caching (README: "Hosting the site"). A test page in a kept context (tests/browser/browser.mjs)
// loads these from its memory cache, as a learner's browser does: a lesson load cost 0.6-0.9 CPU-seconds so
// against 0.9-1.2 fetching every file (2026-12-05).
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isWorker = (file) => /implement-worker[^/]*\.js$/.test(file);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ts': 'text/plain',
};

/** URL prefix → folder, longest prefix first. */
export const DEFAULT_MOUNTS = [
  ['/dist/', join(root, 'dist')],
  ['/', join(root, 'dist', 'site')],
];

/** A request path → {file} under a mount, or {status, why}: 400 for a path that is not a clean one
 *  (bad percent-encoding, NUL, a backslash, a '.' or '..' segment, checked after decoding since %2e%2e is
 *  '..' too), 404 for one that no mount holds. Nothing here throws, whatever the client sent. */
function resolve(url, mounts) {
  const raw = url.split('?')[0];
  if (!raw.startsWith('/')) return { status: 400, why: 'the path must start with /' };
  let path;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400, why: 'the path is not valid percent-encoded UTF-8' };
  }
  if (/[\0\\]/.test(path)) return { status: 400, why: 'the path may not hold NUL or backslash' };
  if (path.split('/').some((s) => s === '.' || s === '..'))
    return { status: 400, why: 'the path may not hold . or .. segments' };
  for (const [prefix, folder] of mounts) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const file = join(folder, rest === '' || rest.endsWith('/') ? join(rest, 'index.html') : rest);
    // Cannot fail after the checks above; kept so that no later change can serve outside a mount.
    return file.startsWith(folder + sep) ? { file } : { status: 404 };
  }
  return { status: 404 };
}

export function startServer({
  port = Number(process.env.PORT ?? 8080),
  host = '127.0.0.1',
  mounts = DEFAULT_MOUNTS,
  csp = CSP,
} = {}) {
  const server = createServer(async (req, res) => {
    const answer = (status, text) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': csp });
      res.end(text);
    };
    const { file, status, why } = resolve(req.url, mounts);
    if (!file) return answer(status, status === 400 ? `bad request: ${why}` : 'not found');
    let body;
    try {
      // Read before writing the head, so a file that vanishes or is a folder is a 404, never a second head.
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      body = await readFile(file);
    } catch {
      return answer(404, 'not found');
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': isWorker(file) ? WORKER_CSP : csp,
      'Cache-Control': req.url.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
    });
    res.end(body);
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  console.log(`Positional Encoding Lab: http://localhost:${server.address().port}/`);
}
