// Associate browsing (spec §2, ADR 016): the search of /associate (text, social
// challenge, organisation type, the number found, filters kept across pages, clear filters),
// explore by social challenge and a challenge's page, and an associate's pages — overview, vision,
// members, a business, campaigns — in ja and en; 404s; readable without client JavaScript.
// Expectations come from the API the pages read (through the web app's /backend proxy).
import { PAGE_ERRORS } from '@kifu/domain/errors';
import { expect, test, type APIRequestContext, type Page } from './fixtures';

interface Challenge {
  slug: string;
  name: string;
  count: number;
}
interface AssociateList {
  count: number;
  results: { uid: string; name: string }[];
}
interface Associate {
  id: number;
  uid: string;
  name: string;
  catch_copy: string;
  supporter_count: number;
  representative: string;
  vision: { core: string; challenge: string; challenge_reason: string; use_for_donation: string };
  members: { name: string; role: string }[];
  businesses: { id: number; name: string; purpose: string; result: string; cost: string }[];
  membership_plans: { name: string; unit: number; unit_amount: number }[];
  portfolio_ids: number[];
}
interface CampaignList {
  count: number;
  results: { id: number; title: string; status: 'published' | 'closed' }[];
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/backend${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

const ASSOCIATE = 'kodomo-shokudo-mirai';
/** A click's navigation renders the next page on the server; on a busy machine that takes more than expect's default 5 s. */
const expectNavigation = expect.configure({ timeout: 20_000 });
const yen = { ja: (n: number) => `${n.toLocaleString('ja-JP')}円`, en: (n: number) => `¥${n.toLocaleString('en-US')}` };

/**
 * The sharing tags of the page as served: what crawlers and link previews read. The page is loaded
 * afresh, because a click made before the previous page finished hydrating leaves that page's
 * server-rendered tags in <head> beside the new ones (React does not remove hoisted tags of a tree
 * it never hydrated); the browser shows the new title either way.
 */
async function expectShareable(page: Page, baseURL: string | undefined, path: string, prefix: '' | '/en') {
  const origin = new URL(baseURL!).origin;
  await page.reload();
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${prefix}${path}`);
  await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute('href', `${origin}${path}`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/en${path}`);
}

test.describe('search on /associate', () => {
  test('text, social challenge and organisation type narrow the list, with the number found', async ({ page, request }) => {
    const all = await api<AssociateList>(request, '/associate/?page_size=1');
    await page.goto('/associate');
    await expect(page.getByTestId('associate-count')).toHaveText(`${all.count}団体が見つかりました`);

    const search = page.getByRole('search', { name: '団体を絞り込む' });
    await search.getByLabel('キーワード').fill('子ども');
    // Each social challenge is offered with its number of associates.
    const { results: challenges } = await api<{ results: Challenge[] }>(request, '/associate/count_by_social_challenges/');
    const education = challenges.find((challenge) => challenge.slug === 'education')!;
    await expect(search.getByLabel('社会課題').locator('option:not([value=""])')).toHaveText(
      challenges.map((challenge) => `${challenge.name}（${challenge.count}）`),
    );
    await search.getByLabel('社会課題').selectOption({ label: `${education.name}（${education.count}）` });
    await search.getByRole('button', { name: '検索する' }).click();
    await expectNavigation(page).toHaveURL(/\/associate\?.*social_challenge=education/);
    const textAndChallenge = await api<AssociateList>(
      request,
      `/associate/?q=${encodeURIComponent('子ども')}&social_challenge=education&page_size=100`,
    );
    expect(textAndChallenge.count).toBeGreaterThan(1);
    expect(textAndChallenge.count).toBeLessThan(all.count);
    await expect(page.getByTestId('associate-count')).toHaveText(`${textAndChallenge.count}団体が見つかりました`);
    await expect(page.getByTestId('associate-card').getByRole('heading')).toHaveText(
      textAndChallenge.results.map((associate) => associate.name),
    );
    // The form shows the filters it was sent with.
    await expect(search.getByLabel('キーワード')).toHaveValue('子ども');
    await expect(search.getByLabel('社会課題')).toHaveValue('education');

    await search.getByLabel('法人格').selectOption({ label: '公益財団法人' });
    await search.getByRole('button', { name: '検索する' }).click();
    await expectNavigation(page).toHaveURL(/organisation_type=7/);
    const combined = await api<AssociateList>(
      request,
      `/associate/?q=${encodeURIComponent('子ども')}&social_challenge=education&organisation_type=7`,
    );
    expect(combined.count).toBeGreaterThan(0);
    expect(combined.count).toBeLessThan(textAndChallenge.count);
    await expect(page.getByTestId('associate-count')).toHaveText(`${combined.count}団体が見つかりました`);
    await expect(page.getByTestId('associate-card').getByRole('heading')).toHaveText(combined.results.map((associate) => associate.name));

    await page.getByTestId('associate-search-clear').click();
    await expectNavigation(page).toHaveURL(/\/associate$/);
    await expect(page.getByTestId('associate-count')).toHaveText(`${all.count}団体が見つかりました`);
    await expect(page.getByTestId('associate-search-clear')).toHaveCount(0);
  });

  test('pagination keeps the filters, and a search that finds nothing says so', async ({ page, request }) => {
    const query = `q=${encodeURIComponent('法人')}`;
    const found = await api<AssociateList>(request, `/associate/?${query}&page_size=12&page=2`);
    expect(found.count).toBeGreaterThan(12);
    await page.goto(`/associate?${query}`);
    await expect(page.getByTestId('associate-card')).toHaveCount(12);
    await page.getByTestId('pagination').getByRole('link', { name: '次へ' }).click();
    await expectNavigation(page).toHaveURL(/\/associate\?(?=.*q=%E6%B3%95%E4%BA%BA)(?=.*page=2)/);
    await expect(page.getByTestId('associate-count')).toHaveText(`${found.count}団体が見つかりました`);
    await expect(page.getByTestId('associate-card').getByRole('heading')).toHaveText(found.results.map((associate) => associate.name));
    await expect(page.getByRole('search').getByLabel('キーワード')).toHaveValue('法人');

    await page.goto(`/associate?q=${encodeURIComponent('存在しない団体名')}`);
    await expect(page.getByTestId('associate-count')).toHaveText('0団体が見つかりました');
    await expect(page.getByText('条件に合う団体は見つかりませんでした。')).toBeVisible();
    // A hand-edited URL the API would refuse shows the wider list rather than an error page.
    const response = await page.goto('/associate?organisation_type=abc');
    expect(response?.status()).toBe(200);
  });
});

test.describe('explore by social challenge', () => {
  test('every challenge with its count leads to its own list; an unknown slug is a 404', async ({ page, request }) => {
    const { results: challenges } = await api<{ results: Challenge[] }>(request, '/associate/count_by_social_challenges/');
    await page.goto('/explore/associate/social-challenge');
    const items = page.getByTestId('social-challenge');
    await expect(items).toHaveCount(challenges.length);
    await expect(items.getByTestId('social-challenge-count')).toHaveText(challenges.map((challenge) => `${challenge.count}団体`));

    const animals = challenges.find((challenge) => challenge.slug === 'animals')!;
    await items.filter({ hasText: animals.name }).click();
    await expectNavigation(page).toHaveURL(/\/explore\/associate\/social-challenge\/animals$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`「${animals.name}」に取り組む団体`);
    await expect(page).toHaveTitle(`「${animals.name}」に取り組む団体 | 寄付のKifu`);
    await expect(page.getByTestId('associate-count')).toHaveText(`${animals.count}団体`);
    const listed = await api<AssociateList>(request, '/associate/?social_challenge=animals');
    await expect(page.getByTestId('associate-card').getByRole('heading')).toHaveText(listed.results.map((associate) => associate.name));
    await page.getByTestId('refine-search').click();
    await expectNavigation(page).toHaveURL(/\/associate\?social_challenge=animals$/);
    await expect(page.getByTestId('associate-count')).toHaveText(`${animals.count}団体が見つかりました`);

    const response = await page.goto('/explore/associate/social-challenge/no-such-challenge');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText(PAGE_ERRORS.notFound.ja);
  });
});

test.describe('an associate page and its sub-pages', () => {
  test('ja: overview → vision → members → a business → campaigns', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const associate = await api<Associate>(request, `/associate/${ASSOCIATE}/`);
    const path = `/associate/${ASSOCIATE}`;

    await page.goto('/associate');
    await page.getByTestId('associate-card').filter({ hasText: associate.name }).getByRole('link').first().click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${associate.name} | 寄付のKifu`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(associate.name);
    const header = page.getByTestId('associate-header');
    await expect(header).toContainText(associate.catch_copy);
    await expect(page.getByTestId('associate-organisation')).toHaveText('認定NPO法人 ・ 東京都');
    await expect(page.getByTestId('associate-deductible')).toHaveText('寄付金控除の対象');
    await expect(page.getByTestId('associate-supporters')).toHaveText(`支援者 ${associate.supporter_count.toLocaleString('ja-JP')}人`);
    await expect(page.getByTestId('associate-donate')).toHaveAttribute('href', `${path}/donate`);
    await expect(page.getByTestId('associate-description')).toBeVisible();
    await expect(page.getByTestId('donation-price').first()).toContainText(/\d円/);
    // Membership: every plan with its yearly price (units × unit amount) and the way to apply.
    const plans = page.getByTestId('membership-plan');
    await expect(plans).toHaveCount(associate.membership_plans.length);
    await expect(plans.getByTestId('membership-plan-price')).toHaveText(
      associate.membership_plans.map((plan) => `年額 ${yen.ja(plan.unit * plan.unit_amount)}`),
    );
    const multiUnit = associate.membership_plans.find((plan) => plan.unit > 1)!;
    await expect(plans.filter({ hasText: multiUnit.name })).toContainText(`${multiUnit.unit}口 × ${yen.ja(multiUnit.unit_amount)}`);
    await expect(page.getByTestId('membership-join')).toHaveAttribute('href', `${path}/donate/membership`);
    await expect(page.getByTestId('associate-facts')).toContainText(associate.representative);
    await expect(page.getByTestId('associate-facts')).toContainText('2016年');
    await expect(page.getByTestId('associate-portfolios').getByTestId('portfolio-card')).toHaveCount(associate.portfolio_ids.length);
    await expectShareable(page, baseURL, path, '');

    const nav = page.getByRole('navigation', { name: '団体ページのメニュー' });
    await expect(nav.getByRole('link', { name: '概要' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'ビジョン' }).click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}/vision$`));
    await expect(page).toHaveTitle(`ビジョン | ${associate.name} | 寄付のKifu`);
    await expect(page.getByTestId('vision-core')).toHaveText(associate.vision.core);
    for (const [testId, heading, text] of [
      ['vision-challenge', '取り組む社会課題', associate.vision.challenge],
      ['vision-reason', 'この課題に取り組む理由', associate.vision.challenge_reason],
      ['vision-use-for-donation', '寄付の使いみち', associate.vision.use_for_donation],
    ]) {
      const block = page.getByTestId(testId!);
      await expect(block.getByRole('heading')).toHaveText(heading!);
      await expect(block).toContainText(text!);
      // The image is served (lazy images load once scrolled to).
      await block.locator('img').scrollIntoViewIfNeeded();
      await expect(block.locator('img')).toHaveJSProperty('complete', true);
      expect(await block.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
    await expectShareable(page, baseURL, `${path}/vision`, '');

    await nav.getByRole('link', { name: 'メンバー' }).click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}/member$`));
    await expect(page).toHaveTitle(`メンバー | ${associate.name} | 寄付のKifu`);
    await expect(page.getByTestId('associate-member-name')).toHaveText(associate.members.map((member) => member.name));

    await nav.getByRole('link', { name: '事業' }).click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}/business$`));
    await expect(page).toHaveTitle(`事業 | ${associate.name} | 寄付のKifu`);
    await expect(page.getByTestId('associate-business').getByRole('heading')).toHaveText(
      associate.businesses.map((business) => business.name),
    );
    const business = associate.businesses[1]!;
    await page.getByTestId('associate-business').filter({ hasText: business.name }).getByRole('link').click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}/business/${business.id}$`));
    await expect(page).toHaveTitle(`${business.name} | ${associate.name} | 寄付のKifu`);
    await expect(page.getByTestId('business-detail').getByRole('heading', { level: 2 })).toHaveText(business.name);
    await expect(page.getByTestId('business-purpose')).toContainText(business.purpose);
    await expect(page.getByTestId('business-result')).toContainText(business.result);
    await expect(page.getByTestId('business-cost')).toContainText(business.cost);
    await expect(page.getByTestId('breadcrumb').getByRole('link')).toHaveText(['団体をさがす', associate.name, '事業']);
    await expectShareable(page, baseURL, `${path}/business/${business.id}`, '');

    await nav.getByRole('link', { name: 'キャンペーン' }).click();
    await expectNavigation(page).toHaveURL(new RegExp(`${path}/campaign$`));
    await expect(page).toHaveTitle(`キャンペーン | ${associate.name} | 寄付のKifu`);
    const campaigns = await api<CampaignList>(request, `/campaign/?associate=${ASSOCIATE}`);
    expect(campaigns.count).toBeGreaterThan(0);
    await expect(page.getByTestId('campaign-count')).toHaveText(`${campaigns.count}件`);
    await expect(page.getByTestId('campaign-card').getByRole('heading')).toHaveText(campaigns.results.map((campaign) => campaign.title));
  });

  test('campaigns by status: a closed campaign is marked and filtered', async ({ page, request }) => {
    const campaigns = await api<CampaignList>(request, '/campaign/?associate=hikari-home-care');
    const closed = campaigns.results.filter((campaign) => campaign.status === 'closed');
    expect(closed.length).toBeGreaterThan(0);
    await page.goto('/associate/hikari-home-care/campaign');
    await expect(page.getByTestId('campaign-card').filter({ hasText: closed[0]!.title })).toContainText('終了');
    const filter = page.getByTestId('campaign-status-filter');
    await filter.getByRole('link', { name: '募集中' }).click();
    await expectNavigation(page).toHaveURL(/\/campaign\?status=published$/);
    await expect(filter.getByRole('link', { name: '募集中' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('campaign-count')).toHaveText(`${campaigns.results.length - closed.length}件`);
    await filter.getByRole('link', { name: '終了' }).click();
    await expectNavigation(page).toHaveURL(/\/campaign\?status=closed$/);
    await expect(page.getByTestId('campaign-card').getByRole('heading')).toHaveText(closed.map((campaign) => campaign.title));
  });

  test('a non-deductible associate says so', async ({ page }) => {
    await page.goto('/associate/neko-no-te');
    await expect(page.getByTestId('associate-deductible')).toHaveText('寄付金控除の対象外');
    await expect(page.getByTestId('associate-deductible-note')).toHaveText('この団体へのご寄付は、寄付金控除の対象になりません。');
  });

  test('en: the associate page and its vision and business in English', async ({ page, request, baseURL }) => {
    const associate = await api<Associate>(request, '/associate/aozora-kids/?lang=en');
    await page.goto('/en/associate/aozora-kids');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${associate.name} | Kifu`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aozora Kids');
    await expect(page.getByTestId('associate-organisation')).toHaveText('NPO ・ Chiba');
    await expect(page.getByTestId('associate-deductible')).toHaveText('Tax deductible');
    await expect(page.getByTestId('membership-plan-price')).toHaveText(
      associate.membership_plans.map((plan) => `${yen.en(plan.unit * plan.unit_amount)} a year`),
    );
    await expect(page.getByTestId('associate-donate')).toHaveAttribute('href', '/en/associate/aozora-kids/donate');
    await expectShareable(page, baseURL, '/associate/aozora-kids', '/en');

    const nav = page.getByRole('navigation', { name: 'Associate page menu' });
    await nav.getByRole('link', { name: 'Vision' }).click();
    await expectNavigation(page).toHaveURL(/\/en\/associate\/aozora-kids\/vision$/);
    await expect(page).toHaveTitle(`Vision | ${associate.name} | Kifu`);
    await expect(page.getByTestId('vision-core')).toHaveText(associate.vision.core);
    await expect(page.getByTestId('vision-use-for-donation').getByRole('heading')).toHaveText('How donations are used');

    await nav.getByRole('link', { name: 'Businesses' }).click();
    await page.getByTestId('associate-business').first().getByRole('link').click();
    await expect(page).toHaveTitle(`${associate.businesses[0]!.name} | ${associate.name} | Kifu`);
    await expect(page.getByTestId('business-result').getByRole('heading')).toHaveText('Results');
    await expect(page.getByTestId('business-result')).toContainText(associate.businesses[0]!.result);
  });

  test('unknown or unpublished associates, and a business of another associate, answer 404', async ({ page, request }) => {
    const other = await api<Associate>(request, '/associate/satoyama-forest-fund/');
    for (const path of [
      '/associate/no-such-associate',
      '/associate/midori-town-fund',
      '/associate/no-such-associate/vision',
      `/associate/${'x'.repeat(65)}`,
      `/associate/${ASSOCIATE}/business/${other.businesses[0]!.id}`,
      `/associate/${ASSOCIATE}/business/999999`,
      `/associate/${ASSOCIATE}/business/not-a-number`,
      '/en/associate/no-such-associate/member',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText(PAGE_ERRORS.notFound[path.startsWith('/en/') ? 'en' : 'ja']);
    }
  });
});

test.describe('without client JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form submits as a plain GET and the associate pages read in full', async ({ page, request }) => {
    await page.goto('/associate');
    const search = page.getByRole('search');
    await search.getByLabel('キーワード').fill('わんにゃん');
    await search.getByRole('button', { name: '検索する' }).click();
    await expectNavigation(page).toHaveURL(/\/associate\?q=%E3%82%8F%E3%82%93%E3%81%AB%E3%82%83%E3%82%93/);
    await expect(page.getByTestId('associate-count')).toHaveText('1団体が見つかりました');
    await page.getByTestId('associate-card').getByRole('link').first().click();
    await expectNavigation(page).toHaveURL(/\/associate\/wan-nyan-home$/);

    const associate = await api<Associate>(request, '/associate/wan-nyan-home/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(associate.name);
    await expect(page.getByTestId('membership-plan')).toHaveCount(associate.membership_plans.length);
    await expect(page.getByTestId('associate-donate')).toHaveAttribute('href', '/associate/wan-nyan-home/donate');
    await page.getByRole('navigation', { name: '団体ページのメニュー' }).getByRole('link', { name: 'ビジョン' }).click();
    await expect(page.getByTestId('vision-core')).toHaveText(associate.vision.core);
    await page.getByRole('navigation', { name: '団体ページのメニュー' }).getByRole('link', { name: '事業' }).click();
    await expect(page.getByTestId('associate-business')).toHaveCount(associate.businesses.length);
  });
});
