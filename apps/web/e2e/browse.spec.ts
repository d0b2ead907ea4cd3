// Browsing (ADR 020): a visitor goes from the top page to a campaign, one of its reports, the
// associate behind it and its vision, then back to the top page and into a portfolio — by clicking
// links only, in Japanese and in English.
import { expect as baseExpect, test, type APIRequestContext } from './fixtures';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

// A click renders a page on the server on its first visit (then it is cached): allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

interface Campaign {
  id: number;
  title: string;
  associate: { uid: string; name: string };
}

/** A campaign shown on the top page (the six newest published) that has a published report. */
async function featuredCampaignWithReport(request: APIRequestContext, lang: 'ja' | 'en') {
  const featured = (await (await request.get(`/backend/campaign/?lang=${lang}&status=published&page_size=6`)).json()) as {
    results: Campaign[];
  };
  for (const campaign of featured.results) {
    const reports = (await (await request.get(`/backend/campaign/${campaign.id}/reports/?lang=${lang}`)).json()) as {
      results: { id: number; title: string }[];
    };
    if (reports.results[0]) return { campaign, report: reports.results[0] };
  }
  throw new Error('no featured campaign of the demo data has a published report');
}

for (const { lang, prefix } of [
  { lang: 'ja', prefix: '' },
  { lang: 'en', prefix: '/en' },
] as const) {
  test(`${lang}: top page → campaign → report → associate → vision → top page → portfolio`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { campaign, report } = await featuredCampaignWithReport(request, lang);
    const portfolios = (await (await request.get(`/backend/portfolio/?lang=${lang}&page_size=3`)).json()) as {
      results: { id: number; name: string }[];
    };
    const portfolio = portfolios.results[0]!;
    await closePopupBannersBeforehand(page, request);
    const h1 = page.getByRole('heading', { level: 1 });

    await page.goto(`${prefix}/`);
    await page
      .getByTestId('home-campaigns')
      .getByTestId('campaign-card')
      .filter({ hasText: campaign.title })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}$`));
    await expect(h1).toHaveText(campaign.title);

    await page.getByTestId('campaign-all-reports').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}/report$`));
    await page.getByRole('link', { name: report.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}/report/${report.id}$`));
    await expect(h1).toHaveText(report.title);

    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${prefix}/campaign/${campaign.id}$`));
    await page.getByTestId('campaign-associate').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/associate/${campaign.associate.uid}$`));
    await expect(h1).toHaveText(campaign.associate.name);

    const vision = (await (await request.get(`/backend/associate/${campaign.associate.uid}/vision/?lang=${lang}`)).json()) as {
      core: string;
    };
    await page
      .getByTestId('associate-sub-nav')
      .getByRole('link', { name: lang === 'ja' ? 'ビジョン' : 'Vision' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/associate/${campaign.associate.uid}/vision$`));
    await expect(page.getByTestId('vision-core')).toContainText(vision.core);

    await page.getByTestId('site-header').getByRole('link').first().click(); // the logo
    await expect(page).toHaveURL(new RegExp(`${prefix === '' ? '' : prefix}/?$`));
    await page.getByTestId('portfolio-card').filter({ hasText: portfolio.name }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/portfolio/${portfolio.id}$`));
    await expect(h1).toHaveText(portfolio.name);
  });
}
