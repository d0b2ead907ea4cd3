// The console's supporters' campaigns (ADR 069) on the demo data, as the people who use it: hanako,
// an owner, finds the campaign waiting for her approval from the console's menu, and with the
// keyboard opens the decline form, which will not send without a reason (then she cancels: the demo
// campaign stays waiting); takumi, a viewer, reads the same list in English and is offered no
// decision. axe-clean. The whole approve and decline flow is in campaign-dashboard.spec.ts.
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
const DEMO_WAITING = 'お正月のマラソンで、こども食堂を応援';
/** takumi@kifu.example: a viewer of the associate's console (the seed's users.ts, the README's password). */
const VIEWER = { email: 'takumi@kifu.example', password: demoAccount('hanako').password };

test('hanako finds the campaign waiting for her approval and a decline needs a reason (ja, keyboard)', async ({ page }) => {
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  await page.getByTestId('console-nav').getByRole('link', { name: '支援者のキャンペーン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '支援者のキャンペーン' })).toBeVisible();
  const waitingTab = page.getByTestId('approval-state-link').and(page.locator('[data-state="requested"]'));
  await expect(waitingTab).toHaveText(/^承認待ち（[1-9]\d*）$/);
  const row = page.getByTestId('campaign-row').filter({ hasText: DEMO_WAITING });
  await expect(row).toHaveAttribute('data-approval', 'requested');
  await expect(row).toContainText('ゆみ');
  // Its preview is one press away for those who decide.
  await expect(row.getByTestId('campaign-link')).toHaveAttribute('href', /\/campaign\/\d+\/dashboard\/campaign\/preview$/);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByTestId('decline-campaign').focus();
  await page.keyboard.press('Enter');
  const reason = row.getByTestId('decline-reason');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.getByTestId('decline-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('decline-error')).toHaveText('見送る理由は必須です。');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'やめる' }).click();
  await expect(row.getByTestId('approve-campaign')).toBeVisible();
  await expect(row).toHaveAttribute('data-approval', 'requested');
});

test('takumi, a viewer, reads the waiting campaigns in English and is offered no decision', async ({ page }) => {
  await logIn(page, VIEWER, `/dashboard/${OWNED}/campaigns`, '/en');
  await expect(page.getByRole('heading', { level: 1, name: "Supporters' campaigns" })).toBeVisible();
  const row = page.getByTestId('campaign-row').filter({ hasText: 'Running a New Year marathon' });
  await expect(row).toContainText('Waiting');
  await expect(row.getByTestId('approve-campaign')).toHaveCount(0);
  await expect(row.getByTestId('decline-campaign')).toHaveCount(0);
  // A draft's preview is for those who run the campaigns: a viewer gets the title alone.
  await expect(row.getByTestId('campaign-link')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
