// Security headers on every answer of the web server (ADR 024): pages in ja and
// en, 404s, /api/* and remote configuration routes, /backend answers and static files carry the
// site policy; the donate pages keep their stricter nonce policy; pages still hydrate under it,
// with no CSP violation, and /login cannot be framed by another site.
import { expect, test, type APIRequestContext, type APIResponse } from './fixtures';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSOCIATE_UID, watchCspViolations } from './donate-helpers';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

function expectSitePolicy(response: APIResponse, label: string) {
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, label).toContain("frame-ancestors 'none'");
  expect(policy, label).toContain("default-src 'self'");
  expect(policy, label).toContain("object-src 'none'");
  expect(policy, label).not.toContain('nonce-');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  // The e2e site is served over http (WEB_ORIGIN http://localhost:…): no HSTS there.
  expect(headers['strict-transport-security'], label).toBeUndefined();
}

async function demoPaths(request: APIRequestContext) {
  const campaigns = (await (await request.get('/backend/campaign/?lang=ja&page_size=1')).json()) as { results: { id: number }[] };
  const portfolios = (await (await request.get('/backend/portfolio/?lang=ja&page_size=1')).json()) as { results: { id: number }[] };
  return { campaign: `/campaign/${campaigns.results[0]!.id}`, portfolio: `/portfolio/${portfolios.results[0]!.id}` };
}

test('every route family answers with the site headers', async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const demo = await demoPaths(request);
  const pages = [
    '/',
    '/login',
    '/signup',
    '/campaign',
    demo.campaign,
    `/associate/${ASSOCIATE_UID}`,
    demo.portfolio,
    '/mypage/account',
    '/mypage/support-history',
    '/mypage/support-history/1/receipt-pdf',
    '/receipt-zip/download',
    '/help',
  ];
  const answers: [string, number][] = [
    ...pages.flatMap((path): [string, number][] => [
      [path, 200],
      [`/en${path === '/' ? '' : path}`, 200],
    ]),
    ['/this/page/does-not-exist', 404],
    ['/en/this/page/does-not-exist', 404],
    ['/api/version', 200],
    ['/api/postal?zipcode=1000001', 200],
    ['/kifuConfig/global', 200],
    ['/backend/campaign/?page_size=1', 200],
    ['/backend/donation/0/status/', 400],
    ['/icon.svg', 200],
    ['/robots.txt', 200],
  ];
  for (const [path, status] of answers) {
    // A fresh client each time: a locale cookie from an /en page would redirect the next ja page.
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'ja' } });
    const response = await client.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    expectSitePolicy(response, path);
    await client.dispose();
  }
  // A script file of the build, as the top page links it.
  const html = await (await request.get('/')).text();
  const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const scriptResponse = await request.get(script!);
  expect(scriptResponse.status()).toBe(200);
  expectSitePolicy(scriptResponse, script!);
});

test('the donate pages keep their strict nonce policy and send no referrer', async ({ request }) => {
  for (const path of [`/associate/${ASSOCIATE_UID}/donate`, `/en/associate/${ASSOCIATE_UID}/donate/payment`]) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers['content-security-policy'], path).not.toContain("'unsafe-inline' ");
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test('pages hydrate under the site policy with no violation, and the donate page loads as its own document', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await closePopupBannersBeforehand(page, request);
  const violations = watchCspViolations(page, baseURL);
  for (const path of ['/', '/en/login', `/associate/${ASSOCIATE_UID}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Hydrated: a link moves by the client router, without loading a new document.
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { kifuMarker: number }).kifuMarker = 1));
  await page.getByTestId('audience-link-supporters').click();
  await expect(page).toHaveURL(/\/associate$/);
  expect(await page.evaluate(() => (window as unknown as { kifuMarker?: number }).kifuMarker)).toBe(1);

  // The card form's page is a document of its own, so its strict policy is the one in force.
  await page.goto(`/associate/${ASSOCIATE_UID}`);
  const donateDocument = page.waitForResponse(
    (response) => response.request().resourceType() === 'document' && /\/donate$/.test(new URL(response.url()).pathname),
  );
  await page.getByTestId('associate-donate').click();
  expect((await donateDocument).headers()['content-security-policy']).toMatch(/'nonce-/);
  await expect(page.getByTestId('donate-form')).toHaveAttribute('data-phase', 'ready');
  expect(violations).toEqual([]);
});

test('another site cannot frame /login', async ({ page, baseURL }) => {
  // A page of another origin, served from this machine (a page the browser thinks public may not
  // frame a local address at all), with /login in a frame.
  const framer = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<iframe src="${baseURL}/login"></iframe>`);
  });
  await new Promise<void>((listening) => framer.listen(0, '127.0.0.1', listening));
  try {
    const framed = page.waitForEvent('framenavigated', (frame) => frame !== page.mainFrame());
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    // The browser refused: the frame ends on its error page, not on the login page.
    const frame = await framed;
    await frame.waitForLoadState();
    expect(frame.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe').locator('#main')).toHaveCount(0);
  } finally {
    await new Promise((closed) => framer.close(closed));
  }
});
