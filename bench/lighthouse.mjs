// Lighthouse (docs/performance.md): mobile profile (Lighthouse's default: emulated phone, throttled
// network and CPU) on Debian's Chromium. `npm run bench` puts each page's performance score in its
// table next to a Next.js hello page's (the one bench/js-size.mjs builds, served by `next start`):
// what the framework alone scores on this machine. Run alone, it prints every category and the
// JavaScript each page ships (transferred, i.e. compressed) against the stack started by
// `npm start` on its own ports with a fresh embedded database.
//
//   npm run bench:lighthouse            (or BENCH_WEB_URL=http://host:port to measure a running site)
//   npm run bench:lighthouse -- --smoke the top page only: CI's check that Lighthouse still runs
//
// It measures, it does not assert: scores move with the machine's load (conventions: performance
// lives in bench/, not in timed tests). Each page is loaded once first so the cached page is measured.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { issuePages, startHello } from './js-size.mjs';
import { firstOf, startStack } from './stack.mjs';

/** The goal (docs/performance.md): Lighthouse mobile performance of top, campaign, associate and donate. */
export const LIGHTHOUSE_GOAL = 98;
const HELLO_PORT = 3490;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchChrome = () => chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });

/** One Lighthouse run of `url` in `chrome`: its scores, JS transferred and the three vitals. */
async function audit(chrome, url) {
  await (await fetch(url)).arrayBuffer(); // render once: the cached page is what visitors get
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
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    jsKiB: Math.round((script?.transferSize ?? 0) / 1024),
    lcp: audits['largest-contentful-paint'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
    cls: audits['cumulative-layout-shift'].displayValue,
  };
}

/** Rows for run.mjs's table: { what, kifu, baseline, ratio, goal, met }, one per page. */
export async function measureLighthouse({ web }) {
  const chrome = await launchChrome();
  const hello = await startHello(HELLO_PORT);
  try {
    const baseline = await audit(chrome, hello.url);
    const rows = [];
    for (const page of await issuePages(web)) {
      const scores = await audit(chrome, `${web}${page.path}`);
      rows.push({
        what: `Lighthouse mobile performance, ${page.name} (${page.path})`,
        kifu: `${scores.performance} (LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls})`,
        baseline: `Next.js hello page: ${baseline.performance} (LCP ${baseline.lcp})`,
        ratio: baseline.performance > 0 ? scores.performance / baseline.performance : 0,
        goal: `≥ ${LIGHTHOUSE_GOAL} (score)`,
        met: scores.performance >= LIGHTHOUSE_GOAL,
      });
    }
    return rows;
  } finally {
    await hello.stop();
    await chrome.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const smoke = process.argv.includes('--smoke');
  const { web, stop } = await startStack({ web: 3300, api: 4300, sandbox: 4310 });
  const chrome = await launchChrome();
  try {
    const pages = smoke
      ? [{ name: 'top page', path: '/' }]
      : [
          ...(await issuePages(web)),
          { name: 'portfolio page', path: await firstOf(web, '/portfolio/?page_size=1', (p) => `/portfolio/${p.id}`) },
        ];
    const rows = [];
    for (const page of pages) rows.push({ page: `${page.name} (${page.path})`, ...(await audit(chrome, `${web}${page.path}`)) });
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
}
