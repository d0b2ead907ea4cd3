// Gifts received outside Kifu imported from a CSV (ADR 077), keyboard only: hanako, an owner,
// chooses a file with errors and is shown every one by row and column in the donation form's words
// with no import button; she fixes it, imports it once, sees the gifts marked external, and the
// same file again adds nothing. In English a file without a column is refused naming it. axe-clean.
// The gifts are dated 2001, outside any year the demo's other pages count, and deleted at the end.
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
const HEADER_JA = '受領日,氏名,フリガナ,郵便番号,都道府県,市区町村,番地,建物名,金額,方法,メモ';
const HEADER_EN = 'Date received,Name,Kana,Postal code,Prefecture,City,Street,Building,Amount,Method,Memo';
const csv = (...lines: string[]) => ({ name: 'gifts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) });

/** Chooses a file with the keyboard: Space on the focused file input opens the chooser. */
async function chooseFile(page: Page, file: ReturnType<typeof csv>) {
  await expect(async () => {
    await page.getByTestId('external-gifts-file').focus();
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Space');
    await (await chooser).setFiles(file);
  }).toPass({ timeout: 40_000 });
  await page.getByTestId('external-gifts-check').focus();
  await page.keyboard.press('Enter');
}

/** Deletes the imports this test made (an owner's call), so the demo data is as it was. */
async function deleteImports(page: Page, memo: string) {
  const list = (await (await page.request.get(`/backend/associate/${OWNED}/console/external-gifts/?page_size=100`)).json()) as {
    results: { memo: string; import_id: number }[];
  };
  for (const id of new Set(list.results.filter((gift) => gift.memo === memo).map((gift) => gift.import_id))) {
    expect((await page.request.delete(`/backend/associate/${OWNED}/console/external-gifts/imports/${id}/`)).status()).toBe(204);
  }
}

test('hanako sees every error of a CSV by row and column, fixes it and imports it once (ja, keyboard)', async ({ page }) => {
  test.setTimeout(120_000);
  const memo = `e2e-${Date.now()}`;
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  const link = page.getByTestId('console-nav').getByRole('link', { name: '外部の寄付', exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '外部の寄付' })).toBeVisible();
  await expect(page.getByTestId('external-gifts-sample-ja')).toHaveAttribute('download', 'external-gifts-sample-ja.csv');

  try {
    await chooseFile(
      page,
      csv(
        HEADER_JA,
        `2001-04-01,外部 一郎,ガイブ イチロウ,152-0001,東京都,目黒区,中央町1-2-3,,10000,現金,${memo}`,
        `2001-02-30,,外部,12345,東京都,目黒区,中央町1-2-3,,0,小切手,${memo}`,
      ),
    );
    const errors = page.getByTestId('external-gifts-error');
    await expect(page.getByTestId('external-gifts-summary')).toHaveText('2行：新しい寄付 1件・取り込み済み 0件・エラー 6件');
    await expect(errors).toHaveCount(6);
    await expect(page.locator('[data-testid="external-gifts-error"][data-row="3"][data-column="postal_code"]')).toContainText(
      '郵便番号は7桁の数字で入力してください（例：152-0001）。',
    );
    await expect(page.locator('[data-testid="external-gifts-error"][data-row="3"][data-column="kana"]')).toContainText(
      'フリガナは全角カタカナで入力してください。',
    );
    await expect(page.locator('[data-testid="external-gifts-error"][data-row="3"][data-column="amount"]')).toContainText('金額は');
    await expect(page.locator('[data-testid="external-gifts-error"][data-row="3"][data-column="name"]')).toContainText('氏名は必須です。');
    await expect(page.getByTestId('external-gifts-import')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const fixed = csv(
      HEADER_JA,
      `2001-04-01,外部 一郎,ガイブ イチロウ,152-0001,東京都,目黒区,中央町1-2-3,,10000,現金,${memo}`,
      `2001-03-01,外部 二郎,ガイブ ジロウ,1520001,東京都,目黒区,中央町1-2-3,,5000,銀行振込,${memo}`,
    );
    await chooseFile(page, fixed);
    await expect(page.getByTestId('external-gifts-summary')).toHaveText('2行：新しい寄付 2件・取り込み済み 0件・エラー 0件');
    await page.getByTestId('external-gifts-import').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('external-gifts-imported')).toHaveText('2件の寄付を取り込みました。');
    const row = page.getByTestId('external-gift-row').filter({ hasText: '外部 二郎' });
    await expect(row).toContainText('外部');
    await expect(row).toContainText('銀行振込');
    expect(await seriousViolations(page)).toEqual([]);

    // The same file again: nothing new, no import button.
    await chooseFile(page, fixed);
    await expect(page.getByTestId('external-gifts-nothing-new')).toBeVisible();
    await expect(page.getByTestId('external-gifts-already')).toContainText('2, 3');
    await expect(page.getByTestId('external-gifts-import')).toHaveCount(0);

    // The giver is among the supporters, marked external.
    await page.goto(`/dashboard/${OWNED}/supporters?q=${encodeURIComponent('外部二郎')}`);
    const supporter = page.getByTestId('supporter-row').filter({ hasText: '外部 二郎' });
    await expect(supporter).toContainText('外部');
    await expect(supporter).toContainText('5,000円');

    // hanako, an owner, deletes the import after confirming: its gifts are gone.
    await page.goto(`/dashboard/${OWNED}/external-gifts`);
    const remove = page.getByTestId('external-gifts-file-row').first().getByTestId('external-gifts-delete');
    await expect(remove).toHaveText('「gifts.csv」の取り込みを削除');
    page.once('dialog', (dialog) => void dialog.accept());
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('external-gifts-deleted')).toHaveText('「gifts.csv」の取り込みを削除しました。');
    await expect(page.getByTestId('external-gift-row').filter({ hasText: '外部 二郎' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await deleteImports(page, memo);
  }
});

test('in English a file without a column is refused naming it, and the fixed file is imported (keyboard)', async ({ page }) => {
  test.setTimeout(120_000);
  const memo = `e2e-en-${Date.now()}`;
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/external-gifts`, '/en');
  await expect(page.getByRole('heading', { level: 1, name: 'External gifts' })).toBeVisible();
  try {
    await chooseFile(page, csv('Date received,Name,Amount,Method', `2001-05-01,Taro,1000,cash`));
    await expect(page.getByTestId('external-gifts-refused')).toHaveText('The column “Postal code” is missing.');
    await expect(page.getByTestId('external-gifts-outcome')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    // At 320 px nothing but the tables' own frames scrolls sideways (WCAG 1.4.10).
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseFile(
      page,
      csv(HEADER_EN, `2001-05-01,Taro Gaibu,ガイブ タロウ,152-0001,Tokyo,Meguro-ku,1-2-3 Chuo-cho,,1000,cash,${memo}`),
    );
    await page.getByTestId('external-gifts-import').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('external-gifts-imported')).toHaveText('1 gift imported.');
    await expect(page.getByTestId('external-gift-row').filter({ hasText: 'Taro Gaibu' })).toContainText('External');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await deleteImports(page, memo);
  }
});
