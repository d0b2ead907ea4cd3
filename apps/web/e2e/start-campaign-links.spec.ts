// Where a campaign is started (ADR 036, ADR 057): /mypage/campaigns says "from the page of an
// associate"; a signed-in supporter finds the way there on the associate page, on its campaign
// list, and in a campaign's supporters' fundraisers section, each leading to the create-campaign
// form of the associate. In ja and en.
import { expect, test, type APIRequestContext } from './fixtures';
import { ASSOCIATE_UID } from './donate-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

/** A public campaign that is not itself a supporter's fundraiser (those have no fundraisers section). */
async function parentCampaign(request: APIRequestContext): Promise<{ id: number; associateUid: string }> {
  const list = (await (await request.get('/backend/campaign/?lang=ja&page_size=50')).json()) as { results: { id: number }[] };
  for (const { id } of list.results) {
    const detail = (await (await request.get(`/backend/campaign/${id}/?lang=ja`)).json()) as {
      parent: unknown;
      associate: { uid: string };
    };
    if (!detail.parent) return { id, associateUid: detail.associate.uid };
  }
  throw new Error('no campaign without a parent');
}

for (const { locale, prefix } of [
  { locale: 'ja', prefix: '' },
  { locale: 'en', prefix: '/en' },
] as const) {
  test(`${locale}: the associate page, its campaign list and a campaign page lead to the create-campaign form`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Any signed-in supporter may start a birthday or challenge campaign (ADR 036); nothing is created here.
    await logIn(page, demoAccount('kenta'), `/associate/${ASSOCIATE_UID}`, prefix);
    const form = new RegExp(`${prefix}/associate/${ASSOCIATE_UID}/create-campaign$`);

    await page.getByTestId('associate-start-campaign-link').click();
    await expect(page).toHaveURL(form);
    await expect(page.getByTestId('campaign-types')).toBeVisible();

    await page.goto(`${prefix}/associate/${ASSOCIATE_UID}/campaign`);
    await page.getByTestId('associate-campaigns-start').click();
    await expect(page).toHaveURL(form);
    await expect(page.getByTestId('campaign-types')).toBeVisible();

    const campaign = await parentCampaign(request);
    await page.goto(`${prefix}/campaign/${campaign.id}`);
    await page.getByTestId('start-own-campaign').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/associate/${campaign.associateUid}/create-campaign$`));
    await expect(page.getByTestId('campaign-types')).toBeVisible();
    // The form starts a campaign: the types lead to the templates.
    await page.getByTestId('campaign-type-1').click();
    await expect(page.getByTestId('campaign-templates')).toBeVisible();
  });
}
