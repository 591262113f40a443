// A static server: the built site (dist/site, from web/ by Vite) at /, the built package at /dist/. Every response carries the
// strict Content-Security-Policy the lab promises to work under. PORT overrides 8080.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
// The implement-it worker compiles the learner's function with Function(), so its own script (and
// nothing else) is served with 'unsafe-eval'. A worker runs under the policy of its own response.
export const WORKER_CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'";
const policyFor = (file) => (/implement-worker[^/]*\.js$/.test(file) ? WORKER_CSP : CSP);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.woff2': 'font/woff2', '.ts': 'text/plain' };

function resolve(urlPath) {
  const path = normalize(decodeURIComponent(urlPath.split('?')[0]));
  const [base, rest] = path.startsWith(`${sep}dist${sep}`) ? ['dist', path.slice(5)] : [join('dist', 'site'), path];
  const folder = join(root, base);
  const file = join(folder, rest.endsWith(sep) ? join(rest, 'index.html') : rest);
  return file.startsWith(folder + sep) ? file : null;
}

export function startServer(port = Number(process.env.PORT ?? 8080)) {
  const server = createServer(async (req, res) => {
    const file = resolve(req.url);
    try {
      if (!file || !(await stat(file)).isFile()) throw new Error('not found');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': policyFor(file), 'Cache-Control': 'no-cache' });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Security-Policy': CSP });
      res.end('not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  console.log(`Positional Encoding Lab: http://localhost:${server.address().port}/`);
}
