import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';
const lab = await startServer({ port: 0 });
const url = `http://127.0.0.1:${lab.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, scheme] of [
  [1280, 'light'],
  [390, 'dark'],
]) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 }, colorScheme: scheme });
  await page.goto(url + '#formula-card-title');
  await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
  await page.locator('#formula-card').scrollIntoViewIfNeeded();
  await page.locator('#formula-card').screenshot({ path: `tmp-shots/card-${w}-${scheme}.png` });
  await page.close();
}
await browser.close();
lab.close();
