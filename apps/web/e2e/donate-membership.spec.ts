// A guest becomes an annual member by card with 3-D Secure (spec §2 "Membership steps: Plan,
// Info, Confirm, Done", 'Become an Annual Member | {name}'; §9 annual card limits and the
// settlement on day 1 of the plan's month). The first year is charged now; the API then shows the
// recurring donation with its plan, and the gateway gets a yearly schedule from the next
// settlement date. Screenshots of each step are test artifacts.
import { nextMembershipSettlementDate } from '@kifu/domain/donation-readiness';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  captureApiPost,
  type CapturedPost,
  chooseAmount,
  donationStatus,
  fillSupporter,
  goNext,
  openDonateForm,
  sandboxCardGet,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
  watchCspViolations,
} from './donate-helpers';

type Plan = { id: number; name: string; unit: number; unit_amount: number; on_month: number };
type Associate = { name: string; membership_plans: Plan[] };

async function associateIn(request: APIRequestContext, lang: 'ja' | 'en'): Promise<Associate> {
  return (await (await request.get(`/backend/associate/${ASSOCIATE_UID}/?lang=${lang}`)).json()) as Associate;
}

/** The next settlement date as the gateway's schedule writes it (YYYY-MM-DD, Japan's calendar). */
function isoInJapan(date: Date): string {
  return new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

type AnnualResponse = { recurring_donation: { id: number; donations: { id: number }[] }; status_token: string };

/** Submits the Confirm step, passes 3-D Secure and returns what the API was asked and answered. */
async function submitMembership(page: Page, started: { posted: Promise<CapturedPost<AnnualResponse>> }) {
  await page.getByTestId('donate-submit').click();
  const { status, body, sent } = await started.posted;
  expect(status).toBe(200);
  await authenticate3ds(page);
  return { body, sent, donationId: body.recurring_donation.donations[0]!.id };
}

test.describe('annual membership', () => {
  test('a guest becomes an annual member by card with 3-D Secure (ja)', async ({ page, request, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const started = await captureApiPost<AnnualResponse>(page, '/donation/recurring/annual/');
    const associate = await associateIn(request, 'ja');
    const plan = associate.membership_plans.find((candidate) => candidate.unit === 1)!;
    const price = plan.unit * plan.unit_amount;
    const next = nextMembershipSettlementDate(new Date(), plan.on_month);
    const [year] = isoInJapan(next).split('-');
    const violations = watchCspViolations(page, baseURL);
    const email = uniqueEmail(testInfo, 'member-ja');

    // The entry point on the donate page.
    await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    await expect(page.getByTestId('membership-entry')).toBeVisible();
    await page.getByTestId('membership-link').click();
    await expect(page).toHaveURL(new RegExp(`/associate/${ASSOCIATE_UID}/donate/membership$`));
    await expect(page.getByTestId('donate-form')).toHaveAttribute('data-phase', 'ready');
    await expect(page).toHaveTitle(`年会員申し込み | ${associate.name}`);
    await expect(page.getByTestId('step-indicator')).toContainText('1. プラン');
    await expect(page.getByTestId('step-indicator').locator('[aria-current="step"]')).toContainText('プラン');
    await expect(page.getByTestId('membership-limits')).toHaveText('カードでの年会費：300円以上、6,000,000円以下');
    // Every plan with its yearly price; units where a plan has several.
    for (const candidate of associate.membership_plans) {
      await expect(page.getByTestId(`plan-${candidate.id}`)).toContainText(candidate.name);
      await expect(page.getByTestId(`plan-${candidate.id}`)).toContainText(
        `年額${(candidate.unit * candidate.unit_amount).toLocaleString('ja-JP')}円`,
      );
    }
    const multiUnit = associate.membership_plans.find((candidate) => candidate.unit > 1);
    if (multiUnit)
      await expect(page.getByTestId(`plan-${multiUnit.id}`)).toContainText(
        `${multiUnit.unit}口 × ${multiUnit.unit_amount.toLocaleString('ja-JP')}円`,
      );
    // No plan chosen: the step says so and stays.
    await chooseAmount(page, {});
    await page.getByTestId('donate-next').click();
    await expect(page.locator('#donate-plan-error')).toHaveText('会員プランを選択してください。');
    await expect(page).toHaveURL(/\/donate\/membership$/);

    await page.locator(`#donate-plan-${plan.id}`).check();
    await expect(page.locator('#donate-plan-error')).toHaveCount(0);
    await expect(page.getByTestId('donate-total')).toContainText(`${price.toLocaleString('ja-JP')}円`);
    await expect(page.getByTestId('membership-settlement')).toHaveText(
      `本日${price.toLocaleString('ja-JP')}円をお支払いいただき、以後は毎年${plan.on_month}月1日に自動でお支払いとなります。次回のお支払い日は${year}年${plan.on_month}月1日です。`,
    );
    // A member is named to the associate: no anonymous option here.
    await expect(page.locator('#donate-anonymous')).toHaveCount(0);
    await snapshot(page, testInfo, '1-plan');
    await goNext(page, 'membership/payment');

    await expect(page.getByTestId('step-indicator').locator('[aria-current="step"]')).toContainText('情報入力');
    await fillSupporter(page, { email, card: TEST_CARDS.success });
    await snapshot(page, testInfo, '2-info');
    await goNext(page, 'membership/confirmation');

    await expect(page.getByTestId('confirm-plan')).toHaveText(plan.name);
    await expect(page.getByTestId('confirm-total')).toHaveText(`${price.toLocaleString('ja-JP')}円`);
    await expect(page.getByTestId('confirm-renewal')).toContainText(`次回のお支払い日は${year}年${plan.on_month}月1日です。`);
    await expect(page.getByTestId('confirm-gift')).toContainText('毎年（年会員）');
    await snapshot(page, testInfo, '3-confirm');

    const { body, sent, donationId } = await submitMembership(page, started);
    expect(sent).toMatchObject({ membership_plan_id: plan.id, amount: price });
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/donate\/membership\/contribution$/);
    await expect(page.getByTestId('done-title')).toHaveText('年会員へのご入会ありがとうございます');
    await expect(page.getByTestId('done-lead')).toHaveText(`${associate.name}の年会員としてのご支援を開始しました。`);
    await expect(page.getByTestId('done-email-note')).toContainText(email);
    await snapshot(page, testInfo, '4-done');

    // The API: the first year paid, an annual recurring donation of the chosen plan.
    expect(await donationStatus(request, donationId, body.status_token)).toMatchObject({
      result: 'PAID',
      frequency: 'annual',
      amount: price,
      membership_plan_id: plan.id,
      is_anonymous: false,
    });
    // The gateway: a yearly schedule of the plan price from the next settlement date (spec §9).
    await expect
      .poll(async () => (await sandboxCardGet<{ data: unknown[] }>(request, `/customers/${String(sent.customer_id)}/schedules`)).data, {
        timeout: 30_000,
      })
      .toEqual([
        expect.objectContaining({
          every: 12,
          period: 'month',
          on: expect.objectContaining({ days_of_month: [1] }),
          start_on: isoInJapan(next),
          charge: expect.objectContaining({ amount: price }),
        }),
      ]);
    expect(violations).toEqual([]);
  });

  test('a guest becomes an annual member in English, with a plan of several units', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const started = await captureApiPost<AnnualResponse>(page, '/donation/recurring/annual/');
    const associate = await associateIn(request, 'en');
    const plan = associate.membership_plans.find((candidate) => candidate.unit > 1) ?? associate.membership_plans[0]!;
    const price = plan.unit * plan.unit_amount;
    const next = nextMembershipSettlementDate(new Date(), plan.on_month);
    const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, plan.on_month - 1, 1)));
    const [year] = isoInJapan(next).split('-');

    await openDonateForm(page, `/en/associate/${ASSOCIATE_UID}/donate/membership`);
    await expect(page).toHaveTitle(`Become an Annual Member | ${associate.name}`);
    await expect(page.getByTestId('step-indicator').locator('[aria-current="step"]')).toContainText('Plan');
    await expect(page.getByTestId('membership-limits')).toHaveText('Annual fee by card: at least ¥300, up to ¥6,000,000');
    await page.locator(`#donate-plan-${plan.id}`).check();
    if (plan.unit > 1)
      await expect(page.getByTestId(`plan-${plan.id}`)).toContainText(`${plan.unit} units × ¥${plan.unit_amount.toLocaleString('en')}`);
    await expect(page.getByTestId('membership-settlement')).toHaveText(
      `Today you pay ¥${price.toLocaleString('en')}. The membership then renews automatically every year on ${month} 1; the next payment is on ${month} 1, ${year}.`,
    );
    await chooseAmount(page, {});
    await snapshot(page, testInfo, 'plan-en');
    await goNext(page, 'membership/payment');
    await fillSupporter(page, { email: uniqueEmail(testInfo, 'member-en'), card: TEST_CARDS.success });
    await goNext(page, 'membership/confirmation');
    await expect(page.getByTestId('confirm-plan')).toHaveText(plan.name);
    await expect(page.getByTestId('confirm-total')).toHaveText(`¥${price.toLocaleString('en')}`);
    await snapshot(page, testInfo, 'confirm-en');

    const { body, donationId } = await submitMembership(page, started);
    await expect(page.getByTestId('done-title')).toHaveText('Welcome, annual member', { timeout: 30_000 });
    await expect(page).toHaveURL(/\/en\/associate\/.+\/donate\/membership\/contribution$/);
    await snapshot(page, testInfo, 'done-en');
    expect(await donationStatus(request, donationId, body.status_token)).toMatchObject({
      result: 'PAID',
      frequency: 'annual',
      amount: price,
      membership_plan_id: plan.id,
    });
  });
});
