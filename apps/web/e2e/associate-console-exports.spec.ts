// The console's CSV exports (ADR 065) as staff use them: hanako exports the gifts table filtered to
// card payments, follows the export's page until the job has written the file, and downloads it.
// axe-clean.
import { CONSOLE_EXPORT_HEADERS } from '@kifu/domain/api/console-exports';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';

test('hanako exports the card gifts as CSV, sees the export reach ready and downloads it (ja)', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/gifts?method=creditCard`);
  await expect(page.getByTestId('gift-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'CSVで出力' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/exports/\\d+$`));
  await expect(page.getByTestId('export-kind')).toHaveText('寄付一覧');
  await expect(page.getByTestId('console-export')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('export-notice')).toHaveText('CSVの準備ができました。');
  await expect(page.getByTestId('export-rows')).toHaveText(/^\d+ \/ \d+ 行$/);
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(CONSOLE_EXPORT_HEADERS.gifts.ja.join(','));
  expect(rows.length).toBeGreaterThan(0);
  // Only card gifts: every record carries the card's label in its method cell.
  expect(rows.filter((row) => !row.includes(',クレジットカード,'))).toEqual([]);
});
