// Campaigns by supporters (issue 15): a signed-in supporter starts a birthday campaign for an
// associate from its template, writes its story with an image, adds a reward and a stretch goal,
// asks for the reward review (Kifu's staff approve it), previews and releases it. A second
// supporter gives to it with the reward; the owner publishes a report; the second supporter gets
// the mail and sees the report from their history. A fundraiser started for the campaign raises
// money that shows on it. In English: the checklist and release read in English.
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { authenticate3ds, chooseAmount, goNext, openDonateForm, signedInSupporter, snapshot, fillCard } from './donate-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;
const ASSOCIATE_UID = 'kodomo-shokudo-mirai';
const DAY_MS = 86_400_000;
/** A day in Japan `days` from today, as a date input takes it. */
const japanDay = (days: number) => new Date(Date.now() + 9 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
/** A real PNG to upload: the API reads its type from the bytes and resizes it. */
const PNG = sharp({ create: { width: 800, height: 500, channels: 3, background: '#f0642d' } })
  .png()
  .toBuffer();
const image = async (name: string) => ({ name, mimeType: 'image/png', buffer: await PNG });

/** A mail to `to` whose subject contains `subject`, as the sandbox mailbox received it (its text, or ''). */
async function mailText(request: APIRequestContext, to: string, subject: string): Promise<string> {
  const { messages } = (await (await request.get(`${SANDBOX}/mailbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as {
    messages: { subject: string; text: string }[];
  };
  return messages.find((message) => message.subject.includes(subject))?.text ?? '';
}

/** Kifu's staff (the demo's Sho) decide the campaign's waiting reward review on their screen. */
async function approveRewards(browser: Browser, campaignTitle: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, demoAccount('sho'), '/staff/reward-checks');
  const review = page.getByTestId('staff-review').filter({ has: page.getByRole('heading', { name: campaignTitle }) });
  await expect(review.getByTestId('staff-review-reward')).toContainText(['子どもたちからのお礼状']);
  // Sending it back needs a comment; approving does not.
  await review.getByTestId('staff-review-reject').click();
  await expect(review.locator('[data-testid$="-comment-error"]')).toBeVisible();
  await review.getByTestId('staff-review-approve').click();
  await expect(page.getByTestId('staff-review-announcement')).toHaveText(`「${campaignTitle}」のリターンを承認しました。`);
  await expect(review).toHaveCount(0);
  await context.close();
}

async function save(page: Page, testId: string, saved: string) {
  await page.getByTestId(testId).click();
  await expect(page.getByTestId(`${testId}-status`)).toHaveText(saved);
}

/** A new signed-in supporter in a browser context of their own. */
async function anotherSupporter(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  testInfo: Parameters<typeof signedInSupporter>[3],
) {
  const context = await browser.newContext();
  const { email } = await signedInSupporter(request, context, baseURL, testInfo);
  const page = await context.newPage();
  await logIn(page, { email, password: 'kifu-pass-123' }, '/mypage/support-history');
  return { page, email, context };
}

test('a supporter runs a birthday campaign, a second gives with its reward and hears of its report (ja)', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
  await logIn(page, { email, password: 'kifu-pass-123' }, `/associate/${ASSOCIATE_UID}/create-campaign`);

  // Start: a supporter may start a birthday or a challenge campaign.
  await expect(page.getByTestId('campaign-types').getByRole('link')).toHaveCount(2);
  await page.getByTestId('campaign-type-1').click();
  await page.getByTestId('template-use').first().click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/dashboard\/campaign\/setting$/);
  const campaignId = Number(/\/campaign\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByTestId('dashboard-status')).toHaveText('非公開（下書き）');
  await expect(page.getByTestId('release-button')).toBeDisabled();

  // Settings: a day before today is refused with the spec's message, then a real end date.
  await page.getByTestId('setting-goal').fill('50000');
  await page.getByTestId('setting-end').fill(japanDay(-1));
  await page.getByTestId('setting-save').click();
  await expect(page.getByTestId('setting-end-error')).toHaveText('今日より前の日付は設定できません。');
  await page.getByTestId('setting-end').fill(japanDay(20));
  await save(page, 'setting-save', '保存しました。');
  // A promotion code for friends: a malformed one is refused, a good one is listed.
  await page.getByTestId('code-code').fill('お祝い');
  await page.getByTestId('code-amount').fill('200');
  await page.getByTestId('code-add').click();
  await expect(page.getByTestId('code-code-error')).toBeVisible();
  await page.getByTestId('code-code').fill('HAPPY-30');
  await save(page, 'code-add', '保存しました。');
  await expect(page.getByTestId('code-item')).toHaveText(/HAPPY-30.*手数料から200円を差し引き.*期限なし/);

  // Title, summary and main visual.
  await page.getByTestId('dashboard-nav-campaign-content').click();
  await page.getByTestId('content-title').fill('30歳の誕生日に、こども食堂を応援します');
  await page.getByTestId('content-summary').fill('プレゼントの代わりに、こども食堂へのご寄付をお願いします。');
  await save(page, 'content-save', '保存しました。');
  await page.getByTestId('main-visual-file').setInputFiles(await image('visual.png'));
  await expect(page.getByTestId('release-check-mainVisual')).toHaveAttribute('data-met', 'true');

  // The story, with a heading and an image.
  await page.getByTestId('dashboard-nav-campaign-body').click();
  const editor = page.getByTestId('story-editor');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.getByTestId('story-editor-h2').click();
  await page.keyboard.type('はじめに');
  await page.keyboard.press('Enter');
  await page.keyboard.type('今年の誕生日は、こども食堂で温かいごはんを届ける活動を応援したいと思います。');
  await page.getByTestId('story-editor-image').setInputFiles(await image('story.png'));
  await expect(editor.locator('img')).toHaveCount(1);
  await save(page, 'body-save', '保存しました。');

  // A reward, and a stretch goal.
  await page.getByTestId('dashboard-nav-campaign-reward').click();
  await page.getByTestId('reward-title').fill('子どもたちからのお礼状');
  await page.getByTestId('reward-amount').fill('3000');
  await page.getByTestId('reward-stock').fill('20');
  await save(page, 'reward-add', '保存しました。');
  await expect(page.getByTestId('reward-item')).toHaveCount(1);
  // Changed in place: 25 instead of 20.
  const rewardItem = page.getByTestId('reward-item');
  await rewardItem.getByTestId('reward-edit').click();
  await rewardItem.getByLabel('数量').fill('25');
  await rewardItem.getByRole('button', { name: '保存する' }).click();
  await expect(rewardItem.getByTestId('reward-stock-line')).toHaveText('数量 25');
  await page.getByTestId('dashboard-nav-campaign-stretch-goal').click();
  await page.getByTestId('stretch-target').fill('100000');
  await save(page, 'stretch-save', '保存しました。');

  // The reward review: asked, then approved by Kifu's staff.
  await page.getByTestId('dashboard-nav-campaign-check').click();
  await expect(page.getByTestId('release-check-rewardsApproved')).toHaveAttribute('data-met', 'false');
  await page.getByTestId('review-request').click();
  await expect(page.getByTestId('review-state')).toHaveAttribute('data-state', 'requested');
  await approveRewards(browser, '30歳の誕生日に、こども食堂を応援します');
  await page.reload();
  await expect(page.getByTestId('review-state')).toHaveAttribute('data-state', 'approved');
  await expect
    .poll(() => mailText(request, email, 'リターンが審査で承認されました'), { timeout: 60_000 })
    .toContain(`/campaign/${campaignId}/dashboard/campaign/check`);

  // Preview, then release.
  await page.getByTestId('dashboard-nav-campaign-preview').click();
  await expect(page.getByTestId('preview-title')).toHaveText('30歳の誕生日に、こども食堂を応援します');
  await expect(page.getByTestId('story-body').getByRole('heading', { name: 'はじめに' })).toBeVisible();
  await snapshot(page, testInfo, '1-preview');
  await expect(page.getByTestId('release-button')).toBeEnabled();
  await page.getByTestId('release-button').click();
  await expect(page.getByTestId('dashboard-status')).toHaveText('公開中');
  await page.goto(`/campaign/${campaignId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('30歳の誕生日に、こども食堂を応援します');

  // A second supporter gives 3,000 yen by card with the reward.
  const second = await anotherSupporter(browser, request, baseURL!, testInfo);
  await openDonateForm(second.page, `/associate/${ASSOCIATE_UID}/donate?campaign=${campaignId}`);
  await second.page.locator('[id^="donate-reward-"]:not(#donate-reward-none)').first().check();
  await expect(second.page.locator('#donate-amount')).toHaveValue('3000');
  await chooseAmount(second.page, { method: 'creditCard' });
  await goNext(second.page, 'payment');
  await fillCard(second.page);
  await goNext(second.page, 'confirmation');
  await second.page.getByTestId('donate-submit').click();
  await authenticate3ds(second.page);
  await expect(second.page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });

  // The owner promises a report date, then publishes a report that fulfils it.
  await page.goto(`/campaign/${campaignId}/dashboard/report`);
  await page.getByTestId('schedule-title').fill('ごはん会の報告');
  await page.getByTestId('schedule-due').fill(japanDay(30));
  await save(page, 'schedule-add', '保存しました。');
  await expect(page.getByTestId('schedule-item')).toContainText('ごはん会の報告');
  await page.getByTestId('report-create-link').click();
  await page.getByRole('checkbox', { name: /ごはん会の報告/ }).check();
  await page.getByTestId('report-title').fill('ごはん会を開きました');
  await page.getByTestId('report-editor').click();
  await page.keyboard.type('皆さまのご寄付で、50人分の温かいごはんを届けました。');
  await page.getByTestId('report-save').click();
  await expect(page).toHaveURL(/\/dashboard\/report\/\d+$/);
  await page.getByTestId('report-publish').click();
  await expect(page.getByTestId('report-published')).toBeVisible();
  await page.goto(`/campaign/${campaignId}/dashboard/report`);
  await expect(page.getByTestId('dashboard-schedules')).toContainText('これからの報告予定はありません。');

  // The second supporter is mailed, and sees the report next to their gift.
  await expect.poll(() => mailText(request, second.email, '活動報告'), { timeout: 60_000 }).toContain(`/campaign/${campaignId}/report/`);
  await second.page.goto('/mypage/support-history');
  await expect(second.page.getByTestId('history-gift-reports').first()).toContainText('ごはん会を開きました');
  await snapshot(second.page, testInfo, '2-history-report');

  // A fundraiser for the campaign: started by the second supporter, released, given to; the campaign shows it.
  await second.page.goto(`/campaign/${campaignId}`);
  await second.page.getByTestId('start-fundraiser-2').click();
  await second.page.getByTestId('fundraiser-start').click();
  await expect(second.page).toHaveURL(/\/campaign\/\d+\/dashboard\/campaign\/content$/);
  const childId = Number(/\/campaign\/(\d+)\//.exec(second.page.url())![1]);
  await second.page.getByTestId('content-title').fill('100km歩いて、こども食堂を応援');
  await second.page.getByTestId('content-summary').fill('完歩できたら拍手の代わりにご寄付を。');
  await save(second.page, 'content-save', '保存しました。');
  await second.page.getByTestId('main-visual-file').setInputFiles(await image('walk.png'));
  await second.page.getByTestId('dashboard-nav-campaign-body').click();
  await second.page.getByTestId('story-editor').click();
  await second.page.keyboard.type('来月、100kmを歩き通すことに挑戦します。応援よろしくお願いします。');
  await save(second.page, 'body-save', '保存しました。');
  await second.page.getByTestId('dashboard-nav-campaign-setting').click();
  await second.page.getByTestId('setting-end').fill(japanDay(15));
  await save(second.page, 'setting-save', '保存しました。');
  await second.page.getByTestId('release-button').click();
  await expect(second.page.getByTestId('dashboard-status')).toHaveText('公開中');

  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate?campaign=${childId}`);
  await chooseAmount(page, { method: 'creditCard', amount: '5000' });
  await goNext(page, 'payment');
  await fillCard(page);
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    await page.goto(`/campaign/${campaignId}`);
    await expect(page.getByTestId('fundraiser')).toContainText('100km歩いて、こども食堂を応援', { timeout: 2_000 });
    await expect(page.getByTestId('fundraiser-raised')).toContainText('5,000円', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await second.context.close();
});

test('in English: the dashboard, its checklist and my campaigns read in English', async ({ page, context, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
  await logIn(page, { email, password: 'kifu-pass-123' }, `/associate/${ASSOCIATE_UID}/create-campaign/2`, '/en');
  await page.getByTestId('template-blank').click();
  await expect(page).toHaveURL(/\/en\/campaign\/\d+\/dashboard\/campaign\/setting$/);
  await expect(page.getByTestId('dashboard-status')).toHaveText('Private (draft)');
  await expect(page.getByTestId('release-check-title')).toContainText('A title');
  await page.getByTestId('setting-end').fill(japanDay(-2));
  await page.getByTestId('setting-save').click();
  await expect(page.getByTestId('setting-end-error')).toHaveText('Cannot be set before today.');
  await page.getByTestId('code-code').fill('SPRING');
  await page.getByTestId('code-amount').fill('100');
  await page.getByTestId('code-until').fill(japanDay(-1));
  await page.getByTestId('code-add').click();
  await expect(page.getByTestId('code-until-error')).toHaveText('Cannot be set before today.');
  // A draft saves itself as its owner types.
  await page.getByTestId('dashboard-nav-campaign-content').click();
  await page.getByTestId('content-title').fill('Running 10 km for school meals');
  await expect(page.getByTestId('content-save-status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByTestId('content-title')).toHaveValue('Running 10 km for school meals');
  await page.getByTestId('dashboard-nav-report').click();
  await page.getByTestId('schedule-title').fill('First update');
  await page.getByTestId('schedule-due').fill(japanDay(10));
  await save(page, 'schedule-add', 'Saved.');
  await expect(page.getByTestId('schedule-item')).toHaveText(/First update.*by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await page.getByRole('button', { name: 'Remove the report date “First update”' }).click();
  await expect(page.getByTestId('dashboard-schedules')).toContainText('No upcoming report dates.');
  // The reviewers' screen is not a supporter's.
  await page.goto('/en/staff/reward-checks');
  await expect(page.getByTestId('staff-review-forbidden')).toHaveText("This page is for Kifu's reviewers only.");
  await page.goto('/en/mypage/campaigns');
  await expect(page.getByTestId('my-campaigns-drafts')).toHaveText('1 draft in progress.');
  await expect(page.getByTestId('my-campaign-status')).toHaveText('Private (draft)');
  // Another user finds nothing there.
  const campaignId = /\/campaign\/(\d+)\//.exec((await page.getByTestId('my-campaign-link').getAttribute('href')) ?? '')![1];
  await page.evaluate(() => window.localStorage.clear());
  await context.clearCookies();
  const other = await signedInSupporter(request, context, baseURL!, testInfo);
  await logIn(page, { email: other.email, password: 'kifu-pass-123' }, `/campaign/${campaignId}/dashboard/campaign`, '/en');
  await expect(page.getByTestId('dashboard-not-found')).toHaveText('This campaign cannot be found.');
});
