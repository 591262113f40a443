// The in-browser figures of the benchmark: the lesson page in headless Chromium, a slider driving
// the heatmap at 1024 × 512, and the time from navigation to the first heatmap.
import { openLab } from '../browser/browser.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

export async function browserFigures(frames) {
  const lab = await openLab();
  try {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(lab.url);
    await page.waitForSelector('body[data-ready=true]');
    const firstHeatmapMs = await page.evaluate(() => performance.getEntriesByName('pelab:first-heatmap')[0].startTime);
    const times = await page.evaluate(async (count) => {
      const set = (id, value) => {
        const el = document.getElementById(id);
        el.value = String(value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      };
      set('dModel', 512);
      set('positions', 1024);
      const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r()));
      const out = [];
      for (let i = 0; i < count + 3; i++) {
        await nextFrame();
        const start = performance.now();
        set('positions', 1024 - (i % 2));  // what a slider drag does: input events, one per frame
        out.push(performance.now() - start);
      }
      return out.slice(3);
    }, frames);
    times.sort((a, b) => a - b);
    return { frames, rerenderP50Ms: percentile(times, 0.5), rerenderP95Ms: percentile(times, 0.95), firstHeatmapMs,
      note: 'synchronous input-to-drawn time of the re-render (core + colour mapping + canvas draw)' };
  } finally {
    await lab.close();
  }
}
