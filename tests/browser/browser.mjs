// Shared by the browser tests: Debian's Chromium through playwright-core, and the page served with
// the same server (and CSP) as `npm start`, on a free port. `mounts` (URL prefix → folder) serves more
// folders beside the site, as the benchmark's first-paint floor page.
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { startServer, DEFAULT_MOUNTS } from '../../scripts/serve.mjs';
import { LESSONS } from '../../web/course/outline.js';
import { maxScores } from '../../web/exercises/index.js';
import { findExercise } from '../../web/exercises/index.js';

/** The lesson (web/course/outline.js) with id `id` or holding exercise `id`. */
export function lessonOf(id) {
  const lesson = LESSONS.find((l) => l.id === id || l.exercises.includes(id));
  if (!lesson) throw new Error(`lessonOf: no lesson is or holds ${id}`);
  return lesson;
}
/** The address of lesson `id`'s page (or of the lesson holding exercise `id`) on the site at `url`. */
export const lessonUrl = (url, id) => new URL(lessonOf(id).url, url).href;
/** How many exercises that lesson has: what its progress bar counts. */
export const lessonTotal = (id) => lessonOf(id).exercises.length;
/** What that lesson's progress line says with `correct` right and `answered` answered (predictions score 0). */
export function progressLine(id, correct, answered) {
  const graded = lessonOf(id).exercises.filter((e) => maxScores().get(e) > 0).length;
  return `${correct} of ${graded} right at the first attempt, ${answered} of ${lessonTotal(id)} answered`;
}

/**
 * Debian's Chromium, headless. By default its headless shell (package chromium-headless-shell): the same Blink, V8
 * and network stack as /usr/bin/chromium, without the browser's own UI layer, which Playwright's headless runs use
 * too. A lesson page loaded in a kept context cost 1.4–1.8 CPU-seconds there against 2.0–2.5 in the full browser,
 * whose browser process alone took a third of it; the whole browser layer went from 467 to 299 s on two cores.
 * `full` starts /usr/bin/chromium, a learner's browser: its off-the-record profiles block a cross-site frame's
 * storage (localStorage, sessionStorage, IndexedDB and caches throw), as Chrome's incognito windows and browsers
 * that block third-party storage do; the shell's profiles give such a frame partitioned storage instead.
 * cross-site.test.mjs needs the full one. The browser says which it is (`blocksThirdPartyStorage`, for pageFor).
 * Under scripts/test.sh the headless shell is one for the whole layer (tests/browser/shared-browser.mjs, its
 * endpoint in PELAB_BROWSER_WS), which each file connects to; a file run alone launches its own.
 */
export async function launchChromium({ full = false } = {}) {
  // The layer's shared headless shell where scripts/test.sh runs one (tests/browser/shared-browser.mjs).
  const shared = !full && process.env.PELAB_BROWSER_WS;
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({ executablePath: full ? '/usr/bin/chromium' : HEADLESS_SHELL, args: CHROMIUM_ARGS });
  return Object.assign(browser, { blocksThirdPartyStorage: full });
}

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
// Chromium keeps only the last --disable-features it is given, so ours repeats playwright-core 1.65.1's own list
// (its coreBundle.js, `disabledFeatures`) before adding the omnibox's WebUI popups: full Chromium 156 loads one in
// every new window, 130 to 400 chrome:// files (counted in traces, 2026-12-06), and a test or benchmark that opens
// a context per navigation then shares the machine's two cores with them (the trivial first-paint page took 87 ms
// without them, 130 to 150 with). A learner's window loads its popup once, not once per page.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
// (without the network flags, Chromium's background connections are refused by a closed network, many at a time)
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`,
];

export async function openLab({ mounts = [], full = false } = {}) {
  const server = await startServer({ port: 0, mounts: [...mounts, ...DEFAULT_MOUNTS] });
  const browser = await launchChromium({ full });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    browser,
    server,
    url,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

// What a kept context's origins may have stored (the site stores in localStorage alone; the rest in case).
const STORED =
  'cookies,file_systems,indexeddb,local_storage,cache_storage,service_workers,storage_buckets,shared_storage';
// Contexts whose page was closed, kept for the next page asked for with the same options: browser → options →
// [promise of the context, or of null if it could not be kept].
const keptContexts = new WeakMap();

/** A new context that counts the pages opened in it and notes whether it was ever set offline. */
async function newContext(browser, options) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  Object.assign(context, { visited: new Set(), opened: 0, ours: 0, keeper: null, wentOffline: false });
  context.on('page', () => context.opened++);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = (offline) => ((context.wentOffline = true), setOffline(offline));
  return context;
}

/** The last kept context for `key` that is still usable, or null. */
async function keptContext(kept, key) {
  for (const list = kept.get(key) ?? []; list.length;) {
    const context = await list.pop();
    if (context) return context;
  }
  return null;
}

/**
 * A page in a context for `options`: one kept from an earlier page, its stored data cleared, or a new one; and in
 * it, a tab an earlier test closed and that was handed back clean (handBack), or a new tab. A lesson page loaded in
 * a new context cost about 4.3 CPU-seconds in the full browser, against 1.7–2.1 in a kept one whose renderer process
 * stays alive in a page left open on the same site (3.0 to 3.5 in a kept one without it); in the headless shell, a
 * new tab of a kept context 1.4–1.8, a handed-back tab 1.0–1.1. The browser tests load some 200 pages. What a test
 * may rely on stays as in a new context: nothing stored (cleared below, before the page is handed out:
 * localStorage, sessionStorage, cookies, IndexedDB, caches and the rest), no other page but an idle one on a
 * plain-text 404 of the site (which runs no script), online, no history, none of an earlier test's listeners, init
 * scripts, routes or media emulation (a tab given any of these is closed, not handed back). Each origin a page or
 * frame was on is cleared. A frame on another site than its page can store nothing in the full browser (it blocks
 * third-party storage, which cross-site.test.mjs relies on) but has partitioned storage in the headless shell,
 * which clearing by origin does not reach: there, a context that framed another site is not kept. Kept are only
 * contexts in which no other page was opened and which were never set offline, and none that lets service workers
 * run. The server (scripts/serve.mjs) caches as README's hosting advice says: a kept context holds the site's hashed
 * assets (/assets/) in its memory cache, as a learner's browser holds them, and fetches everything else again (no
 * validators are sent); a new context starts with an empty cache, and a tab with routes fetches every file (Playwright
 * turns the cache off where it routes).
 */
async function pageFor(browser, options) {
  // A viewport is the page's own (set on it below, as a context would set it), so it does not part contexts.
  const { viewport, ...rest } = options;
  const contextOptions = viewport ? rest : options; // (viewport: null, no emulation at all, stays the context's)
  const key = JSON.stringify(contextOptions);
  if (!keptContexts.has(browser)) keptContexts.set(browser, new Map());
  const kept = keptContexts.get(browser);
  const context = (await keptContext(kept, key)) ?? (await newContext(browser, contextOptions));
  let page = context.spare?.isClosed() ? null : context.spare; // a tab an earlier test closed, handed back clean
  context.spare = null;
  if (!page) {
    context.ours++;
    page = markUse(await context.newPage());
  }
  // (a handed-back tab keeps the viewport it was last given: set it as a new tab of this context would have it)
  if (viewport || page.handedBack) await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
  if (context.visited.size) {
    const cdp = await context.newCDPSession(page);
    for (const origin of context.visited)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORED });
    await cdp.detach();
  }
  const origins = new Set();
  const host = (url) => (URL.canParse(url) ? new URL(url).hostname : '');
  let partitioned = false; // a frame on another host than its page's, where its storage is partitioned
  page.on('framenavigated', (frame) => {
    const origin = URL.canParse(frame.url()) ? new URL(frame.url()).origin : 'null';
    if (origin !== 'null') origins.add(origin);
    if (frame !== page.mainFrame() && origin !== 'null' && host(frame.url()) !== host(page.url()))
      partitioned ||= !browser.blocksThirdPartyStorage;
  });
  const keepable = () =>
    options.serviceWorkers !== 'allow' &&
    !context.wentOffline &&
    !partitioned &&
    context.opened === context.ours &&
    context.pages().every((p) => p === page || p === context.keeper);
  const keep = (spare) => {
    for (const origin of origins) context.visited.add(origin);
    if (!kept.has(key)) kept.set(key, []);
    kept.get(key).push(spare);
  };
  const dropped = () => (context.close().catch(() => {}), null);
  page.on('close', () => {
    if (!keepable()) return void dropped();
    const keeper = async () => {
      if (!context.keeper && origins.size) {
        context.ours++;
        context.keeper = await context.newPage();
        await context.keeper.goto(`${[...origins][0]}/favicon.ico`);
      }
      return context;
    };
    keep(keeper().catch(dropped)); // (a keeper that cannot load: a server or browser closing)
  });
  // A test's close hands a clean tab back instead, for the next page of this context: once (a second close by the
  // same test does nothing, as closing a closed page does).
  let closed = false;
  page.close = async (...args) => {
    if (closed) return;
    closed = true;
    const back = !args.length && !page.used && contextOptions.viewport !== null && keepable() && origins.size > 0;
    if (back && (await handBack(page, `${[...origins][0]}/favicon.ico`)))
      return void keep(Promise.resolve(Object.assign(context, { spare: page })));
    if (back) dropped(); // (its close handler is gone with the test's listeners: nothing else would drop it)
    return page.closeTab(...args);
  };
  return page;
}

// Playwright's viewport for a context given none.
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

// What a test can change in a tab that a new document does not undo: such a tab is closed, not handed back.
const LASTING = [
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeFunction',
  'exposeBinding',
  'emulateMedia',
  'setExtraHTTPHeaders',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'addLocatorHandler',
  'goBack',
  'goForward',
];

/** `page`, with its close kept as closeTab and every LASTING method (and a held key or button) marking it used. */
function markUse(page) {
  const mark = (target, name) => {
    const method = target[name].bind(target);
    target[name] = (...args) => ((page.used = true), method(...args));
  };
  page.closeTab = page.close.bind(page);
  page.addOwnInitScript = page.addInitScript.bind(page);
  // Playwright's own listeners (its page settles pending calls on 'close' and 'crash'): kept when a tab is handed back
  page.ownListeners = new Set(page.eventNames().flatMap((name) => page.rawListeners(name)));
  for (const name of LASTING) mark(page, name);
  mark(page.keyboard, 'down');
  mark(page.mouse, 'down');
  return page;
}

/**
 * Hands a test's tab back for the next page of its context: what the test listened to is no longer heard, and
 * its document is left for a plain-text 404 of its site (the page's workers and timers end with the document;
 * the renderer stays, as the idle keeper keeps it). Stored data is cleared when the tab is handed out again
 * (pageFor), as for a new tab. A lesson load in a handed-back tab cost 1.0–1.1 CPU-seconds against 1.4–1.8 in a
 * new tab of the same kept context. Resolves whether it could: a tab whose 404 would not load is closed.
 */
async function handBack(page, plain) {
  // (removeListener, not removeAllListeners: it also stops the browser sending what no one listens to any more)
  for (const name of page.eventNames())
    for (const listener of page.rawListeners(name))
      if (!page.ownListeners.has(listener)) page.removeListener(name, listener);
  try {
    await page.goto(plain);
    await page.evaluate(() => (window.name = '')); // (the one thing a document leaves its tab's next)
    await page.mouse.move(-1, -1); // no pointer over what the next test's page lays out: no :hover
    await Promise.all([page.clearConsoleMessages(), page.clearPageErrors()]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.resetNavigationHistory'); // no way back to the last test's pages
    await cdp.detach();
    // The last document's workers end with it, but asynchronously: a tab still listing one is not handed back.
    for (let wait = 0; page.workers().length && wait < 20; wait++) await new Promise((r) => setTimeout(r, 50));
  } catch {
    return false;
  }
  page.handedBack = true;
  return page.workers().length === 0;
}

// A page that records console errors, page errors and CSP violations.
export async function watchedPage(browser, options = {}) {
  // Its own context, or one kept whose storage was cleared (pageFor). Service workers are blocked unless a
  // test asks for them (offline.test.mjs), so that every other test measures the network and its routes see
  // every request.
  const page = await pageFor(browser, options);
  const problems = [];
  // Failed loads are reported by URL below; the browser's own favicon probe is not a problem.
  page.on(
    'console',
    (m) =>
      m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(`console: ${m.text()}`),
  );
  page.on(
    'response',
    (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`HTTP ${r.status()}: ${r.url()}`),
  );
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (!page.watchesCsp) {
    page.watchesCsp = true; // (once a tab: a handed-back tab still runs it)
    await page.addOwnInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
  }
  return { page, problems };
}

/**
 * The radio of option `optionId` of exercise `exerciseId`'s question inside `scope` (a page, frame or
 * locator; Playwright pierces shadow roots). Radio values are opaque per learner (web/order.js), so the
 * option is found as a learner finds it: by its label, taken from the exercise's data.
 */
export function choice(scope, exerciseId, optionId) {
  const exercise = findExercise(exerciseId);
  const option = exercise?.questions?.flatMap((q) => q.options).find((o) => o.id === optionId);
  if (!option) throw new Error(`choice: ${exerciseId} has no option '${optionId}'`);
  return scope.locator('.choice').filter({ hasText: option.label }).locator('input[type=radio]');
}

/** "Reset progress", confirmed: the way a learner starts a lesson over (it asks first). */
export async function resetProgress(page) {
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await page.getByRole('group', { name: 'Reset progress?' }).getByRole('button', { name: 'Forget my answers' }).click();
}

/**
 * An axe run on `page` with the rules every axe run here uses: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best
 * practices. Only the violations keep their nodes in the report (what every test asserts; passes and the rest
 * are cut to one node each): building and returning the full report took about a fifth of axe's time on a
 * lesson page.
 *
 * axe runs in the page itself (axe.run, the builder's "legacy mode"), not as partial runs merged in a blank
 * page the builder opens beside it: that blank page (a renderer of its own) was two thirds of each run's time on
 * a lesson page (2.7–3.6 s against 1.0–1.3 s). The two differ only for pages holding frames, which axe.run
 * would reach on this origin alone; the pages checked here hold none, and a page that does is refused.
 */
export const axe = (page) => {
  const frames = page.frames().length;
  if (frames !== 1) throw new Error(`axe: ${page.url()} holds ${frames - 1} frame(s); check them with partial runs`);
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] }) // first: options() replaces what withTags() set
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
};

/**
 * The name and description Chromium's accessibility tree gives each visible element matching `selector`
 * (light DOM): what a screen reader hears, which the referenced elements' text is not when one is hidden
 * (a closed <details> keeps its content out of a description).
 */
export async function accessible(page, selector) {
  const count = await page.evaluate((s) => {
    const found = [...document.querySelectorAll(s)].filter((e) => e.checkVisibility());
    found.forEach((e, i) => (e.dataset.axProbe = String(i)));
    return found.length;
  }, selector);
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const said = [];
  for (let i = 0; i < count; i++) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-ax-probe="${i}"]` });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    said.push({ name: nodes[0].name?.value ?? '', description: nodes[0].description?.value ?? '' });
  }
  await cdp.detach();
  return said;
}
