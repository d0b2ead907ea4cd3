// Sharing (ADR 020): every shareable page names itself to search engines and link previews — a
// real title and description, a canonical URL, hreflang ja/en/x-default, and an Open Graph card the
// project draws (a 1200×630 PNG) — and the site publishes sitemap.xml and robots.txt.
import { expect, test, type APIRequestContext, type Page } from './fixtures';

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const meta = (page: Page, selector: string) => page.locator(selector).getAttribute('content');
const link = (page: Page, selector: string) => page.locator(selector).getAttribute('href');

async function firstId(request: APIRequestContext, path: string, key: 'id' | 'uid'): Promise<string> {
  const body = (await (await request.get(`/backend${path}?page_size=1`)).json()) as { results: Record<string, unknown>[] };
  expect(body.results.length, `the demo data has ${path} items`).toBeGreaterThan(0);
  return String(body.results[0]![key]);
}

/** A published campaign of the demo data that has a published report. */
async function campaignWithReport(request: APIRequestContext): Promise<{ campaign: { id: number }; report: { id: number } }> {
  const list = (await (await request.get('/backend/campaign/?page_size=50')).json()) as { results: { id: number }[] };
  for (const campaign of list.results) {
    const reports = (await (await request.get(`/backend/campaign/${campaign.id}/reports/`)).json()) as { results: { id: number }[] };
    if (reports.results[0]) return { campaign, report: reports.results[0] };
  }
  throw new Error('the demo data has no campaign with a published report');
}

/** The shareable pages of the demo data: one of each kind. */
async function shareablePaths(request: APIRequestContext): Promise<{ kind: string; path: string }[]> {
  const uid = await firstId(request, '/associate/', 'uid');
  const { campaign, report } = await campaignWithReport(request);
  return [
    { kind: 'portfolio', path: `/portfolio/${await firstId(request, '/portfolio/', 'id')}` },
    { kind: 'associate', path: `/associate/${uid}` },
    { kind: 'associate vision', path: `/associate/${uid}/vision` },
    { kind: 'campaign', path: `/campaign/${campaign.id}` },
    { kind: 'report', path: `/campaign/${campaign.id}/report/${report.id}` },
  ];
}

test('each shareable page has its title, description, canonical, hreflang and its own Open Graph card, in ja and en', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const { kind, path } of await shareablePaths(request)) {
    for (const prefix of ['', '/en']) {
      await test.step(`${kind} ${prefix}${path}`, async () => {
        await page.goto(`${prefix}${path}`);
        const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())!.trim();
        expect(await page.title()).toContain(heading);
        expect((await meta(page, 'meta[name="description"]'))?.length ?? 0).toBeGreaterThan(10);
        expect(await link(page, 'link[rel="canonical"]')).toBe(`${baseURL}${prefix}${path}`);
        expect(await link(page, 'link[rel="alternate"][hreflang="ja"]')).toBe(`${baseURL}${path}`);
        expect(await link(page, 'link[rel="alternate"][hreflang="en"]')).toBe(`${baseURL}/en${path}`);
        expect(await link(page, 'link[rel="alternate"][hreflang="x-default"]')).toBe(`${baseURL}${path}`);
        expect(await meta(page, 'meta[property="og:title"]')).toContain(heading);
        expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');

        const image = await meta(page, 'meta[property="og:image"]');
        expect(image).toBeTruthy();
        const answer = await request.get(image!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-type']).toBe('image/png');
        expect(pngSize(await answer.body())).toEqual({ width: 1200, height: 630 });
      });
    }
  }
});

test('an Open Graph card for an unknown record is a 404, not a card with a wrong title', async ({ request }) => {
  expect((await request.get('/portfolio/987654/opengraph-image')).status()).toBe(404);
  expect((await request.get('/associate/no-such-associate/opengraph-image')).status()).toBe(404);
  expect((await request.get('/campaign/987654/opengraph-image')).status()).toBe(404);
  const { campaign } = await campaignWithReport(request);
  expect((await request.get(`/campaign/${campaign.id}/report/987654/opengraph-image`)).status()).toBe(404);
});

test('sitemap.xml lists the public pages with their en alternates, robots.txt points at it and keeps private pages out', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const { path } of await shareablePaths(request)) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(xml).toContain(`hreflang="en" href="${baseURL}/en${path}"`);
  }
  expect(xml).toContain(`<loc>${baseURL}/terms-of-service</loc>`);
  expect(xml).not.toContain('/mypage');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toMatch(/^Disallow: \/mypage\/$/m);
  expect(robots).toMatch(/^Disallow: \/en\/mypage\/$/m);
});
