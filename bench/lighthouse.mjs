// Lighthouse benchmark (issue 5 "Performance"): mobile profile (Lighthouse's default: emulated
// phone, throttled network and CPU) on Debian's Chromium, against the whole stack started by
// `npm start` on its own ports with a fresh embedded database. Measures the top page, an associate
// page, a campaign page and a portfolio page and prints their scores and the JavaScript each ships
// (transferred, i.e. compressed), as the markdown table the README's performance section holds.
//
//   npm run bench:lighthouse            (or BENCH_WEB_URL=http://host:port to measure a running site)
//   npm run bench:lighthouse -- --smoke the top page only: CI's check that Lighthouse still runs
//
// It measures, it does not assert: scores move with the machine's load (conventions: performance
// lives in bench/, not in timed tests). Each page is loaded once first so the cached page is measured.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstOf, startStack } from './stack.mjs';

const ports = { web: 3300, api: 4300, sandbox: 4310 };
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const smoke = process.argv.includes('--smoke');

const { web, stop } = await startStack(ports);
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const pages = [{ name: 'Top page', path: '/' }];
  if (!smoke) {
    pages.push(
      { name: 'Associate page', path: await firstOf(web, '/associate/?page_size=1', (a) => `/associate/${a.uid}`) },
      { name: 'Campaign page', path: await firstOf(web, '/campaign/?page_size=1&status=published', (c) => `/campaign/${c.id}`) },
      { name: 'Portfolio page', path: await firstOf(web, '/portfolio/?page_size=1', (p) => `/portfolio/${p.id}`) },
    );
  }
  const rows = [];
  for (const page of pages) {
    const url = `${web}${page.path}`;
    await fetch(url); // render once: the cached page is what visitors get
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    // A page Lighthouse could not load still yields a report, with zero scores: fail instead.
    if (!result?.lhr || result.lhr.runtimeError)
      throw new Error(`Lighthouse could not measure ${url}: ${result?.lhr?.runtimeError?.message ?? 'no report'}`);
    const { categories, audits } = result.lhr;
    const script = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    rows.push({
      page: `${page.name} (${page.path})`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      jsKiB: Math.round((script?.transferSize ?? 0) / 1024),
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
    });
  }
  const table = [
    '| Page | Performance | Accessibility | Best practices | SEO | JavaScript (KiB, gzip) | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsKiB} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    ),
  ].join('\n');
  console.info(table);
  const out = join(tmpdir(), 'kifu-lighthouse.md');
  writeFileSync(out, `${table}\n`);
  console.info(`\n(written to ${out})`);
} finally {
  await chrome.kill();
  await stop();
}
