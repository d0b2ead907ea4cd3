// Campaign support ('Support Form | {campaign title}', spec §2): rewards show stock, supporters
// and shipping month; a sold-out reward cannot be chosen; choosing one sets its amount.
import { expect, test } from '@playwright/test';
import { chooseAmount, fillSupporter, goNext, openDonateForm, snapshot, uniqueEmail } from './donate-helpers';

type Campaign = { id: number; title: string; associate: { uid: string } };
type Detail = Campaign & { rewards: { id: number; title: string; amount: number; sold_out: boolean }[] };

test('supports a campaign with a reward; sold-out rewards are disabled', async ({ page }, testInfo) => {
  const list = (await (await page.request.get('/backend/campaign/?lang=ja&page_size=100&status=published')).json()) as { results: Campaign[] };
  let campaign: Detail | undefined;
  for (const candidate of list.results) {
    const detail = (await (await page.request.get(`/backend/campaign/${candidate.id}/?lang=ja`)).json()) as Detail;
    if (detail.rewards.some((reward) => reward.sold_out) && detail.rewards.some((reward) => !reward.sold_out)) {
      campaign = detail;
      break;
    }
  }
  test.skip(!campaign, 'the demo data has no campaign with both a sold-out and an available reward');
  const soldOut = campaign!.rewards.find((reward) => reward.sold_out)!;
  const available = campaign!.rewards.find((reward) => !reward.sold_out)!;

  await openDonateForm(page, `/associate/${campaign!.associate.uid}/donate?campaign=${campaign!.id}`);
  await expect(page).toHaveTitle(`支援フォーム | ${campaign!.title}`);
  await expect(page.locator(`#donate-reward-${soldOut.id}`)).toBeDisabled();
  await expect(page.getByTestId(`reward-${soldOut.id}`)).toContainText('在庫切れ');
  await page.locator(`#donate-reward-${available.id}`).check();
  await expect(page.locator('#donate-amount')).toHaveValue(String(available.amount));
  // Campaigns carry the campaign fee rate (6.6 %).
  await page.locator('#donate-include-fee').check();
  await expect(page.getByText('決済手数料（税込6.6%）', { exact: false })).toBeVisible();
  await chooseAmount(page, { method: 'bankTransfer' });
  await snapshot(page, testInfo, 'campaign-amount');
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'campaign') });
  await goNext(page, 'confirmation');
  await expect(page.getByTestId('confirm-gift')).toContainText(available.title);
  await page.getByTestId('donate-submit').click();
  await expect(page.getByTestId('done-title')).toHaveText('お振込先のご案内', { timeout: 30_000 });
});
