// The overview's charts (ADR 076) as hanako, owner of the demo's こども食堂, reads them: the
// seeded year by month, then by week and by day chosen from the keyboard; every chart's table
// holds the numbers the API answers for the same range (read here, not written down); axe-clean,
// in ja and en, and no sideways scrolling at 320 px.
import type { api } from '@kifu/domain';
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';

async function apiInsights(page: Page, period: string, lang: string): Promise<api.ConsoleInsights> {
  const answer = await page.request.get(`/backend/associate/${OWNED}/console/insights/?period=${period}&lang=${lang}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as api.ConsoleInsights;
}

/** Each row of a chart's table, as the digits of its cells after the first (period, method, …). */
async function tableDigits(page: Page, id: string): Promise<string[][]> {
  return page
    .getByTestId(`${id}-table`)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/[^\d]/g, ''))),
    );
}

async function expectTablesToMatch(page: Page, data: api.ConsoleInsights) {
  await expect(page.getByTestId('chart-gifts-table').locator('tbody tr')).toHaveCount(data.gifts.length);
  expect(await tableDigits(page, 'chart-gifts')).toEqual(data.gifts.map((b) => [String(b.count), String(b.amount)]));
  expect(await tableDigits(page, 'chart-methods')).toEqual(data.by_method.map((b) => [String(b.count), String(b.amount)]));
  expect(await tableDigits(page, 'chart-kinds')).toEqual(data.by_kind.map((b) => [String(b.count), String(b.amount)]));
  expect((await tableDigits(page, 'chart-mrr')).map((row) => [row[0], row[2], row[3]])).toEqual(
    data.mrr.map((m) => [String(m.amount), String(m.monthly), String(m.annual)]),
  );
  expect(await tableDigits(page, 'chart-supporters')).toEqual(
    data.supporters.map((b) => [String(b.new), String(b.returning), String(b.anonymous_gifts)]),
  );
  expect((await tableDigits(page, 'chart-cohorts')).map((row) => row[0])).toEqual(data.cohorts.map((c) => String(c.size)));
  expect((await tableDigits(page, 'chart-campaigns')).map((row) => [row[0], row[1]])).toEqual(
    data.campaigns.map((c) => [String(c.raised), String(c.goal)]),
  );
}

for (const { locale, prefix, week, day, title } of [
  { locale: 'ja', prefix: '', week: '週', day: '日', title: 'グラフ' },
  { locale: 'en', prefix: '/en', week: 'Week', day: 'Day', title: 'Charts' },
]) {
  test(`${locale}: hanako reads the seeded year in the overview's charts and regroups it from the keyboard`, async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`, prefix);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const month = await apiInsights(page, 'month', locale);
    expect(month.gifts).toHaveLength(12);
    // The demo seeds three years of gifts: the last twelve months are not empty.
    expect(month.gifts.reduce((sum, b) => sum + b.count, 0)).toBeGreaterThan(0);
    await expect(page.getByTestId('chart-gifts-table').locator('tbody tr')).toHaveCount(12);
    await expectTablesToMatch(page, month);

    // Every chart is a figure with a caption, and its table opens from the keyboard.
    await expect(page.locator('[data-testid="overview-charts"] figure')).toHaveCount(7);
    const numbers = page.getByTestId('chart-gifts').locator('summary');
    await numbers.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chart-gifts-table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Weeks, then days: arrow keys move through the radio group.
    await page.getByTestId('insights-period').getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: week })).toBeChecked();
    await expectTablesToMatch(page, await apiInsights(page, 'week', locale));
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: day })).toBeChecked();
    const days = await apiInsights(page, 'day', locale);
    expect(days.gifts).toHaveLength(31);
    await expectTablesToMatch(page, days);
    expect(await seriousViolations(page)).toEqual([]);

    // At 320 CSS px the charts shrink with the page: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}
