// The in-browser figures of the benchmark, in headless Chromium:
//  - first paint: navigation → the moment the lesson page's heatmap has pixels, side by side with a
//    trivial page (tests/bench/floor: loads nothing, fills a canvas) served by the same server. Both are
//    watched the same way: a script injected before the page's own polls the first canvas's centre pixel
//    in every animation frame and records performance.now() when it is no longer blank.
//  - a slider drag at 1024 × 512: input events dispatched from requestAnimationFrame callbacks, as
//    Chromium delivers a drag's events once a frame; we record the synchronous re-render (input event to
//    drawn) and the frame-to-frame time (deltas of the rAF timestamps, so anything that makes the page
//    miss a frame shows).
//  - what memory costs on this machine: allocating and filling a fresh 4 MB Float32Array vs refilling an
//    existing one, so a reader can tell a slow machine from slow code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openLab } from '../browser/browser.mjs';
import { PARTS, buildFirstScreens } from './first_screen.mjs';
import { range } from './train_bench.mjs';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const median = (values) => percentile(values, 0.5);

const FLOOR = '/bench-floor/';
const PARTS_AT = '/bench-first-screen/';
const floorDir = fileURLToPath(new URL('floor', import.meta.url));

// Runs in the page before any of its scripts, and reports through the console: asking the page from here
// (page.evaluate, waitForFunction) would inject Playwright's own scripts into it while it is loading.
function watchFirstPixels() {
  const check = () => {
    const canvas = document.querySelector('canvas');
    if (canvas && canvas.width > 0 && canvas.height > 0) {
      const pixel = canvas.getContext('2d').getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
      if (pixel[3] > 0) {
        console.log(`pelab-bench:first-pixels ${performance.now()}`);
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

// A shuffler with its own fixed seed (a 32-bit linear congruential generator and Fisher–Yates): the same orders
// in every run of the benchmark.
function seededShuffle(seed) {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return (list) => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
}

async function firstPixels(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }); // a fresh cache each time
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstPixels);
    const seen = new Promise((resolve, reject) => {
      page.on('console', (message) => {
        const [tag, ms] = message.text().split(' ');
        if (tag === 'pelab-bench:first-pixels') resolve(Number(ms));
      });
      setTimeout(() => reject(new Error(`no heatmap pixels within 20 s at ${url}`)), 20000).unref();
    });
    await page.goto(url, { waitUntil: 'commit' });
    const pixelsMs = await seen;
    // For context: when the page first painted anything (for the lesson page, its text).
    const contentfulMs = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    });
    return { pixelsMs, contentfulMs };
  } finally {
    await context.close();
  }
}

// Navigations alternate between the pages and the trivial one, so that a busy moment of the machine hits all
// alike: `urls` (label → URL) are each timed `runs` times against one floor, in rounds, each round visiting the
// pages (the trivial page among them) in an order of its own, shuffled with a fixed seed, so that no page keeps
// following the same one. Returns label → figures: the ratio of the medians (the headline figure), and the middle
// half of the rounds' own ratios (each round's navigation to the page ÷ its navigation to the trivial page).
export async function firstPaint(browser, urls, runs) {
  const floorUrl = new URL(FLOOR, Object.values(urls)[0]).href;
  const order = [...Object.values(urls), floorUrl];
  for (const url of order) await firstPixels(browser, url); // warm-up: the first navigation pays for starting processes
  const rounds = [];
  const shuffled = seededShuffle(1);
  for (let i = 0; i < runs; i++) {
    const round = new Array(order.length);
    for (const at of shuffled(order.map((_, k) => k))) round[at] = await firstPixels(browser, order[at]);
    rounds.push(round);
  }
  const floorOf = (round) => round[order.length - 1].pixelsMs;
  const floorMs = median(rounds.map(floorOf));
  return Object.fromEntries(
    Object.keys(urls).map((label, k) => {
      const oursMs = median(rounds.map((round) => round[k].pixelsMs));
      const oursContentfulMs = median(rounds.map((round) => round[k].contentfulMs));
      const ratios = rounds.map((round) => round[k].pixelsMs / floorOf(round));
      const ratioQuartiles = [percentile(ratios, 0.25), percentile(ratios, 0.75)];
      return [label, { oursMs, floorMs, ratio: oursMs / floorMs, ratioQuartiles, oursContentfulMs, runs }];
    }),
  );
}

async function drag(page, frames) {
  return page.evaluate(async (count) => {
    const set = (id, value) => {
      const el = document.getElementById(id);
      el.value = String(value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('dModel', 512);
    set('positions', 1024);
    const warm = 10;
    return new Promise((done) => {
      const rerender = [],
        frameToFrame = [];
      let last = null,
        i = 0;
      requestAnimationFrame(function frame(now) {
        if (i > warm) frameToFrame.push(now - last);
        last = now;
        // A drag: the positions slider swept down from 1024 and back, a few positions a frame, so the
        // table's shape changes on every frame as it does under a hand.
        const step = i % 64;
        const start = performance.now();
        set('positions', 1024 - 3 * (step < 32 ? step : 64 - step));
        if (i >= warm) rerender.push(performance.now() - start);
        if (++i < count + warm + 1) requestAnimationFrame(frame);
        else done({ rerender, frameToFrame });
      });
    });
  }, frames);
}

// Median time to allocate and fill a fresh 4 MB Float32Array, and to refill one that exists.
async function allocation(page, reps) {
  return page.evaluate((count) => {
    const n = 1 << 20,
      existing = new Float32Array(n);
    const time = (fn) => {
      const t = [];
      for (let i = 0; i < count + 3; i++) {
        const start = performance.now();
        fn(i);
        t.push(performance.now() - start);
      }
      t.splice(0, 3);
      t.sort((a, b) => a - b);
      return t[t.length >> 1];
    };
    let keep = 0;
    const freshMs = time((i) => {
      keep += new Float32Array(n).fill(i)[n - 1];
    });
    const refillMs = time((i) => {
      keep += existing.fill(i)[n - 1];
    });
    return { freshMs, refillMs, keep };
  }, reps);
}

// Starts "Train it yourself" (its prediction answered first, as a learner must) and returns once it has taken
// a step; training then runs in its worker while a slider of the same page (lesson 3) is dragged.
async function startTraining(page) {
  const s = page.locator('section[data-exercise="train-it"]');
  await s.locator('input[type=radio]').first().check();
  await s.getByRole('button', { name: /^Record my prediction\b/ }).click();
  await s.getByRole('button', { name: /^Play/ }).click();
  await page.waitForFunction(() => Number(document.querySelector('.train-lab')?.dataset.step) > 0);
}
// Train it yourself's seven arms with `workers` training workers (?trainWorkers=N): steps of the whole
// ablation per second, timed in the page from step FROM to step TO of one Play (which stops at 1,000).
const FROM = 100,
  TO = 900;
async function ablationRate(browser, url, workers) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${url}lesson-3.html?trainWorkers=${workers}#train-it`);
    await page.waitForSelector('body[data-ready=true]');
    const timing = page.evaluate(
      ({ from, to }) =>
        new Promise((done) => {
          const lab = document.querySelector('.train-lab');
          let start = null;
          new MutationObserver(() => {
            const step = Number(lab.dataset.step);
            if (start === null && step >= from) start = { step, at: performance.now() };
            if (start && step >= to) done(((step - start.step) / (performance.now() - start.at)) * 1000);
          }).observe(lab, { attributes: true, attributeFilter: ['data-step'] });
        }),
      { from: FROM, to: TO },
    );
    await startTraining(page);
    const stepsPerSecond = await timing;
    return { workers, started: page.workers().length, stepsPerSecond };
  } finally {
    await context.close();
  }
}

/**
 * The ablation's steps/s with 1, 2 and 4 training workers (the issue's pool sizes), timed in `rounds` rounds of
 * one run of each: a row per size, its median steps/s and, against one worker, the median of the rounds' ratios
 * and their range (one run of each, a minute apart, put two workers at 1.17× and 1.96× of one on the same code).
 */
export async function poolFigures(lab, sizes = [1, 2, 4], rounds = 3) {
  const runs = sizes.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (const [i, workers] of sizes.entries()) runs[i].push(await ablationRate(lab.browser, lab.url, workers));
  return sizes.map((workers, i) => {
    const ratios = runs[i].map((run, r) => run.stepsPerSecond / runs[0][r].stepsPerSecond);
    return {
      workers,
      started: runs[i][0].started,
      stepsPerSecond: median(runs[i].map((run) => run.stepsPerSecond)),
      ratio: median(ratios),
      ratioRange: range(ratios),
      rounds,
    };
  });
}

const trainedSteps = (page) => page.evaluate(() => Number(document.querySelector('.train-lab').dataset.step));

// The first slider of exercise `id` swept from its minimum to its maximum and back, one input a frame, with
// the same two records as drag() (that slider redraws its own plot).
async function dragSlider(page, id, frames) {
  return page.evaluate(
    async ({ id, count }) => {
      const el = document.querySelector(`section[data-exercise="${id}"] input[type=range]`);
      el.scrollIntoView();
      const lo = Number(el.min),
        hi = Number(el.max);
      return new Promise((done) => {
        const rerender = [],
          frameToFrame = [];
        let last = null,
          i = 0;
        requestAnimationFrame(function frame(now) {
          if (i > 0) frameToFrame.push(now - last);
          last = now;
          const phase = (i % 40) / 20;
          el.value = String(Math.round(lo + (hi - lo) * (phase < 1 ? phase : 2 - phase)));
          const start = performance.now();
          el.dispatchEvent(new Event('input', { bubbles: true }));
          rerender.push(performance.now() - start);
          if (++i < count) requestAnimationFrame(frame);
          else done({ rerender, frameToFrame });
        });
      });
    },
    { id, count: frames },
  );
}

export async function browserFigures({ frames = 180, paintRuns = 11, reps = 15 } = {}) {
  const parts = mkdtempSync(join(tmpdir(), 'pelab-first-screen-'));
  let lab = null;
  try {
    await buildFirstScreens(join(parts, 'source'), join(parts, 'pages'));
    // a learner's browser, not the tests' shell
    lab = await openLab({
      mounts: [
        [FLOOR, floorDir],
        [PARTS_AT, join(parts, 'pages')],
      ],
      full: true,
    });
    // The lesson with the heatmap, in each language (#25: the budgets hold per language), and its parts
    // (first_screen.mjs: what bounds the figure), interleaved.
    const languages = {
      en: `${lab.url}lesson-1.html`,
      es: `${lab.url}lesson-1.html?lang=es`,
      'zh-CN': `${lab.url}lesson-1.html?lang=zh-CN`,
    };
    const partUrls = Object.fromEntries(
      PARTS.map((part) => [part, `${lab.url}${PARTS_AT.slice(1)}${part}/lesson-1.html`]),
    );
    const paints = await firstPaint(lab.browser, { ...languages, ...partUrls }, paintRuns);
    const { en: paint, ...paintIn } = Object.fromEntries(Object.keys(languages).map((k) => [k, paints[k]]));
    const paintParts = Object.fromEntries(PARTS.map((part) => [part, paints[part]]));
    const context = await lab.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${lab.url}lesson-1.html`);
    await page.waitForSelector('body[data-ready=true]');
    const { freshMs, refillMs } = await allocation(page, reps);
    const { rerender, frameToFrame } = await drag(page, frames);
    await page.goto(`${lab.url}lesson-3.html`); // train-it's lesson
    await page.waitForSelector('body[data-ready=true]');
    const idle = await dragSlider(page, 'rope', frames);
    await startTraining(page);
    const stepsBefore = await trainedSteps(page);
    const training = await dragSlider(page, 'rope', frames);
    const stepsDuring = (await trainedSteps(page)) - stepsBefore;
    await context.close();
    const pool = await poolFigures(lab);
    return {
      firstPaint: paint,
      firstPaintIn: paintIn,
      firstPaintParts: paintParts,
      frames,
      rerenderP50Ms: percentile(rerender, 0.5),
      rerenderP95Ms: percentile(rerender, 0.95),
      frameToFrameP50Ms: percentile(frameToFrame, 0.5),
      frameToFrameP95Ms: percentile(frameToFrame, 0.95),
      longFrames: frameToFrame.filter((d) => d > 1.5 * median(frameToFrame)).length,
      ropeSlider: {
        frameToFrameP50Ms: percentile(idle.frameToFrame, 0.5),
        frameToFrameP95Ms: percentile(idle.frameToFrame, 0.95),
        rerenderP95Ms: percentile(idle.rerender, 0.95),
      },
      whileTraining: {
        frameToFrameP50Ms: percentile(training.frameToFrame, 0.5),
        frameToFrameP95Ms: percentile(training.frameToFrame, 0.95),
        rerenderP95Ms: percentile(training.rerender, 0.95),
        stepsDuring,
      },
      pool,
      fresh4MbMs: freshMs,
      refill4MbMs: refillMs,
      note:
        'first paint: navigation → first non-blank heatmap pixels, median of runs, vs a trivial page on the same server; ' +
        're-render: synchronous input-to-drawn time of one redraw during a drag of the positions slider at dModel 512; ' +
        'frame-to-frame: deltas of requestAnimationFrame timestamps during that drag; ' +
        "ropeSlider: lesson 3's RoPE slider swept the same way; " +
        "whileTraining: that sweep again while Train it yourself's models train in their workers",
    };
  } finally {
    await lab?.close();
    rmSync(parts, { recursive: true, force: true });
  }
}
