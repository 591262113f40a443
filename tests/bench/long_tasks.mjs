// Long tasks (over 50 ms: what holds a learner's input up, WCAG's and RAIL's threshold) on the lesson pages, in
// headless Chromium at 1× and at 4× CPU throttling (DevTools' "slow device"), for the four things a learner does:
//  - load: navigation until every exercise is mounted (body[data-ready=true]) and 1 s after;
//  - scroll: the page wheeled from top to bottom, a screen at a time, every 150 ms (load finished first);
//  - drag: the explorer's positions slider (lesson 1) swept at dModel 512, one input a frame, as a hand does;
//  - training: lesson 3's "Train it yourself" playing for 4 s while its charts follow.
// Each phase reports how many tasks took over 50 ms and the longest, from the browser's own long-task
// entries (PerformanceObserver 'longtask'), so nothing of ours times anything.
import { openLab } from '../browser/browser.mjs';
import { LESSONS } from '../../web/course/outline.js';

// Installed before the page's scripts: every long task from navigation on, kept with its start time.
function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}
const tasksSince = (page, since) => page.evaluate((t) => window.__longTasks.filter((e) => e.start >= t), since);
const now = (page) => page.evaluate(() => performance.now());
const summary = (tasks) => ({ count: tasks.length, longestMs: Math.max(0, ...tasks.map((t) => t.ms)) });

async function openPage(browser, url, throttle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(recordLongTasks);
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 120000 });
  await page.waitForTimeout(1000);
  return { context, page };
}

async function scroll(page) {
  const start = await now(page);
  for (;;) {
    const more = await page.evaluate(() => innerHeight + scrollY < document.documentElement.scrollHeight - 1);
    if (!more) break;
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(1000);
  return summary(await tasksSince(page, start));
}

async function drag(page, frames = 120) {
  const start = await now(page);
  await page.evaluate(async (count) => {
    const set = (id, value) => {
      const el = document.getElementById(id);
      el.value = String(value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    document.getElementById('positions').scrollIntoView();
    set('dModel', 512);
    await new Promise((done) => {
      let i = 0;
      requestAnimationFrame(function frame() {
        const step = i % 64;
        set('positions', 1024 - 3 * (step < 32 ? step : 64 - step));
        if (++i < count) requestAnimationFrame(frame);
        else done();
      });
    });
  }, frames);
  await page.waitForTimeout(500);
  return summary(await tasksSince(page, start));
}

async function train(page, seconds = 4) {
  const s = page.locator('section[data-exercise="train-it"]');
  await s.scrollIntoViewIfNeeded();
  await s.locator('input[type=radio]').first().check();
  await s.getByRole('button', { name: /^Record my prediction\b/ }).click();
  const start = await now(page);
  await s.getByRole('button', { name: /^Play/ }).click();
  await page.waitForTimeout(seconds * 1000);
  const steps = await page.evaluate(() => Number(document.querySelector('.train-lab')?.dataset.step));
  return { ...summary(await tasksSince(page, start)), steps };
}

/**
 * Per throttle (1×, 4×): each lesson's load and scroll, the explorer's drag, the training where train-it is;
 * and the same but the training (the same worker whatever the language) in Spanish and Chinese (#25).
 */
export async function longTaskFigures({ throttles = [1, 4], languages = ['en', 'es', 'zh-CN'] } = {}) {
  const lab = await openLab({ full: true }); // a learner's browser, not the tests' shell
  try {
    const figures = [];
    for (const throttle of throttles) {
      const lessons = [];
      for (const lang of languages)
        for (const lesson of LESSONS) {
          const url = lang === 'en' ? lesson.url : `${lesson.url}?lang=${lang}`;
          const { context, page } = await openPage(lab.browser, new URL(url, lab.url).href, throttle);
          const row = { lesson: url, load: summary(await tasksSince(page, 0)), scroll: await scroll(page) };
          if (await page.locator('#explorer #positions').count()) row.drag = await drag(page);
          if (lang === 'en' && lesson.exercises.includes('train-it')) row.training = await train(page);
          lessons.push(row);
          await context.close();
        }
      figures.push({ throttle, lessons });
    }
    return figures;
  } finally {
    await lab.close();
  }
}

const cell = (s) => (s ? `${s.count} (longest ${s.longestMs.toFixed(0)} ms)` : '—');
export function printLongTasks(figures) {
  console.log(
    '\n| long tasks > 50 ms: count (longest) | load | scroll | slider drag | training |\n|---|---|---|---|---|',
  );
  for (const { throttle, lessons } of figures)
    for (const r of lessons)
      console.log(
        `| ${r.lesson} at ${throttle}× CPU | ${cell(r.load)} | ${cell(r.scroll)} | ${cell(r.drag)} | ${cell(r.training)} |`,
      );
}

// `node tests/bench/long_tasks.mjs` prints this table alone.
if (import.meta.url === `file://${process.argv[1]}`) printLongTasks(await longTaskFigures());
