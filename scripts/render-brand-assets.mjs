#!/usr/bin/env node
// Renders the PNG versions of the brand assets (the /asset page's downloads) from their SVGs with
// the Chromium the browser tests use, on a transparent background. Run by hand after changing an
// SVG in apps/web/public/assets/brand/: `node scripts/render-brand-assets.mjs`.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../apps/web/public/assets/brand/', import.meta.url));
const renders = [
  { svg: 'kifu-logo.svg', png: 'kifu-logo.png', width: 1200, height: 400 },
  { svg: 'kifu-logo-white.svg', png: 'kifu-logo-white.png', width: 1200, height: 400 },
  { svg: 'kifu-mark.svg', png: 'kifu-mark.png', width: 512, height: 512 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { svg, png, width, height } of renders) {
    const page = await browser.newPage({ viewport: { width, height } });
    const source = readFileSync(`${folder}${svg}`).toString('base64');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="data:image/svg+xml;base64,${source}" width="${width}" height="${height}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${folder}${png}`, omitBackground: true });
    await page.close();
    console.info(`${png} ${width}×${height}`);
  }
} finally {
  await browser.close();
}
