// Remote configuration (spec §7 front-end server routes, ADR 018) as a visitor and a caller meet it:
// the top page's popup banner (closed once, closed for good in this browser; never over a menu or a
// key the visitor pressed first, ADR 058), the three audiences with the landing links of the
// configuration, the /kifuConfig/* and /getCampaignUsageStats answers, /urlCard refusing other
// origins, and the update prompt when the server runs a new build.
import { globalConfigUrl, GLOBAL_CONFIG_KEYS, type GlobalConfig } from '@kifu/domain/api/site-config';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ASSOCIATE_UID } from './donate-helpers';
import { closePopupBannersBeforehand } from './popup-banner-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const BANNER = { ja: '年末の寄付で、来年の活動を支えよう', en: "Give before the year ends and back next year's work" };

async function globalConfig(request: APIRequestContext, lang: 'ja' | 'en'): Promise<GlobalConfig> {
  const response = await request.get(`/kifuConfig/global?lang=${lang}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: GlobalConfig }).content;
}

async function campaignIdTitled(request: APIRequestContext, englishTitle: string): Promise<number> {
  const list = (await (await request.get('/backend/campaign/?lang=en&page_size=100')).json()) as {
    results: { id: number; title: string }[];
  };
  const found = list.results.find((campaign) => campaign.title.startsWith(englishTitle));
  expect(found, `the demo data has "${englishTitle}"`).toBeTruthy();
  return found!.id;
}

/** Waits for the banner list the top page asks for after load, so "no banner" is said after the page had its chance. */
function bannerListAnswered(page: Page) {
  return page.waitForResponse((response) => response.url().includes('/kifuConfig/top/popupBanner'));
}

/**
 * Holds the top page's request for its banners until `release()`, so a test can act on the page
 * before the banner could open; `release()` resolves once the page has the answer.
 */
async function holdBannerList(page: Page) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/kifuConfig/top/popupBanner*', async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return {
    asked: wasAsked,
    release: async () => {
      const answered = bannerListAnswered(page);
      letGo();
      await answered;
      await page.unroute('**/kifuConfig/top/popupBanner*');
    },
  };
}

test.describe('popup banner', () => {
  test('shows the active banner after load; once closed it stays closed after a reload, in both languages', async ({ page }) => {
    const answered = bannerListAnswered(page);
    await page.goto('/');
    await answered;
    const banner = page.getByTestId('popup-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('popup-banner-title')).toHaveText(BANNER.ja);
    await expect(banner.getByTestId('popup-banner-link')).toHaveAttribute('href', '/campaign');
    const image = banner.locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);

    await banner.getByRole('button', { name: 'お知らせを閉じる' }).click();
    await expect(banner).toBeHidden();
    // The dialog hides at once; its close event, which remembers the id, follows as a task of its own.
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => window.localStorage.getItem('kifu.closedPopupBannerIds'))) ?? '[]'))
      .toHaveLength(1);

    for (const path of ['/', '/en']) {
      const again = bannerListAnswered(page);
      await page.goto(path);
      expect((await again).status()).toBe(200);
      await expect(page.getByTestId('home-audiences')).toBeVisible();
      // The dialog would open right after the answer; give it the time it takes elsewhere.
      await page.waitForTimeout(1_000);
      await expect(page.getByTestId('popup-banner')).toHaveCount(0);
    }

    // The same browser without the remembered id sees it again, in English under /en, and Escape closes it too.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/en');
    await expect(page.getByTestId('popup-banner-title')).toHaveText(BANNER.en);
    await expect(page.getByTestId('popup-banner-link')).toHaveAttribute('href', '/en/campaign');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('popup-banner')).toBeHidden();
    await page.reload();
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('popup-banner')).toHaveCount(0);
  });

  // The banner opens only before the visitor's first input (ADR 058): a menu opened or a key
  // pressed while the banner list is still on its way keeps the page to itself.
  for (const { lang, prefix } of [
    { lang: 'ja', prefix: '' },
    { lang: 'en', prefix: '/en' },
  ] as const) {
    test(`${lang}: a user menu opened before the banner stays open and works; the next visit shows the banner`, async ({ page }) => {
      await logIn(page, demoAccount('hanako'), '/mypage/account', prefix);
      const held = await holdBannerList(page);
      await page.goto(`${prefix}/`);
      await held.asked;
      const trigger = page.getByTestId('user-menu-trigger');
      const menu = page.getByRole('menu');
      // Once the menu's code has come (it is loaded lazily); a click before that opens nothing.
      await expect(async () => {
        if (!(await menu.isVisible())) await trigger.click();
        await expect(menu).toBeVisible({ timeout: 3_000 });
      }).toPass();
      await held.release();
      await expect(page.getByTestId('popup-banner-held-back')).toBeAttached();
      await expect(page.getByTestId('popup-banner')).toHaveCount(0);
      await expect(menu).toBeVisible();
      await menu.locator('a[href$="/mypage/account"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/mypage/account$`));

      // Held back, not closed: with nothing done on the page, the banner shows.
      await page.goto(`${prefix}/`);
      await expect(page.getByTestId('popup-banner-title')).toHaveText(BANNER[lang]);
    });

    test(`${lang}: a key pressed before the banner keeps its focus; with no key pressed the banner shows`, async ({ page }) => {
      const held = await holdBannerList(page);
      await page.goto(`${prefix}/`);
      await held.asked;
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.outerHTML);
      expect(focused).not.toMatch(/^<body/);
      await held.release();
      await expect(page.getByTestId('popup-banner-held-back')).toBeAttached();
      await expect(page.getByTestId('popup-banner')).toHaveCount(0);
      expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);

      const again = await holdBannerList(page);
      await page.reload();
      await again.asked;
      await again.release();
      await expect(page.getByTestId('popup-banner-title')).toHaveText(BANNER[lang]);
      await expect(page.getByTestId('popup-banner-held-back')).toHaveCount(0);
    });
  }

  test('the banner link leads to its page', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('popup-banner-link').click();
    await expect(page).toHaveURL(/\/campaign$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('キャンペーンをさがす');
  });
});

test.describe('audiences and landing links', () => {
  for (const { lang, prefix } of [
    { lang: 'ja', prefix: '' },
    { lang: 'en', prefix: '/en' },
  ] as const) {
    test(`${lang}: the three audiences link to the landing pages of the remote configuration, as the footer does`, async ({
      page,
      request,
    }) => {
      const config = await globalConfig(request, lang);
      const associateLanding = globalConfigUrl(config, GLOBAL_CONFIG_KEYS.associateLandingUrl);
      const p2pLanding = globalConfigUrl(config, GLOBAL_CONFIG_KEYS.p2pLandingUrl);
      // The demo data overrides both (spec §2 "Footer": overridable by remote configuration keys).
      expect(associateLanding).toBe(lang === 'ja' ? 'https://lp.kifu.example/associates/' : 'https://lp.kifu.example/en/associates/');
      expect(p2pLanding).toBe(lang === 'ja' ? 'https://lp.kifu.example/peer-to-peer/' : 'https://lp.kifu.example/en/peer-to-peer/');

      await closePopupBannersBeforehand(page, request);
      await page.goto(`${prefix}/`);
      const section = page.getByTestId('home-audiences');
      await expect(section.getByRole('listitem')).toHaveCount(3);
      await expect(section.getByTestId('audience-link-associates')).toHaveAttribute('href', associateLanding!);
      await expect(section.getByTestId('audience-link-associates')).toHaveAttribute('target', '_blank');
      await expect(section.getByTestId('audience-link-p2p')).toHaveAttribute('href', p2pLanding!);
      const footer = page.getByTestId('site-footer');
      await expect(footer.getByTestId('footer-link-associateLanding')).toHaveAttribute('href', associateLanding!);
      await expect(footer.getByTestId('footer-link-p2pLanding')).toHaveAttribute('href', p2pLanding!);

      await section.getByTestId('audience-link-supporters').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/associate$`));
    });
  }
});

test.describe('front-end server routes', () => {
  test('/kifuConfig/* answer {content} JSON in the asked language, and refuse bad input', async ({ request }) => {
    const ja = await globalConfig(request, 'ja');
    expect(ja[GLOBAL_CONFIG_KEYS.associateLandingUrl]).toEqual(['https://lp.kifu.example', '/associates/']);
    expect((await request.get('/kifuConfig/global?lang=fr')).status()).toBe(400);

    const faq = await request.get('/kifuConfig/faq?lang=en');
    expect(faq.headers()['content-type']).toContain('application/json');
    const faqBody = (await faq.json()) as { content: { count: number; results: { question: string; answer: string }[] } };
    expect(faqBody.content.count).toBe(3);
    expect(faqBody.content.results[0]!.question).toBe('Can I deduct my donation from my taxes?');

    const banners = (await (await request.get('/kifuConfig/top/popupBanner')).json()) as { content: { results: { title: string }[] } };
    expect(banners.content.results.map((banner) => banner.title)).toEqual([BANNER.ja]);

    const rewardsCampaign = await campaignIdTitled(request, 'Turn a neglected satoyama');
    const winterCampaign = await campaignIdTitled(request, 'Warm meals');
    const all = (await (await request.get('/kifuConfig/campaign')).json()) as {
      content: Record<string, { usage_stats_enabled?: boolean }>;
    };
    expect(all.content[String(rewardsCampaign)]).toMatchObject({ usage_stats_enabled: true });
    const one = await request.get(`/kifuConfig/campaign?campaign=${winterCampaign}`);
    expect(((await one.json()) as { content: unknown }).content).toMatchObject({ usage_stats_enabled: false });
    expect((await request.get('/kifuConfig/campaign?campaign=abc')).status()).toBe(400);
    expect((await request.get('/kifuConfig/campaign?campaign=999999')).status()).toBe(404);
  });

  test('/getCampaignUsageStats is off unless the campaign settings enable it', async ({ request }) => {
    const winter = await campaignIdTitled(request, 'Warm meals');
    const off = (await (await request.get(`/getCampaignUsageStats?campaign=${winter}`)).json()) as { content: unknown };
    expect(off.content).toEqual({ campaign_id: winter, enabled: false });

    const rewards = await campaignIdTitled(request, 'Turn a neglected satoyama');
    const on = (await (await request.get(`/getCampaignUsageStats?campaign=${rewards}&lang=en`)).json()) as {
      content: { enabled: boolean; raised_amount: number; usages: { funded_amount: number }[]; rewards: { donation_count: number }[] };
    };
    const campaign = (await (await request.get(`/backend/campaign/${rewards}/`)).json()) as { raised_amount: number };
    expect(on.content).toMatchObject({ enabled: true, raised_amount: campaign.raised_amount });
    expect(on.content.usages.length).toBeGreaterThan(0);
    expect(on.content.rewards.some((reward) => reward.donation_count > 0)).toBe(true);

    expect((await request.get('/getCampaignUsageStats')).status()).toBe(400);
    expect((await request.get('/getCampaignUsageStats?campaign=999999')).status()).toBe(404);
  });

  test('/urlCard describes this site’s pages and refuses every other origin', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const winter = await campaignIdTitled(request, 'Warm meals');
    const campaign = (await (await request.get(`/backend/campaign/${winter}/?lang=en`)).json()) as { title: string };
    const card = await request.get(`/urlCard?url=${encodeURIComponent(`${origin}/en/campaign/${winter}`)}`);
    expect(card.status()).toBe(200);
    const body = (await card.json()) as { content: { title: string; description: string; image: string; url: string } };
    expect(body.content).toMatchObject({ title: campaign.title, url: `${origin}/en/campaign/${winter}` });
    expect(body.content.description.length).toBeGreaterThan(0);
    expect(body.content.image.startsWith(`${origin}/backend/media/`)).toBe(true);
    expect((await request.get(body.content.image)).status()).toBe(200);

    const associate = (await (await request.get(`/urlCard?url=${encodeURIComponent(`/associate/${ASSOCIATE_UID}`)}`)).json()) as {
      content: { url: string };
    };
    expect(associate.content.url).toBe(`${origin}/associate/${ASSOCIATE_UID}`);

    const apiPort = process.env.E2E_API_PORT ?? '4100';
    for (const foreign of [
      'https://example.com/campaign/1',
      '//example.com/campaign/1',
      `http://127.0.0.1:${apiPort}/campaign/1/`,
      'javascript:alert(1)',
      `${origin}/help`,
    ]) {
      const refused = await request.get(`/urlCard?url=${encodeURIComponent(foreign)}`);
      expect(refused.status(), foreign).toBe(400);
    }
    expect((await request.get(`/urlCard?url=${encodeURIComponent('/campaign/999999')}`)).status()).toBe(404);
  });
});

test.describe('update prompt', () => {
  const PROMPT = {
    ja: 'このサイトの新しいバージョンがあります。更新しますか？',
    en: 'There is an update version for this site. Update now?',
  };

  function countVersionAsks(page: Page) {
    const asks = { count: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/version') asks.count += 1;
    });
    return asks;
  }

  /** Moves the page's fake clock on, 2 s at a time, until `done` holds (the page may still be hydrating at first). */
  async function advanceUntil(page: Page, done: () => Promise<boolean> | boolean) {
    await expect
      .poll(
        async () => {
          if (await done()) return true;
          await page.clock.runFor(2_000);
          return done();
        },
        { timeout: 20_000, intervals: [100] },
      )
      .toBe(true);
  }

  function answerNewerBuild(page: Page) {
    // Only the answer is changed: the page's own reaction is what is tested.
    return page.route('**/api/version', (route) => route.fulfill({ json: { content: { buildId: 'a-newer-build' } } }));
  }

  test('stays quiet while the server runs the page’s own build, and keeps asking every 10 s', async ({ page, request }) => {
    const served = (await (await request.get('/api/version')).json()) as { content: { buildId: string } };
    expect(served.content.buildId).toMatch(/\S/);
    await page.clock.install();
    const asks = countVersionAsks(page);
    await page.goto('/portfolio');
    await advanceUntil(page, () => asks.count === 1);
    await advanceUntil(page, () => asks.count === 2);
    await expect(page.getByText(PROMPT.ja)).toHaveCount(0);
  });

  test('a new build on the server: a persistent toast offers to reload, and polling stops', async ({ page, request }) => {
    await closePopupBannersBeforehand(page, request);
    await answerNewerBuild(page);
    await page.clock.install();
    const asks = countVersionAsks(page);
    await page.goto('/');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: PROMPT.ja });
    await advanceUntil(page, async () => (await toast.count()) === 1);
    await expect(toast.getByRole('button', { name: 'いいえ' })).toBeVisible();
    expect(asks.count).toBe(1);

    // Persistent, and no more asks.
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    expect(asks.count).toBe(1);

    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: '更新する' }).click();
    await reloaded;
    await expect(toast).toHaveCount(0);
  });

  test('English wording; No dismisses it', async ({ page }) => {
    await answerNewerBuild(page);
    await page.clock.install();
    await page.goto('/en/portfolio');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: PROMPT.en });
    await advanceUntil(page, async () => (await toast.count()) === 1);
    await expect(toast.getByRole('button', { name: 'Update' })).toBeVisible();
    await toast.getByRole('button', { name: 'No' }).click();
    await expect(toast).toBeHidden();
  });

  test('never asks in the donation flow', async ({ page }) => {
    await answerNewerBuild(page);
    await page.clock.install();
    const asks = countVersionAsks(page);
    await page.goto(`/associate/${ASSOCIATE_UID}/donate`);
    await expect(page.getByTestId('donate-form')).toBeVisible();
    await page.clock.runFor(30_000);
    expect(asks.count).toBe(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    // The same browser outside the flow asks, and prompts.
    await page.goto('/portfolio');
    await advanceUntil(page, () => asks.count === 1);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: PROMPT.ja })).toBeVisible();
  });
});
