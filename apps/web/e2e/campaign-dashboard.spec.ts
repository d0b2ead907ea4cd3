// Campaigns by supporters (ADR 036), in ja and in en: a signed-in supporter starts a birthday
// campaign for an associate from its template, sets a promotion code, writes its story with an
// image, adds a reward (then changes it in place) and a stretch goal, asks for the reward review
// (Kifu's staff approve it on their screen; the owner is mailed), previews the public page and
// releases it. A second supporter gives to it with the reward; the owner promises a report date
// and publishes a report that fulfils it; the second supporter gets the mail and sees the report
// from their history. A fundraiser started for the campaign raises money that shows on it. In
// English also: refusals in English, a draft saving itself, another user finding nothing.
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
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

/** Every mail the sandbox mailbox received for `to`, their texts joined ('' while none). */
async function mailText(request: APIRequestContext, to: string): Promise<string> {
  const { messages } = (await (await request.get(`${SANDBOX}/mailbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as {
    messages: { text: string }[];
  };
  return messages.map((message) => message.text).join('\n');
}

/** Kifu's staff (the demo's Sho) decide the campaign's waiting reward review on their screen. */
async function approveRewards(browser: Browser, campaignTitle: string, prefix: string, approved: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, demoAccount('sho'), '/staff/reward-checks', prefix);
  const review = page.getByTestId('staff-review').filter({ has: page.getByRole('heading', { name: campaignTitle }) });
  await expect(review.getByTestId('staff-review-reward')).toContainText(['子どもたちからのお礼状']);
  // Sending it back needs a comment; approving does not.
  await review.getByTestId('staff-review-reject').click();
  await expect(review.locator('[data-testid$="-comment-error"]')).toBeVisible();
  await review.getByTestId('staff-review-approve').click();
  await expect(page.getByTestId('staff-review-announcement')).toHaveText(approved);
  await expect(review).toHaveCount(0);
  await context.close();
}

/**
 * hanako, the associate's owner, decides a supporter's waiting campaign in the console (ADR 069),
 * with the keyboard: approve it, or decline it with a reason.
 */
async function decideInConsole(browser: Browser, campaignTitle: string, prefix: string, decision: { decline: string } | 'approve') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, demoAccount('hanako'), `/dashboard/${ASSOCIATE_UID}/campaigns?approval=requested`, prefix);
  const row = page.getByTestId('campaign-row').filter({ has: page.getByRole('link', { name: campaignTitle }) });
  await expect(row).toHaveAttribute('data-approval', 'requested');
  const en = prefix === '/en';
  if (decision === 'approve') {
    await row.getByTestId('approve-campaign').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('approval-announcement')).toHaveText(
      en ? `“${campaignTitle}” was approved and is now public.` : `「${campaignTitle}」を承認しました。キャンペーンは公開されました。`,
    );
  } else {
    await row.getByTestId('decline-campaign').focus();
    await page.keyboard.press('Enter');
    await expect(row.getByTestId('decline-reason')).toBeFocused();
    await page.keyboard.type(decision.decline);
    await row.getByTestId('decline-submit').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('approval-announcement')).toHaveText(
      en
        ? `“${campaignTitle}” was declined; its fundraiser has been told why.`
        : `「${campaignTitle}」の公開を見送りました。作成者に理由をお知らせしました。`,
    );
  }
  await expect(row).toHaveCount(0);
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
  prefix = '',
) {
  const context = await browser.newContext();
  const { email } = await signedInSupporter(request, context, baseURL, testInfo);
  const page = await context.newPage();
  await logIn(page, { email, password: 'kifu-pass-123' }, '/mypage/support-history', prefix);
  return { page, email, context };
}

/** What each language's run types and reads; the campaign's own texts stay as its owner wrote them. */
const RUNS = [
  {
    locale: 'ja',
    prefix: '',
    title: '30歳の誕生日に、こども食堂を応援します',
    /** Where this language's visitors read the title, summary and story from. */
    field: '',
    summary: 'プレゼントの代わりに、こども食堂へのご寄付をお願いします。',
    fundraiser: '100km歩いて、こども食堂を応援',
    declineReason: '距離と日程を、ストーリーにもう少し詳しく書いてください。',
    approved: '「30歳の誕生日に、こども食堂を応援します」のリターンを承認しました。',
    draft: '非公開（下書き）',
    published: '公開中',
    pastDate: '今日より前の日付は設定できません。',
    saved: '保存しました。',
    codeListed: /HAPPY-30.*手数料から200円を差し引き.*期限なし/,
    quantity: '数量',
    save: '保存する',
    stockLine: '数量 25',
    stretch: '100,000円',
    noSchedules: 'これからの報告予定はありません。',
    raised: '5,000円',
  },
  {
    locale: 'en',
    prefix: '/en',
    title: 'For my 30th birthday, warm meals for children',
    field: '-en',
    summary: 'Instead of presents, please give to the children’s cafeteria.',
    fundraiser: 'Walking 100 km for the children’s cafeteria',
    declineReason: 'Please say more about the distance and the date in the story.',
    approved: 'The rewards of “For my 30th birthday, warm meals for children” were approved.',
    draft: 'Private (draft)',
    published: 'Public',
    pastDate: 'Cannot be set before today.',
    saved: 'Saved.',
    codeListed: /HAPPY-30.*¥200 off the fee.*no end date/,
    quantity: 'Quantity',
    save: 'Save',
    stockLine: '25 available',
    stretch: '¥100,000',
    noSchedules: 'No upcoming report dates.',
    raised: '¥5,000',
  },
] as const;

for (const L of RUNS) {
  test(`a supporter runs a birthday campaign, a second gives with its reward and hears of its report (${L.locale})`, async ({
    page,
    context,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(360_000);
    const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
    await logIn(page, { email, password: 'kifu-pass-123' }, `/associate/${ASSOCIATE_UID}/create-campaign`, L.prefix);

    // Start: a supporter may start a birthday or a challenge campaign.
    await expect(page.getByTestId('campaign-types').getByRole('link')).toHaveCount(2);
    await page.getByTestId('campaign-type-1').click();
    await page.getByTestId('template-use').first().click();
    await expect(page).toHaveURL(/\/campaign\/\d+\/dashboard\/campaign\/setting$/);
    const campaignId = Number(/\/campaign\/(\d+)\//.exec(page.url())![1]);
    await expect(page.getByTestId('dashboard-status')).toHaveText(L.draft);
    await expect(page.getByTestId('release-button')).toBeDisabled();

    // Settings: a day before today is refused with the spec's message, then a real end date.
    await page.getByTestId('setting-goal').fill('50000');
    await page.getByTestId('setting-end').fill(japanDay(-1));
    await page.getByTestId('setting-save').click();
    await expect(page.getByTestId('setting-end-error')).toHaveText(L.pastDate);
    await page.getByTestId('setting-end').fill(japanDay(20));
    await save(page, 'setting-save', L.saved);
    // A promotion code for friends: a malformed one is refused, a good one is listed.
    await page.getByTestId('code-code').fill('お祝い');
    await page.getByTestId('code-amount').fill('200');
    await page.getByTestId('code-add').click();
    await expect(page.getByTestId('code-code-error')).toBeVisible();
    await page.getByTestId('code-code').fill('HAPPY-30');
    await save(page, 'code-add', L.saved);
    await expect(page.getByTestId('code-item')).toHaveText(L.codeListed);

    // Title, summary and main visual.
    await page.getByTestId('dashboard-nav-campaign-content').click();
    // The main fields are the Japanese page's and every fallback; the English run writes its own text
    // into the English ones too, which the template filled with its English.
    for (const field of new Set(['', L.field])) {
      await page.getByTestId(`content-title${field}`).fill(L.title);
      await page.getByTestId(`content-summary${field}`).fill(L.summary);
    }
    await save(page, 'content-save', L.saved);
    await page.getByTestId('main-visual-file').setInputFiles(await image('visual.png'));
    await expect(page.getByTestId('release-check-mainVisual')).toHaveAttribute('data-met', 'true');

    // The story, with a heading and an image.
    await page.getByTestId('dashboard-nav-campaign-body').click();
    const editor = page.getByTestId(`story-editor${L.field}`);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.getByTestId(`story-editor${L.field}-h2`).click();
    await page.keyboard.type('はじめに');
    await page.keyboard.press('Enter');
    await page.keyboard.type('今年の誕生日は、こども食堂で温かいごはんを届ける活動を応援したいと思います。');
    await page.getByTestId(`story-editor${L.field}-image`).setInputFiles(await image('story.png'));
    await expect(editor.locator('img')).toHaveCount(1);
    await save(page, 'body-save', L.saved);

    // A reward, and a stretch goal.
    await page.getByTestId('dashboard-nav-campaign-reward').click();
    await page.getByTestId('reward-title').fill('子どもたちからのお礼状');
    await page.getByTestId('reward-amount').fill('3000');
    await page.getByTestId('reward-stock').fill('20');
    await save(page, 'reward-add', L.saved);
    await expect(page.getByTestId('reward-item')).toHaveCount(1);
    // Changed in place: 25 instead of 20.
    const rewardItem = page.getByTestId('reward-item');
    await rewardItem.getByTestId('reward-edit').click();
    await rewardItem.getByLabel(L.quantity).fill('25');
    await rewardItem.getByRole('button', { name: L.save }).click();
    await expect(rewardItem.getByTestId('reward-stock-line')).toHaveText(L.stockLine);
    await page.getByTestId('dashboard-nav-campaign-stretch-goal').click();
    await page.getByTestId('stretch-target').fill('100000');
    await save(page, 'stretch-save', L.saved);

    // The reward review: asked, then approved by Kifu's staff.
    await page.getByTestId('dashboard-nav-campaign-check').click();
    await expect(page.getByTestId('release-check-rewardsApproved')).toHaveAttribute('data-met', 'false');
    await page.getByTestId('review-request').click();
    await expect(page.getByTestId('review-state')).toHaveAttribute('data-state', 'requested');
    await approveRewards(browser, L.title, L.prefix, L.approved);
    await page.reload();
    await expect(page.getByTestId('review-state')).toHaveAttribute('data-state', 'approved');
    await expect.poll(() => mailText(request, email), { timeout: 60_000 }).toContain(`/campaign/${campaignId}/dashboard/campaign/check`);

    // Preview, then release.
    await page.getByTestId('dashboard-nav-campaign-preview').click();
    // Exactly the public page: title, story, the reward and the stretch goal, before release.
    const preview = page.getByTestId('dashboard-preview');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(L.title);
    await expect(preview.getByTestId('story-body').getByRole('heading', { name: 'はじめに' })).toBeVisible();
    await expect(preview.getByTestId('campaign-reward')).toContainText('子どもたちからのお礼状');
    await expect(preview.getByTestId('campaign-stretch-goal')).toContainText(L.stretch);
    await snapshot(page, testInfo, `1-preview-${L.locale}`);
    await expect(page.getByTestId('release-button')).toBeEnabled();
    // A supporter's campaign asks its associate first (ADR 069): private until hanako approves it.
    await page.getByTestId('release-button').click();
    await expect(page.getByTestId('approval-waiting')).toBeVisible();
    await expect(page.getByTestId('dashboard-status')).toHaveText(L.draft);
    await decideInConsole(browser, L.title, L.prefix, 'approve');
    await page.reload();
    await expect(page.getByTestId('dashboard-status')).toHaveText(L.published);
    await expect.poll(() => mailText(request, email), { timeout: 60_000 }).toContain(`/campaign/${campaignId}\n`);
    await page.goto(`${L.prefix}/campaign/${campaignId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);

    // A second supporter gives 3,000 yen by card with the reward.
    const second = await anotherSupporter(browser, request, baseURL!, testInfo, L.prefix);
    await openDonateForm(second.page, `${L.prefix}/associate/${ASSOCIATE_UID}/donate?campaign=${campaignId}`);
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
    await page.goto(`${L.prefix}/campaign/${campaignId}/dashboard/report`);
    await page.getByTestId('schedule-title').fill('ごはん会の報告');
    await page.getByTestId('schedule-due').fill(japanDay(30));
    await save(page, 'schedule-add', L.saved);
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
    await page.goto(`${L.prefix}/campaign/${campaignId}/dashboard/report`);
    await expect(page.getByTestId('dashboard-schedules')).toContainText(L.noSchedules);

    // The second supporter is mailed, and sees the report next to their gift.
    await expect.poll(() => mailText(request, second.email), { timeout: 60_000 }).toContain(`/campaign/${campaignId}/report/`);
    await second.page.goto(`${L.prefix}/mypage/support-history`);
    await expect(second.page.getByTestId('history-gift-reports').first()).toContainText('ごはん会を開きました');
    await snapshot(second.page, testInfo, `2-history-report-${L.locale}`);

    // A fundraiser for the campaign: started by the second supporter, released, given to; the campaign shows it.
    await second.page.goto(`${L.prefix}/campaign/${campaignId}`);
    await second.page.getByTestId('start-fundraiser-2').click();
    await second.page.getByTestId('fundraiser-start').click();
    await expect(second.page).toHaveURL(/\/campaign\/\d+\/dashboard\/campaign\/content$/);
    const childId = Number(/\/campaign\/(\d+)\//.exec(second.page.url())![1]);
    await second.page.getByTestId('content-title').fill(L.fundraiser);
    await second.page.getByTestId('content-summary').fill('完歩できたら拍手の代わりにご寄付を。');
    await save(second.page, 'content-save', L.saved);
    await second.page.getByTestId('main-visual-file').setInputFiles(await image('walk.png'));
    await second.page.getByTestId('dashboard-nav-campaign-body').click();
    await second.page.getByTestId('story-editor').click();
    await second.page.keyboard.type('来月、100kmを歩き通すことに挑戦します。応援よろしくお願いします。');
    await save(second.page, 'body-save', L.saved);
    await second.page.getByTestId('dashboard-nav-campaign-setting').click();
    await second.page.getByTestId('setting-end').fill(japanDay(15));
    await save(second.page, 'setting-save', L.saved);
    // The associate declines it with a reason first; the fundraiser reads it, asks again, and it is approved.
    await second.page.getByTestId('release-button').click();
    await expect(second.page.getByTestId('approval-waiting')).toBeVisible();
    await decideInConsole(browser, L.fundraiser, L.prefix, { decline: L.declineReason });
    await second.page.reload();
    await expect(second.page.getByTestId('approval-declined')).toContainText(L.declineReason);
    await expect(second.page.getByTestId('dashboard-status')).toHaveText(L.draft);
    await expect.poll(() => mailText(request, second.email), { timeout: 60_000 }).toContain(L.declineReason);
    await second.page.getByTestId('release-button').click();
    await expect(second.page.getByTestId('approval-waiting')).toBeVisible();
    await decideInConsole(browser, L.fundraiser, L.prefix, 'approve');
    await second.page.reload();
    await expect(second.page.getByTestId('dashboard-status')).toHaveText(L.published);

    await openDonateForm(page, `${L.prefix}/associate/${ASSOCIATE_UID}/donate?campaign=${childId}`);
    await chooseAmount(page, { method: 'creditCard', amount: '5000' });
    await goNext(page, 'payment');
    await fillCard(page);
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect(async () => {
      await page.goto(`${L.prefix}/campaign/${campaignId}`);
      await expect(page.getByTestId('fundraiser')).toContainText(L.fundraiser, { timeout: 2_000 });
      await expect(page.getByTestId('fundraiser-raised')).toContainText(L.raised, { timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await second.context.close();
  });
}

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
