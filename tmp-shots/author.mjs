import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
await page.goto('http://localhost:8092/');
const frame = page.frameLocator('iframe');
await frame.locator('body[data-ready=true]').waitFor({ timeout: 30000 });
console.log('note:', await frame.locator('.storage-note').innerText());
const radios = frame.locator('input[type=radio]');
console.log('radios', await radios.count());
await radios.first().check();
await frame
  .getByRole('button', { name: /^Check\b/ })
  .first()
  .click();
await page.waitForTimeout(500);
console.log('frame height', await page.$eval('iframe', (f) => f.style.height));
console.log(logs.join('\n'));
await page.screenshot({ path: 'tmp-shots/author.png', fullPage: true });
await page.reload();
await frame.locator('body[data-ready=true]').waitFor({ timeout: 30000 });
console.log('after reload:', await frame.locator('.attempt-status').first().innerText());
await browser.close();
