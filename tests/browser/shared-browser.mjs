// One headless shell for the whole browser layer (scripts/test.sh starts this before the files and stops it after):
// it prints the browser's WebSocket endpoint on its first line, and each file connects to it (launchChromium, with
// PELAB_BROWSER_WS set) instead of launching a browser of its own. A file's contexts are its own and close with its
// connection; it shares only the browser process. Connecting cost 0.6 CPU-seconds a file against 1.6 for a launch
// (2026-12-05: a connection or a launch, a context and one page, five times each).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HEADLESS_SHELL } from './browser.mjs';

const server = await chromium.launchServer({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS });
console.log(server.wsEndpoint());
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.resume(); // until test.sh closes our stdin or signals
process.stdin.on('end', stop);
