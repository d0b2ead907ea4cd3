// Monthly statements and payouts (ADR 075) as their readers meet them, by keyboard only: hanako, an
// owner, reads her organisation's statements — the demo's closed months, each paid on its payout
// date, and what no statement holds yet — opens the latest month, checks that its lines add up to
// its sums and downloads its CSV; in English too. Sho, one of Kifu's staff, reads the payout runs,
// opens one and starts a run; hanako is told that page is not hers. axe-clean.
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';

/** Yen as the page writes it (¥12,345 or -¥1,000 / ￥), read back as a number. */
const yen = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function activate(page: Page, locator: ReturnType<Page['getByRole']>) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

for (const lang of ['ja', 'en'] as const) {
  test(`hanako reads the closed months, opens the latest and its lines add up to its sums (${lang})`, async ({ page }) => {
    const prefix = lang === 'en' ? '/en' : '';
    await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/statements`, prefix);
    await expect(page.getByRole('heading', { level: 1, name: lang === 'ja' ? '精算明細' : 'Statements' })).toBeVisible();
    // The demo's months were all paid on their payout dates. (A run as of a later day, ADR 079, that
    // another test starts may be paying the newest month meanwhile: the newest month paid is read.)
    const latest = page
      .getByTestId('statement-row')
      .filter({ has: page.locator('[data-testid="payout-state"][data-status="succeeded"]') })
      .first();
    await expect(latest).toBeVisible();
    await expect(page.getByTestId('statements-open')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const month = await latest.getAttribute('data-month');
    const payable = yen((await latest.locator('td').nth(4).textContent()) ?? '');
    await activate(page, latest.getByRole('link'));
    await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/statements/${month}$`));
    const sums = page.getByTestId('statement-sums');
    await expect(sums.getByTestId('sum-Payable')).toBeVisible();
    expect(yen((await sums.getByTestId('sum-Payable').textContent()) ?? '')).toBe(payable);

    // The lines add up to the month's net: gifts less refunds less fees.
    const lines = page.getByTestId('statement-line');
    await expect(lines.first()).toBeVisible();
    const nets = await lines.evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[5]?.textContent ?? ''));
    const carried = yen((await sums.getByTestId('sum-Carried in').textContent()) ?? '');
    const monthNet = yen((await sums.getByTestId('sum-Net for the month').textContent()) ?? '');
    const failedPayouts = await page.locator('[data-testid="statement-line"][data-kind="failed_payout"]').count();
    if (failedPayouts === 0) expect(nets.map(yen).reduce((sum, net) => sum + net, 0)).toBe(monthNet);
    expect(Math.max(0, monthNet + carried)).toBe(payable);
    expect(await seriousViolations(page)).toEqual([]);

    // The CSV carries the same payable, for a spreadsheet.
    const csv = await page.request.get((await page.getByTestId('statement-csv').getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`,${lang === 'ja' ? 'お支払額' : 'Payable'},,,,${payable}`);
  });
}

test("sho, one of Kifu's staff, reads the payout runs, opens one and starts a run; hanako may not (ja)", async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page, demoAccount('sho'), '/staff/payouts');
  await expect(page.getByRole('heading', { level: 1, name: '団体へのお支払い' })).toBeVisible();
  const runs = page.getByTestId('payout-run');
  await expect(runs.first()).toBeVisible();
  // The oldest run is the demo's, long finished (newer ones other tests start may still be paying).
  await activate(page, runs.last().getByRole('button'));
  const detail = page.getByTestId('payout-run-detail');
  await expect(detail.getByTestId('payout-run-payout').first()).toHaveAttribute('data-status', 'succeeded');
  expect(await seriousViolations(page)).toEqual([]);
  await activate(page, page.getByRole('button', { name: '今すぐ支払いを実行' }));
  await expect(page.getByTestId('payout-runs-announcement')).toHaveText(/受け付けました|受け付け済み/);

  const hanako = await browser.newContext({ baseURL, locale: 'ja-JP' });
  try {
    const other = await hanako.newPage();
    await logIn(other, demoAccount('hanako'), '/staff/payouts');
    await expect(other.getByTestId('payout-runs-forbidden')).toBeVisible();
  } finally {
    await hanako.close();
  }
});

test('hanako changes the payout account: the bank refuses a closed account at its field, then takes the right one (ja)', async ({
  page,
}) => {
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/settings`);
  const section = page.getByTestId('payout-account');
  await expect(section.getByTestId('payout-current-account_number')).toHaveText(/^\*{4}\d{3}$/);
  const typeInto = async (label: string, text: string) => {
    await section.getByLabel(label, { exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(text);
  };
  await typeInto('金融機関コード（4桁）', '0005');
  await typeInto('金融機関名', 'サンドボックス銀行');
  await typeInto('支店コード（3桁）', '001');
  await typeInto('支店名', '本店');
  // The bank sandbox's accounts ending 8888 are closed (ADR 074).
  await typeInto('口座番号（7桁）', '1238888');
  await typeInto('口座名義（カナ）', 'とくひ）こどもしょくどうみらい');
  await typeInto('現在のパスワード', demoAccount('hanako').password);
  await page.keyboard.press('Enter');
  const number = section.getByLabel('口座番号（7桁）', { exact: true });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('この口座は解約されています。');
  await expect(section.getByRole('alert')).toContainText('入力内容を確認してください。');
  expect(await seriousViolations(page)).toEqual([]);

  await typeInto('口座番号（7桁）', '1234321');
  await typeInto('現在のパスワード', demoAccount('hanako').password);
  await activate(page, section.getByRole('button', { name: '口座を確認して保存' }));
  await expect(section.getByRole('status')).toHaveText('振込先口座を変更しました。オーナーの皆様にメールでお知らせしました。');
  await expect(section.getByTestId('payout-current-account_number')).toHaveText('****321');
  await expect(section.getByTestId('payout-current-account_holder')).toHaveText('トクヒ）コドモショクドウミライ');
});
