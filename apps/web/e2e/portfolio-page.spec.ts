// The portfolio page (spec §2 /portfolio/{id}, ADR 020): reached from the list, server-rendered with
// the composition (associates, their shares as a percentage and a bar), shareable (canonical and
// hreflang ja/en on WEB_ORIGIN), leading to the donate form; an unknown id answers 404.
import { PAGE_ERRORS } from '@kifu/domain/errors';
import { expect, test, type APIRequestContext } from './fixtures';

interface Portfolio {
  id: number;
  name: string;
  description: string;
  compositions: { associate: { id: number; uid: string; name: string }; share_bp: number }[];
}

async function portfolioNamed(request: APIRequestContext, englishName: string, lang: 'ja' | 'en'): Promise<Portfolio> {
  const list = (await (await request.get(`/backend/portfolio/?lang=en&page_size=50`)).json()) as {
    results: { id: number; name: string }[];
  };
  const found = list.results.find((portfolio) => portfolio.name === englishName);
  expect(found, `the demo data has ${englishName}`).toBeTruthy();
  return (await (await request.get(`/backend/portfolio/${found!.id}/?lang=${lang}`)).json()) as Portfolio;
}

for (const { locale, prefix, title, support, suffix } of [
  { locale: 'ja', prefix: '', title: 'ポートフォリオ', support: 'このポートフォリオを支援する', suffix: '寄付のKifu' },
  { locale: 'en', prefix: '/en', title: 'Portfolios', support: 'Support this portfolio', suffix: 'Kifu' },
] as const) {
  test(`${locale}: from the list to a portfolio's page, its composition, its links for sharing, its donate form`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const portfolio = await portfolioNamed(request, 'Planet Portfolio', locale);
    const path = `/portfolio/${portfolio.id}`;

    await page.goto(`${prefix}/portfolio`);
    await page.getByTestId('portfolio-card').filter({ hasText: portfolio.name }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}${path}$`));
    await expect(page).toHaveTitle(`${portfolio.name} | ${suffix}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(portfolio.name);
    await expect(page.getByRole('link', { name: title, exact: true }).first()).toBeVisible();

    // Largest share first: 40 / 35 / 25 %, each associate linking to its page.
    const parts = page.getByTestId('portfolio-composition');
    await expect(parts).toHaveCount(3);
    await expect(parts.getByTestId('composition-share')).toHaveText(['40%', '35%', '25%']);
    const expected = [...portfolio.compositions].sort((a, b) => b.share_bp - a.share_bp);
    for (const [index, part] of expected.entries()) {
      const link = parts.nth(index).getByTestId('composition-associate');
      await expect(link).toHaveText(part.associate.name);
      await expect(link).toHaveAttribute('href', `${prefix}/associate/${part.associate.uid}`);
      await expect(parts.nth(index).getByRole('img', { name: `${part.associate.name}: ${part.share_bp / 100}%` })).toBeVisible();
    }

    // Sharing: description, canonical and hreflang alternates, absolute on the site origin.
    const origin = new URL(baseURL!).origin;
    // What crawlers and link previews read is the page as served, so load it afresh: after a
    // client-side navigation the browser may briefly keep the previous page's tags beside the new ones.
    await page.reload();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', portfolio.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${prefix}${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute('href', `${origin}${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/en${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}${path}`);

    await expect(page.getByRole('link', { name: support })).toHaveCount(2);
    await page.getByTestId('portfolio-support').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}${path}/donate$`));
    await expect(page.getByTestId('portfolio-header')).toBeVisible();
  });

  test(`${locale}: an unknown portfolio answers 404`, async ({ page }) => {
    for (const id of ['999999', 'not-a-number']) {
      const response = await page.goto(`${prefix}/portfolio/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText(PAGE_ERRORS.notFound[locale]);
    }
  });
}

test.describe('without client JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page reads in full and the support link is a plain link', async ({ page, request }) => {
    const portfolio = await portfolioNamed(request, "Children's Future Portfolio", 'ja');
    await page.goto(`/portfolio/${portfolio.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(portfolio.name);
    await expect(page.getByTestId('portfolio-composition')).toHaveCount(portfolio.compositions.length);
    await expect(page.getByTestId('portfolio-body')).toContainText('このポートフォリオへのご寄付は');
    await expect(page.getByTestId('portfolio-support')).toHaveAttribute('href', `/portfolio/${portfolio.id}/donate`);
  });
});
