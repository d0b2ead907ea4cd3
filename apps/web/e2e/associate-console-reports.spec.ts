// The console's activity reports (/dashboard/{associateUid}/reports, ADR 068) as their writers and
// readers use them: hanako, an owner, writes a report by keyboard in the rich-text editor, saves,
// previews what the API kept, publishes it after a confirmation that says who is mailed, hears how
// many were, and finds it on the public page and in a supporter's mailbox; takumi, a viewer, reads
// but gets no editor; in English, the API's refusal of a report without text is shown at its
// field, and a draft is deleted. Reports published here stay (that is the rule), so the
// assertions are about this spec's own report, whatever other specs published before. axe-clean.
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { mailsTo } from './sandbox-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
/** The viewer of OWNED in the demo data (apps/api/src/seed/data/users.ts), with the demo password. */
const takumi = { email: 'takumi@kifu.example', password: demoAccount('hanako').password };
/**
 * Hanako gives to OWNED every month, the latest charge yesterday (seed-donations.ts), after the
 * demo's newest report of it: so she is among those a new report mails.
 */
const SUPPORTER = demoAccount('hanako').email;

async function press(page: Page, testId: string) {
  await page.getByTestId(testId).focus();
  await page.keyboard.press('Enter');
}

test('hanako writes, previews and publishes an activity report; its supporters are mailed and it is on the public page (ja)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `給食の配送を始めました ${Date.now()}`;
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/reports`);
  await expect(page.getByTestId('console-nav').getByRole('link', { name: '活動報告' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: '活動報告' })).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await press(page, 'report-new');
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/reports/new$`));
  await page.getByLabel('タイトル（日本語）').focus();
  await page.keyboard.type(title);
  // A heading and a paragraph, from the toolbar and the keyboard.
  await page.getByTestId('report-body').focus();
  await press(page, 'report-body-h2');
  await expect(page.getByTestId('report-body-h2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('週2回の配送');
  await page.keyboard.press('Enter');
  await page.keyboard.type('ご寄付で冷蔵車を借り、3か所の食堂に食材を届けています。');
  // No image button: activity reports have no uploads.
  await expect(page.getByTestId('report-body-image')).toHaveCount(0);

  await press(page, 'report-save');
  await expect(page.getByTestId('report-notice')).toHaveText('保存しました。');
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/reports/\\d+$`));
  const reportId = /\/reports\/(\d+)$/.exec(page.url())![1]!;

  // The preview is what the API kept: the heading is a heading, the paragraph a paragraph.
  await press(page, 'report-preview-toggle');
  const preview = page.getByTestId('report-preview');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: '週2回の配送' })).toBeVisible();
  await expect(preview.locator('p', { hasText: '冷蔵車を借り' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Publishing asks first, saying who is mailed and that it is final.
  await press(page, 'report-publish');
  const confirm = page.getByTestId('report-publish-confirm');
  await expect(confirm.getByRole('heading')).toBeFocused();
  await expect(confirm).toContainText('前回の活動報告の公開後に寄付してくださった支援者');
  await expect(confirm).toContainText('非公開に戻すことも、削除することもできません');
  expect(await seriousViolations(page)).toEqual([]);
  await press(page, 'report-publish-submit');
  const notice = page.getByTestId('report-notice').getByRole('status');
  await expect(notice).toHaveText(/^公開しました。\d+人の支援者にメールでお知らせしました。$/);
  const mailed = Number(/(\d+)人/.exec((await notice.textContent()) ?? '')![1]);
  expect(mailed).toBeGreaterThan(0);
  await expect(page.getByTestId('report-publish')).toHaveCount(0);
  await expect(page.getByTestId('report-delete')).toHaveCount(0);

  // A supporter's mail links to the report (the mail worker sends it: wait for it).
  await expect
    .poll(async () => (await mailsTo(request, SUPPORTER)).filter((mail) => mail.text.includes(title)).map((mail) => mail.text), {
      timeout: 60_000,
    })
    .toEqual([expect.stringContaining(`/associate/${OWNED}/activity-report/${reportId}`)]);

  // The list has it published, with its public page.
  await page.getByRole('link', { name: '活動報告の一覧へ戻る' }).click();
  const row = page.locator(`[data-testid="report-row"][data-report-id="${reportId}"]`);
  await expect(row).toHaveAttribute('data-published', 'true');
  await expect(row).toContainText('公開済み');
  await row.getByTestId('report-public-link').click();
  await expect(page).toHaveURL(new RegExp(`/associate/${OWNED}/activity-report/${reportId}$`));
  await expect(page.getByTestId('activity-report-title')).toHaveText(title);
  await expect(page.getByTestId('activity-report-body')).toContainText('冷蔵車を借り');
});

test('takumi, a viewer, reads the reports without any editor (ja)', async ({ page }) => {
  await logIn(page, takumi, `/dashboard/${OWNED}/reports`);
  await expect(page.getByTestId('console-role')).toHaveText('あなたの権限: 閲覧のみ');
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('report-new')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('report-row').first().getByRole('link').first().click();
  await expect(page.getByTestId('report-read-only')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /保存|公開|削除/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/dashboard/${OWNED}/reports/new`);
  await expect(page.getByTestId('report-managers-only')).toHaveText('活動報告を書けるのはオーナーとスタッフだけです。');
});

test('a report is not published without its text, and a draft is deleted after a confirmation (en)', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Draft to delete ${Date.now()}`;
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/reports/new`, '/en');
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();

  // The title is required: said at the field.
  await press(page, 'report-save');
  await expect(page.getByTestId('report-notice')).toHaveText('Please check what you entered.');
  await expect(page.getByLabel('Title (Japanese)')).toBeFocused();
  await expect(page.getByLabel('Title (Japanese)')).toHaveAccessibleDescription('Please fill this in.');

  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-notice')).toHaveText('Saved.');
  await expect(page).toHaveURL(/\/en\/dashboard\/[^/]+\/reports\/\d+$/);
  const reportId = /\/reports\/(\d+)$/.exec(page.url())![1]!;
  expect(await seriousViolations(page)).toEqual([]);

  // The API refuses to publish a report without text: nothing is published, the field says why.
  await press(page, 'report-publish');
  await expect(page.getByTestId('report-publish-confirm')).toContainText('A published report cannot be unpublished or deleted.');
  await press(page, 'report-publish-submit');
  await expect(page.getByTestId('report-notice')).toHaveText('Please check what you entered.');
  await expect(page.getByTestId('report-field-error')).toHaveText('A report is published with its text: please write it.');
  await expect(page.getByTestId('report-publish')).toBeVisible();

  // Deleting asks first; the list no longer has it.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Delete the draft “${title}”? This cannot be undone.`);
    void dialog.accept();
  });
  await press(page, 'report-delete');
  await expect(page).toHaveURL(new RegExp(`/en/dashboard/${OWNED}/reports$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Activity reports' })).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.locator(`[data-testid="report-row"][data-report-id="${reportId}"]`)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
