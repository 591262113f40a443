// Build time only: web/i18n/locales.js (a module that imports nothing) as plain declarations, for the scripts
// that cannot import it but must choose a language as the pages do: web/i18n/early.js and the service worker
// (web/offline/sw.js), each holding the line `/* locales.js */` where it goes.
import { readFileSync } from 'node:fs';

const LOCALES = new URL('locales.js', import.meta.url);

/** `source` with its `/* locales.js *\/` line replaced by locales.js, exports dropped; `name` names it in errors. */
export function withLocales(source, name) {
  const locales = readFileSync(LOCALES, 'utf8');
  if (/^import /m.test(locales)) throw new Error(`${name}: locales.js imports, and cannot be a plain script`);
  if (!source.includes('/* locales.js */')) throw new Error(`${name} has no /* locales.js */ line`);
  return source.replace('/* locales.js */', () => locales.replace(/^export /gm, ''));
}
