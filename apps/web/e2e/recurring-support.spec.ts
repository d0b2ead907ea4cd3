// Managing recurring support (ADR 034): a new supporter gives monthly by card, then on
// /mypage/recurring-support lowers the amount, pauses for two months, resumes, and stops — the stop
// panel first offers the gentler changes and asks why. In English: pause one month, then stop.
// After each change the card gateway holds exactly one live schedule for the donation, at its
// amount, and none after the stop (ADR 053: a change once left two, and the supporter was charged twice).
// The monthly schedule is activated by a background job a moment after the gift, so the page is
// reloaded until the donation reads as active.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Locator, type Page } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  goNext,
  openDonateForm,
  signedInSupporter,
  snapshot,
  fillCard,
  sandboxCardGet,
} from './donate-helpers';
import { logIn } from './sign-in-helpers';

const PAGE = '/mypage/recurring-support';
const ACTIONS = ['change-amount', 'pause', 'skip', 'resume', 'stop'];

async function expectNoActions(item: Locator) {
  for (const action of ACTIONS) await expect(item.getByTestId(`recurring-${action}`)).toHaveCount(0);
}

/** 3,000 yen a month by card through the donation form, up to the Done step. */
async function giveMonthly(page: Page) {
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'creditCard', frequency: 'monthly', amount: '3000' });
  await goNext(page, 'payment');
  await fillCard(page);
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
}

interface SandboxSchedule {
  status: string;
  charge: { amount: number; metadata?: Record<string, unknown> };
}

/**
 * The amounts of the donation's live schedules at the sandbox card gateway, once the change has
 * settled: a replacement may finish in the job a moment after the page answered.
 */
async function expectLiveSchedules(request: APIRequestContext, item: Locator, amounts: number[]) {
  const recurringId = await item.getAttribute('data-recurring-id');
  await expect(async () => {
    const { data } = await sandboxCardGet<{ data: SandboxSchedule[] }>(request, '/schedules?limit=100&order=reverse_chronological');
    const live = data.filter(
      (schedule) =>
        String(schedule.charge.metadata?.recurring_donation_id) === recurringId &&
        schedule.status !== 'deleted' &&
        schedule.status !== 'expired',
    );
    expect(live.map((schedule) => schedule.charge.amount)).toEqual(amounts);
  }).toPass({ timeout: 30_000 });
}

/** Opens the page and reloads it until the only recurring donation reads `active`. */
async function activeItem(page: Page, path: string, active: string): Promise<Locator> {
  await page.goto(path);
  const item = page.getByTestId('recurring-item');
  await expect(async () => {
    await page.reload();
    await expect(item.getByTestId('recurring-state')).toHaveText(active, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(item).toHaveCount(1);
  return item;
}

test('a supporter lowers, pauses, resumes and stops their monthly support (ja)', async ({ page, context, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
  await logIn(page, { email, password: 'kifu-pass-123' }, PAGE);
  await expect(page.getByTestId('recurring-empty')).toBeVisible();
  await expect(page.getByTestId('recurring-empty').getByRole('link')).toHaveAttribute('href', /\/associate$/);

  await giveMonthly(page);
  const item = await activeItem(page, PAGE, '継続中');
  await expectLiveSchedules(request, item, [3_000]);
  const message = item.getByTestId('recurring-message');
  await expect(item.getByTestId('recurring-amount')).toHaveText('毎月 3,000円');
  await expect(item).toContainText('•••• 4242');
  await expect(item.getByTestId('recurring-next-charge')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  for (const action of ['change-amount', 'pause', 'skip', 'stop']) await expect(item.getByTestId(`recurring-${action}`)).toBeVisible();
  await expect(item.getByTestId('recurring-resume')).toHaveCount(0);
  await snapshot(page, testInfo, '1-active');

  // Lower the amount to 2,000 yen, typed in full-width digits as a Japanese IME gives them.
  await item.getByTestId('recurring-change-amount').click();
  const amountInput = item.getByTestId('recurring-amount-input');
  await expect(amountInput).toBeFocused();
  await expect(item).toContainText('100円以上、6,000,000円以下');
  await amountInput.fill('２０００');
  await item.getByTestId('recurring-amount-save').click();
  await expect(message).toHaveText('毎月の金額を2,000円に変更しました。');
  await expect(item.getByTestId('recurring-amount')).toHaveText('毎月 2,000円');
  await expect(amountInput).toHaveCount(0);
  await expectLiveSchedules(request, item, [2_000]);

  // Pause for two months: paused until a date, and only resume, the amount and stop are left.
  await item.getByTestId('recurring-pause').click();
  await item.getByTestId('recurring-pause-months').selectOption('2');
  await item.getByTestId('recurring-pause-confirm').click();
  await expect(message).toContainText('支援を休止しました。');
  await expect(item.getByTestId('recurring-state')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日まで休止中$/);
  await expect(item.getByTestId('recurring-pause')).toHaveCount(0);
  await expect(item.getByTestId('recurring-skip')).toHaveCount(0);
  await expect(item.getByTestId('recurring-resume')).toBeVisible();
  await expectLiveSchedules(request, item, [2_000]);
  await snapshot(page, testInfo, '2-paused');

  // Resume now.
  await item.getByTestId('recurring-resume').click();
  await expect(message).toContainText('支援を再開しました。');
  await expect(item.getByTestId('recurring-state')).toHaveText('継続中');
  await expectLiveSchedules(request, item, [2_000]);

  // Stop: the panel first offers lowering, pausing and skipping, then asks why.
  await item.getByTestId('recurring-stop').click();
  const panel = item.getByTestId('recurring-stop-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: '金額を下げて続ける' })).toBeVisible();
  await expect(panel.getByRole('button', { name: '1〜3か月だけ休止する' })).toBeVisible();
  await expect(panel.getByRole('button', { name: '次回の決済だけスキップする' })).toBeVisible();
  await expect(panel.getByTestId('recurring-stop-reason')).toHaveCount(4);
  await panel.getByLabel('金額の負担が大きい').check();
  await panel.getByTestId('recurring-stop-reason-text').fill('来年また支援したいと思います。');
  await snapshot(page, testInfo, '3-stop-panel');
  await panel.getByTestId('recurring-stop-confirm').click();
  await expect(message).toContainText('支援を停止しました。');
  await expect(item.getByTestId('recurring-state')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日に停止$/);
  await expect(panel).toHaveCount(0);
  await expectNoActions(item);
  await expect(item.getByTestId('recurring-next-charge')).toHaveCount(0);
  await expectLiveSchedules(request, item, []);
  await snapshot(page, testInfo, '4-stopped');

  // It stays stopped.
  await page.reload();
  await expect(page.getByTestId('recurring-item').getByTestId('recurring-state')).toHaveText(/に停止$/);
});

test('in English: pause for a month, then stop', async ({ page, context, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
  await logIn(page, { email, password: 'kifu-pass-123' }, PAGE, '/en');
  await expect(page.getByTestId('recurring-empty')).toContainText('You have no recurring support yet.');

  await giveMonthly(page);
  const item = await activeItem(page, `/en${PAGE}`, 'Active');
  const message = item.getByTestId('recurring-message');
  await expect(item.getByTestId('recurring-amount')).toHaveText('Monthly ¥3,000');

  await item.getByTestId('recurring-pause').click();
  await item.getByTestId('recurring-pause-months').selectOption('1');
  await expect(item).toContainText('Charges are expected to resume on');
  await item.getByTestId('recurring-pause-confirm').click();
  await expect(message).toContainText('Your support is paused.');
  await expect(item.getByTestId('recurring-state')).toHaveText(/^Paused until /);
  await expectLiveSchedules(request, item, [3_000]);

  // Paused: no pause or skip to offer instead, the amount still.
  await item.getByTestId('recurring-stop').click();
  const panel = item.getByTestId('recurring-stop-panel');
  await expect(panel.getByRole('button', { name: 'Keep giving a lower amount' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Pause for 1–3 months' })).toHaveCount(0);
  await panel.getByLabel('I want to support another organisation').check();
  await panel.getByTestId('recurring-stop-confirm').click();
  await expect(message).toHaveText('Your support has stopped. Thank you for everything you have given.');
  await expect(item.getByTestId('recurring-state')).toHaveText(/^Stopped on /);
  await expectNoActions(item);
  await expectLiveSchedules(request, item, []);
  await snapshot(page, testInfo, 'en-stopped');
});
