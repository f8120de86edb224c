// Screenshots of home and registration at phone (390 px) and desktop (1280 px) widths:
// `npx tsx e2e/src/screenshots.ts` with the frontends served (see global-setup.ts).
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser';
import { PORTAL_URL, ROOT } from './portal';

async function main() {
  const out = path.join(ROOT, 'e2e/.cache/screenshots');
  fs.mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  for (const [label, width] of [['phone', 390], ['desktop', 1280]] as const) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const [name, route, ready] of [
      ['home', '/', 'Empowering students from small age towards vision'],
      ['registration', '/authentication/registration', 'Create an Account'],
    ] as const) {
      await page.goto(`${PORTAL_URL}${route}`);
      await page.getByRole('heading', { name: ready }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: path.join(out, `${name}-${label}.png`), fullPage: true });
    }
    await page.close();
  }
  await browser.close();
}

void main();
