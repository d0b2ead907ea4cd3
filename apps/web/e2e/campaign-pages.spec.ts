// The campaign pages (spec §2 /campaign, /campaign/{id}, /report, /report/{reportId}, /message;
// ADR 017): the list filtered by type and phase through a GET form, the campaign page
// with the figures the API gives, rewards (sold out not selectable), reports and supporters'
// messages (a hidden name reads Anonymous), in ja and en, 404 for what is not public, and all of it
// readable without client JavaScript.
import { PAGE_ERRORS } from '@kifu/domain/errors';
import { expect as baseExpect, test, type APIRequestContext, type Page } from './fixtures';

// Server-rendered navigations on a shared two-core machine can take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

interface Summary {
  id: number;
  title: string;
  summary: string;
  type: number;
  status: 'published' | 'closed';
  associate: { uid: string; name: string };
  goal_amount: number;
  raised_amount: number;
  supporter_count: number;
  days_left: number | null;
}
interface Detail extends Summary {
  body: string;
  stretch_goal: { target_amount: number; description: string } | null;
  custom_author: { name: string; description: string } | null;
  rewards: {
    id: number;
    title: string;
    amount: number;
    stock: number | null;
    applied_count: number;
    shipping_month: string | null;
    sold_out: boolean;
  }[];
  usages: { title: string; amount: number }[];
  reports: { id: number; title: string }[];
  messages: { id: number; message: string; name: string | null }[];
  message_count: number;
}
interface Report {
  id: number;
  title: string;
  body: string;
  schedules: { title: string }[];
}
type List<T> = { count: number; results: T[] };

const LOCALES = [
  { locale: 'ja', prefix: '', suffix: '寄付のKifu', yen: (n: number) => `${n.toLocaleString('en-US')}円` },
  { locale: 'en', prefix: '/en', suffix: 'Kifu', yen: (n: number) => `¥${n.toLocaleString('en-US')}` },
] as const;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/backend${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** A demo campaign by its English title (stable across locales and seeds). */
async function campaignTitled(request: APIRequestContext, englishTitle: string, lang: 'ja' | 'en' = 'ja'): Promise<Detail> {
  const list = await getJson<List<Summary>>(request, '/campaign/?lang=en&page_size=100');
  const found = list.results.find((campaign) => campaign.title === englishTitle);
  expect(found, `the demo data has "${englishTitle}"`).toBeTruthy();
  return getJson<Detail>(request, `/campaign/${found!.id}/?lang=${lang}`);
}

const cardTitles = (page: Page) => page.getByTestId('campaign-card').locator('h3');

/**
 * Checks the page shown against the API's list read now. Other browser tests publish campaigns
 * meanwhile: when one lands between the page and the read, the page is loaded again until both
 * tell the same (the page's caches are emptied by a publication).
 */
async function expectPageMatches<T>(page: Page, read: () => Promise<T>, check: (list: T) => Promise<void>): Promise<T> {
  let list: T | undefined;
  let first = true;
  await expect(async () => {
    if (!first) await page.reload();
    first = false;
    list = await read();
    await check(list);
  }).toPass({ timeout: 60_000 });
  return list!;
}

test.describe('the campaign list', () => {
  test('filters by type and phase with a GET form, counts, and keeps the filters when paging', async ({ page, request }) => {
    await page.goto('/campaign');
    const count = page.getByTestId('campaign-count');
    // Opens on the open campaigns.
    await expectPageMatches(
      page,
      () => getJson<List<Summary>>(request, '/campaign/?lang=ja&status=published&page_size=100'),
      (open) => expect(count).toHaveText(`${open.count}件のキャンペーン`, { timeout: 5_000 }),
    );

    const form = page.getByTestId('campaign-filters');
    await form.getByLabel('種類').selectOption({ label: 'リターン付き' });
    await form.getByLabel('募集状況').selectOption({ label: 'すべて' });
    await form.getByRole('button', { name: '絞り込む' }).click();
    await expect(page).toHaveURL(/\/campaign\?type=6&status=all$/);
    const rewards = await expectPageMatches(
      page,
      () => getJson<List<Summary>>(request, '/campaign/?lang=ja&type=6&page_size=100'),
      async (list) => {
        await expect(count).toHaveText(`${list.count}件のキャンペーン`, { timeout: 5_000 });
        await expect(cardTitles(page)).toHaveText(
          list.results.map((campaign) => campaign.title),
          { timeout: 5_000 },
        );
      },
    );
    await expect(page.getByTestId('campaign-card').getByText('リターン付き', { exact: true })).toHaveCount(rewards.count);
    // The form shows what is applied.
    await expect(form.getByLabel('種類')).toHaveValue('6');
    await expect(form.getByLabel('募集状況')).toHaveValue('all');

    // Closed ones only: each marked as over.
    await page.goto('/campaign?status=closed');
    const closed = await expectPageMatches(
      page,
      () => getJson<List<Summary>>(request, '/campaign/?lang=ja&status=closed&page_size=100'),
      (list) =>
        expect(cardTitles(page)).toHaveText(
          list.results.map((campaign) => campaign.title),
          { timeout: 5_000 },
        ),
    );
    expect(closed.count).toBeGreaterThan(0);
    for (const card of await page.getByTestId('campaign-card').all())
      await expect(card.getByTestId('campaign-period')).toHaveText('終了しました');

    // Every campaign: more than one page; page 2 keeps the filter and lists the rest.
    await page.goto('/campaign?status=all');
    await expectPageMatches(
      page,
      () => getJson<List<Summary>>(request, '/campaign/?lang=ja&page_size=100'),
      (list) => expect(count).toHaveText(`${list.count}件のキャンペーン`, { timeout: 5_000 }),
    );
    const next = page.getByTestId('pagination').getByRole('link', { name: '次へ' });
    await expect(next).toHaveAttribute('href', '/campaign?status=all&page=2');
    await next.click();
    await expect(page).toHaveURL(/\/campaign\?status=all&page=2$/);
    await expectPageMatches(
      page,
      () => getJson<List<Summary>>(request, '/campaign/?lang=ja&page_size=100'),
      (all) =>
        expect(cardTitles(page)).toHaveText(
          all.results.slice(9, 18).map((campaign) => campaign.title),
          { timeout: 5_000 },
        ),
    );
    await expect(page.getByTestId('campaign-filters').getByLabel('募集状況')).toHaveValue('all');
  });

  test('en: the same form in English, and an empty result says so', async ({ page }) => {
    await page.goto('/en/campaign?type=4&status=closed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find campaigns');
    await expect(page.getByTestId('campaign-filters').getByLabel('Type')).toHaveValue('4');
    await expect(page.getByTestId('campaign-count')).toHaveText('0 campaigns');
    await expect(page.getByText('No campaigns match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/en\/campaign$/);
    await expect(page.getByTestId('campaign-card').first()).toBeVisible();
  });
});

for (const { locale, prefix, suffix, yen } of LOCALES) {
  test(`${locale}: a campaign page shows the API's figures, its stretch goal, story, usages, reports, messages and support link`, async ({
    page,
    request,
    baseURL,
  }) => {
    const campaign = await campaignTitled(request, "Warm meals for children's cafeterias this winter", locale);
    const path = `/campaign/${campaign.id}`;
    await page.goto(`${prefix}${path}`);

    await expect(page).toHaveTitle(`${campaign.title} | ${suffix}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.title);
    await expect(page.getByTestId('campaign-main-visual')).toBeVisible();
    const associate = page.getByTestId('campaign-associate');
    await expect(associate).toHaveText(campaign.associate.name);
    await expect(associate).toHaveAttribute('href', `${prefix}/associate/${campaign.associate.uid}`);

    // The figures, as the API computes them.
    const funding = page.getByTestId('campaign-funding');
    const percent = Math.floor((campaign.raised_amount / campaign.goal_amount) * 100);
    await expect(funding.getByTestId('campaign-raised')).toHaveText(yen(campaign.raised_amount));
    await expect(funding.getByTestId('campaign-goal')).toHaveText(yen(campaign.goal_amount));
    await expect(funding.getByTestId('campaign-percent')).toHaveText(`${percent}%`);
    await expect(funding.getByTestId('campaign-supporters')).toHaveText(
      locale === 'ja' ? `${campaign.supporter_count}人` : String(campaign.supporter_count),
    );
    await expect(funding.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', String(Math.min(100, percent)));
    expect(campaign.days_left).toBeGreaterThan(1);
    await expect(funding.getByTestId('campaign-period')).toHaveText(
      locale === 'ja' ? `残り${campaign.days_left}日` : `${campaign.days_left} days left`,
    );

    // Past its goal, the stretch goal shows with the progress toward it.
    expect(campaign.raised_amount).toBeGreaterThanOrEqual(campaign.goal_amount);
    const stretch = funding.getByTestId('campaign-stretch-goal');
    await expect(stretch).toContainText(yen(campaign.stretch_goal!.target_amount));
    await expect(stretch).toContainText(campaign.stretch_goal!.description);
    await expect(stretch.getByTestId('campaign-stretch-percent')).toHaveText(
      `${Math.floor((campaign.raised_amount / campaign.stretch_goal!.target_amount) * 100)}%`,
    );

    await expect(page.getByTestId('campaign-story')).toContainText(campaign.body.split('\n')[0]!);
    await expect(page.getByTestId('campaign-usage')).toHaveCount(campaign.usages.length);
    await expect(page.getByTestId('campaign-usage').getByTestId('usage-amount')).toHaveText(
      campaign.usages.map((usage) => yen(usage.amount)),
    );
    await expect(page.getByTestId('campaign-reports').getByTestId('report-title')).toHaveText(
      campaign.reports.map((report) => report.title),
    );

    // Latest messages, a hidden name as Anonymous.
    const anonymous = locale === 'ja' ? '匿名' : 'Anonymous';
    const shown = page.getByTestId('campaign-messages').getByTestId('campaign-message');
    await expect(shown.getByTestId('message-name')).toHaveText(campaign.messages.slice(0, 5).map((message) => message.name ?? anonymous));

    // Sharing metadata.
    const origin = new URL(baseURL!).origin;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', campaign.summary);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${prefix}${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/en${path}`);

    // Both support buttons lead to the campaign's support form.
    const donate = `${prefix}/associate/${campaign.associate.uid}/donate?campaign=${campaign.id}`;
    await expect(page.getByTestId('campaign-support-bottom')).toHaveAttribute('href', donate);
    await page.getByTestId('campaign-support').click();
    await expect(page).toHaveURL(new RegExp(`${donate.replace(/[?]/g, '\\?')}$`));
  });
}

test('rewards show stock left, supporters and shipping month; a sold-out one is marked and offers no link', async ({ page, request }) => {
  const campaign = await campaignTitled(request, "Turn a neglected satoyama into everyone's forest, with timber rewards");
  await page.goto(`/campaign/${campaign.id}`);
  const cards = page.getByTestId('campaign-reward');
  await expect(cards).toHaveCount(campaign.rewards.length);
  expect(campaign.rewards.some((reward) => reward.sold_out)).toBe(true);
  for (const [index, reward] of campaign.rewards.entries()) {
    const card = cards.nth(index);
    await expect(card.getByTestId('reward-title')).toHaveText(reward.title);
    await expect(card.getByTestId('reward-amount')).toHaveText(`${reward.amount.toLocaleString('en-US')}円以上`);
    await expect(card.getByTestId('reward-stock')).toHaveText(
      reward.stock === null ? '数量制限なし' : `残り${reward.stock - reward.applied_count}個`,
    );
    await expect(card.getByTestId('reward-applied')).toHaveText(`${reward.applied_count}人が支援`);
    if (reward.shipping_month) {
      const [year, month] = reward.shipping_month.split('-').map(Number);
      await expect(card.getByTestId('reward-shipping')).toHaveText(`${year}年${month}月お届け予定`);
    }
    if (reward.sold_out) {
      await expect(card.getByTestId('reward-sold-out')).toHaveText('完売');
      await expect(card.getByRole('link')).toHaveCount(0);
    } else {
      await expect(card.getByTestId('reward-sold-out')).toHaveCount(0);
      await expect(card.getByTestId('reward-support')).toHaveAttribute(
        'href',
        `/associate/${campaign.associate.uid}/donate?campaign=${campaign.id}`,
      );
    }
  }
});

test('a closed campaign says it has ended and offers no support link', async ({ page, request }) => {
  const campaign = await campaignTitled(request, 'A new car for home visits');
  expect(campaign.status).toBe('closed');
  await page.goto(`/campaign/${campaign.id}`);
  await expect(page.getByTestId('campaign-funding').getByTestId('campaign-period')).toHaveText('終了しました');
  await expect(page.getByTestId('campaign-support-closed')).toHaveText('このキャンペーンは終了しました。ご支援ありがとうございました。');
  await expect(page.getByRole('link', { name: 'このキャンペーンを支援する' })).toHaveCount(0);
});

test('the custom author is named on the page', async ({ page, request }) => {
  const campaign = await campaignTitled(request, 'For my 30th birthday, safe water for a village', 'en');
  await page.goto(`/en/campaign/${campaign.id}`);
  const author = page.getByTestId('campaign-author');
  await expect(author.getByTestId('campaign-author-name')).toHaveText(campaign.custom_author!.name);
  await expect(author).toContainText(campaign.custom_author!.description);
});

for (const { locale, prefix, suffix } of LOCALES) {
  test(`${locale}: from the campaign to its reports, then one report with its schedule`, async ({ page, request, baseURL }) => {
    const campaign = await campaignTitled(request, 'Emergency appeal: heavy-rain disaster', locale);
    const reports = await getJson<List<{ id: number; title: string }>>(request, `/campaign/${campaign.id}/reports/?lang=${locale}`);
    await page.goto(`${prefix}/campaign/${campaign.id}`);
    await page.getByTestId('campaign-all-reports').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}/report$`));
    const reportsTitle = locale === 'ja' ? '活動報告' : 'Reports';
    await expect(page).toHaveTitle(`${reportsTitle} | ${campaign.title} | ${suffix}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reportsTitle);
    await expect(page.getByTestId('report-title')).toHaveText(reports.results.map((report) => report.title));

    const oldest = reports.results.at(-1)!;
    const report = await getJson<Report>(request, `/campaign/${campaign.id}/reports/${oldest.id}/?lang=${locale}`);
    await page.getByTestId('campaign-report').filter({ hasText: oldest.title }).getByRole('link').click();
    const path = `/campaign/${campaign.id}/report/${oldest.id}`;
    await expect(page).toHaveURL(new RegExp(`${prefix}${path}$`));
    await expect(page).toHaveTitle(`${report.title} | ${campaign.title} | ${suffix}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(report.title);
    await expect(page.getByTestId('report-body')).toHaveText(report.body);
    await expect(page.getByTestId('report-main-visual')).toBeVisible();
    expect(report.schedules.length).toBeGreaterThan(0);
    await expect(page.getByTestId('report-schedule')).toHaveCount(report.schedules.length);
    await expect(page.getByTestId('report-schedule').first()).toContainText(report.schedules[0]!.title);
    // What a crawler or a link preview reads is the page as loaded, not as reached by client
    // navigation (where Next may keep the previous page's description beside the new one a while).
    await page.reload();
    const origin = new URL(baseURL!).origin;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', report.body);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${prefix}${path}`);
    await page.getByTestId('back-to-campaign').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}$`));
  });

  test(`${locale}: supporters' messages, a hidden name as Anonymous`, async ({ page, request }) => {
    const campaign = await campaignTitled(request, "Warm meals for children's cafeterias this winter", locale);
    const all = await getJson<Detail>(request, `/campaign/${campaign.id}/?lang=${locale}&message_page_size=20`);
    expect(all.messages.some((message) => message.name === null)).toBe(true);
    await page.goto(`${prefix}/campaign/${campaign.id}`);
    await page.getByTestId('campaign-all-messages').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}/message$`));
    const title = locale === 'ja' ? '応援メッセージ' : "Supporters' messages";
    await expect(page).toHaveTitle(`${title} | ${campaign.title} | ${suffix}`);
    await expect(page.getByTestId('message-count')).toHaveText(
      locale === 'ja' ? `${all.message_count}件のメッセージ` : `${all.message_count} messages`,
    );
    const anonymous = locale === 'ja' ? '匿名' : 'Anonymous';
    const items = page.getByTestId('campaign-message');
    await expect(items.getByTestId('message-text')).toHaveText(all.messages.map((message) => message.message));
    await expect(items.getByTestId('message-name')).toHaveText(all.messages.map((message) => message.name ?? anonymous));
  });

  test(`${locale}: what is not public answers 404`, async ({ page, request }) => {
    const closed = await campaignTitled(request, 'A new car for home visits');
    const flood = await campaignTitled(request, 'Emergency appeal: heavy-rain disaster');
    const winter = await campaignTitled(request, "Warm meals for children's cafeterias this winter");
    // The demo's one draft report was written right after the closed campaign's published one (seed data).
    const draftReportId = closed.reports[0]!.id + 1;
    for (const path of [
      '/campaign/999999',
      '/campaign/not-a-number',
      '/campaign/12',
      '/campaign/999999/report',
      '/campaign/999999/message',
      `/campaign/${closed.id}/report/${draftReportId}`,
      `/campaign/${flood.id}/report/${winter.reports[0]!.id}`,
      `/campaign/${flood.id}/report/x`,
    ]) {
      const response = await page.goto(`${prefix}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText(PAGE_ERRORS.notFound[locale]);
    }
    // The draft campaign of the demo data is id 12 and answers 404 on the API too.
    expect((await request.get('/backend/campaign/12/')).status()).toBe(404);
  });
}

test.describe('without client JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list filters, the campaign page, its report and messages read in full', async ({ page, request }) => {
    await page.goto('/campaign');
    await page.getByTestId('campaign-filters').getByLabel('募集状況').selectOption('closed');
    await page.getByTestId('campaign-filters').getByRole('button', { name: '絞り込む' }).click();
    await expect(page).toHaveURL(/\/campaign\?type=&status=closed$/);
    const closed = await getJson<List<Summary>>(request, '/campaign/?lang=ja&status=closed');
    await expect(cardTitles(page)).toHaveText(closed.results.map((campaign) => campaign.title));

    const campaign = await campaignTitled(request, "Turn a neglected satoyama into everyone's forest, with timber rewards");
    await page.goto(`/campaign/${campaign.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.title);
    await expect(page.getByTestId('campaign-raised')).toHaveText(`${campaign.raised_amount.toLocaleString('en-US')}円`);
    await expect(page.getByTestId('campaign-reward')).toHaveCount(campaign.rewards.length);
    await expect(page.getByTestId('campaign-support')).toHaveAttribute(
      'href',
      `/associate/${campaign.associate.uid}/donate?campaign=${campaign.id}`,
    );

    await page.getByTestId('campaign-reports').getByRole('link').first().click();
    await expect(page.getByTestId('report-body')).not.toBeEmpty();
    await page.goto(`/campaign/${campaign.id}/message`);
    await expect(page.getByTestId('campaign-message')).toHaveCount(campaign.message_count);
  });
});
