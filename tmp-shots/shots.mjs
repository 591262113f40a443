import { chromium } from 'playwright-core';
import { startServer, CSP, DEFAULT_MOUNTS } from '../scripts/serve.mjs';
const csp = `${CSP}; frame-src http://localhost:* http://127.0.0.1:*`;
const lab = await startServer({ port: 0, csp });
const course = await startServer({
  port: 0,
  csp,
  mounts: [
    ['/dist/', 'dist'],
    ['/', 'tests/consumer/host'],
  ],
});
const labUrl = `http://127.0.0.1:${lab.address().port}`,
  courseUrl = `http://localhost:${course.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, scheme] of [
  [1280, 'light'],
  [390, 'dark'],
]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  await page.goto(
    `${courseUrl}/?connect=never&frame=${encodeURIComponent(`${labUrl}/embed.html?exercise=conventions`)}`,
  );
  await page.frameLocator('iframe').locator('body[data-ready=true]').waitFor();
  await page.evaluate(() => (document.querySelector('iframe').style.height = '800px'));
  await page.screenshot({ path: `tmp-shots/note-${w}-${scheme}.png`, fullPage: true });
  const p2 = await ctx.newPage();
  await p2.route('**/*.wasm', (r) => r.fulfill({ status: 404, body: 'no' }));
  await p2.goto(`${labUrl}/embed.html?exercise=conventions`);
  await p2.locator('.load-failure').waitFor();
  await p2.screenshot({ path: `tmp-shots/fail-${w}-${scheme}.png` });
  const p3 = await ctx.newPage();
  await p3.route('**/*.wasm', (r) => r.fulfill({ status: 404, body: 'no' }));
  await p3.goto(`${labUrl}/`);
  await p3.locator('.load-failure').waitFor();
  await p3.screenshot({ path: `tmp-shots/lessonfail-${w}-${scheme}.png` });
  await ctx.close();
}
await browser.close();
lab.close();
course.close();
