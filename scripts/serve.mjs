// A static server: the built site (dist/site, from web/ by Vite) at /, the built package at /dist/.
// Every response carries the strict Content-Security-Policy the lab promises to work under. PORT
// overrides 8080. Tests mount other folders (fixtures) the same way.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
// The implement-it worker compiles the learner's function with Function(), so its own script (and
// nothing else) is served with 'unsafe-eval'. A worker runs under the policy of its own response.
export const WORKER_CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'";
const isWorker = (file) => /implement-worker[^/]*\.js$/.test(file);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.woff2': 'font/woff2', '.ts': 'text/plain' };

/** URL prefix → folder, longest prefix first. */
export const DEFAULT_MOUNTS = [['/dist/', join(root, 'dist')], ['/', join(root, 'dist', 'site')]];

function resolve(urlPath, mounts) {
  const path = normalize(decodeURIComponent(urlPath.split('?')[0])).split(sep).join('/');
  for (const [prefix, folder] of mounts) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const file = join(folder, rest === '' || rest.endsWith('/') ? join(rest, 'index.html') : rest);
    return file.startsWith(folder + sep) || file === folder ? file : null;
  }
  return null;
}

export function startServer({ port = Number(process.env.PORT ?? 8080), host = '127.0.0.1', mounts = DEFAULT_MOUNTS, csp = CSP } = {}) {
  const server = createServer(async (req, res) => {
    const file = resolve(req.url, mounts);
    try {
      if (!file || !(await stat(file)).isFile()) throw new Error('not found');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': isWorker(file) ? WORKER_CSP : csp, 'Cache-Control': 'no-cache' });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Security-Policy': csp });
      res.end('not found');
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  console.log(`Positional Encoding Lab: http://localhost:${server.address().port}/`);
}
