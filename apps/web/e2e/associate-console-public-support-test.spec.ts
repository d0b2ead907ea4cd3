// The public-support test tracker (ADR 071) on the demo data: hanako, an owner, finds it in the
// console's menu, reads both standards, opens a year's donors and marks one as an officer with the
// keyboard — who then stops counting — and takes the mark off again; she enters each year's income,
// refused first where the grants exceed the income, and the relative standard is worked out.
// takumi, a viewer, reads it in English and is offered no form. axe-clean.
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
/** takumi@kifu.example: a viewer of the associate's console (the seed's users.ts, the README's password). */
const VIEWER = { email: 'takumi@kifu.example', password: demoAccount('hanako').password };

test('hanako marks an officer, who stops counting, and enters the income for the relative standard (ja, keyboard)', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  await page.getByTestId('console-nav').getByRole('link', { name: 'パブリック・サポート・テスト', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'パブリック・サポート・テスト' })).toBeVisible();
  await expect(page.getByTestId('pst-absolute-verdict')).toHaveAttribute('data-state', /^(passes|fails)$/);
  await expect(page.getByTestId('pst-absolute-average')).toContainText('年平均');
  // The demo's last finished year alone reaches 100 donors; another year of the period falls short.
  await expect(page.locator('[data-testid="pst-year-verdict"][data-state="meets"]')).toHaveText(['この年は100人以上です。']);
  await expect(page.locator('[data-testid="pst-year-verdict"][data-state="short"]').first()).toHaveText(
    /^この年は100人まであと\d+人です。$/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The latest completed year's donors; a donor who counts is marked an officer.
  const year = page
    .locator('[data-testid^="pst-year-"]')
    .filter({ has: page.getByTestId('pst-year-toggle') })
    .last();
  const before = Number((await year.getByTestId('pst-year-qualifying').textContent())!.replace(/\D/g, ''));
  expect(before).toBeGreaterThan(0);
  await year.getByTestId('pst-year-toggle').focus();
  await page.keyboard.press('Enter');
  const counting = year.getByTestId('pst-donor').and(page.locator('[data-counts="true"]')).first();
  const name = (await counting.locator('td').first().textContent())!.trim();
  await counting.getByTestId('pst-mark').focus();
  await page.keyboard.press('Enter');
  await expect(year.getByTestId('mark-officer')).toBeFocused();
  await page.keyboard.press('Space');
  await year.getByTestId('mark-save').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pst-announcement')).toHaveText(`${name}さんの設定を保存しました。`);
  const marked = year.getByTestId('pst-donor').filter({ hasText: name });
  await expect(marked).toHaveAttribute('data-reason', 'officer');
  await expect(year.getByTestId('pst-year-qualifying')).toHaveText(`数える寄附者: ${before - 1}人`);
  expect(await seriousViolations(page)).toEqual([]);
  // And taken off again: the demo's count is as it was.
  await marked.getByTestId('pst-mark').click();
  await year.getByTestId('mark-officer').uncheck();
  await year.getByTestId('mark-save').click();
  await expect(year.getByTestId('pst-year-qualifying')).toHaveText(`数える寄附者: ${before}人`);

  // The income of each year of the period; grants over the income are refused at the field.
  const forms = page.getByTestId('pst-income').locator('form');
  const count = await forms.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const first = forms.first();
  await first.getByTestId('income-total').fill('1000000');
  await first.getByTestId('income-government_grants').fill('2000000');
  await first.getByTestId('income-save').click();
  await expect(first.getByText('補助金等と資産売却の合計が経常収入を超えています。')).toBeVisible();
  await expect(page.getByTestId('pst-relative-verdict')).toHaveAttribute('data-state', 'unknown');
  for (let index = 0; index < count; index += 1) {
    const form = forms.nth(index);
    await form.getByTestId('income-total').fill('5000000');
    await form.getByTestId('income-government_grants').fill('500000');
    await form.getByTestId('income-save').click();
    await expect(form.getByTestId('income-notice')).toContainText('経常収入を保存しました。');
  }
  await expect(page.getByTestId('pst-relative-verdict')).toHaveAttribute('data-state', /^(passes|fails)$/);
  await expect(page.getByTestId('pst-relative-ratio')).toContainText('経常収入に占める寄附の割合は');
  expect(await seriousViolations(page)).toEqual([]);
});

test('takumi, a viewer, reads the tracker in English and is offered no form', async ({ page }) => {
  await logIn(page, VIEWER, `/dashboard/${OWNED}/public-support-test`, '/en');
  await expect(page.getByRole('heading', { level: 1, name: 'Public support test' })).toBeVisible();
  await expect(page.getByTestId('pst-absolute')).toContainText('Absolute standard');
  await expect(page.getByTestId('pst-income').locator('form')).toHaveCount(0);
  const year = page.getByTestId('pst-current');
  await year.getByTestId('pst-year-toggle').click();
  await expect(page.getByTestId('pst-mark')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
