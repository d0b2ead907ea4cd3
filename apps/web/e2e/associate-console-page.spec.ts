// The console's page editor (/dashboard/{associateUid}/page, ADR 067) as its users meet it, by
// keyboard only: hanako, an owner, changes her organisation's catch copy in Japanese only, is told
// beside the field that the English was not updated, previews the public page with the unsaved
// text in either language, saves (the warning is repeated), and the public page shows it; the
// spec puts the old catch copy back. Takumi, a viewer, reads the form but cannot change it. In
// English, a website address the API refuses is named at its field and nothing is saved. axe-clean.
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
/** The viewer of OWNED in the demo data (apps/api/src/seed/data/users.ts), with the demo password. */
const takumi = { email: 'takumi@kifu.example', password: demoAccount('hanako').password };

async function press(page: Page, testId: string) {
  await page.getByTestId(testId).focus();
  await page.keyboard.press('Enter');
}

/** Replaces a control's text by keyboard. */
async function retype(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  if (text) await page.keyboard.type(text);
}

async function save(page: Page) {
  await page.getByRole('button', { name: /^(保存する|Save)$/ }).focus();
  await page.keyboard.press('Enter');
}

test('hanako changes the catch copy in Japanese only: warned, previewed, saved, shown on the public page (ja)', async ({ page }) => {
  test.setTimeout(180_000);
  const catchCopy = `毎日の食卓に、地域のぬくもりを ${Date.now()}`;
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/page`);
  await expect(page.getByTestId('console-nav').getByRole('link', { name: '団体ページの編集' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: '団体ページの編集' })).toBeVisible();
  const ja = page.getByLabel('キャッチコピー（日本語）', { exact: true });
  const en = page.getByLabel('キャッチコピー（英語）', { exact: true });
  const original = await ja.inputValue();
  const originalEn = await en.inputValue();
  expect(original).not.toBe('');
  await expect(page.getByTestId('page-warning-catch_copy')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  try {
    await retype(page, 'キャッチコピー（日本語）', catchCopy);
    // Told beside the field, and read out with the English control it concerns.
    await expect(page.getByTestId('page-warning-catch_copy')).toHaveText('英語が更新されていません。日本語だけが変更されています。');
    await expect(en).toHaveAccessibleDescription('英語が更新されていません。日本語だけが変更されています。');

    // The preview shows the unsaved text; in English, the English catch copy still stands.
    await page.getByRole('button', { name: 'プレビュー', exact: true }).focus();
    await page.keyboard.press('Enter');
    const preview = page.getByTestId('page-preview');
    await expect(preview.getByRole('heading', { name: '公開ページのプレビュー（未保存）' })).toBeFocused();
    await expect(preview.getByTestId('preview-catch-copy')).toHaveText(catchCopy);
    await preview.getByRole('button', { name: '英語' }).focus();
    await page.keyboard.press('Enter');
    await expect(preview.getByRole('button', { name: '英語' })).toHaveAttribute('aria-pressed', 'true');
    await expect(preview.getByTestId('preview-catch-copy')).toHaveText(originalEn || catchCopy);
    expect(await seriousViolations(page)).toEqual([]);

    await save(page);
    const notice = page.getByTestId('page-notice').getByRole('status');
    await expect(notice).toContainText('保存しました。公開ページに反映されています。ただし、次の項目は片方の言語だけが変更されています。');
    await expect(notice.getByRole('listitem')).toHaveText(['キャッチコピー：英語が更新されていません']);
    expect(await seriousViolations(page)).toEqual([]);

    // The public page has it at once (its cached copy is refreshed by the save).
    await notice.getByRole('link', { name: '公開ページを見る' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/associate/${OWNED}$`));
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('associate-header')).toContainText(catchCopy, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    // Leave the demo organisation as it was for the other specs.
    await page.goto(`/dashboard/${OWNED}/page`);
    await retype(page, 'キャッチコピー（日本語）', original);
    await save(page);
    await expect(page.getByTestId('page-notice').getByRole('status')).toBeVisible();
  }
});

test('takumi, a viewer, reads the page texts and previews them, but cannot change them (ja)', async ({ page }) => {
  await logIn(page, takumi, `/dashboard/${OWNED}/page`);
  await expect(page.getByTestId('page-read-only')).toHaveText(
    '閲覧のみの権限では、団体ページを変更できません。内容の確認とプレビューはできます。',
  );
  await expect(page.getByLabel('団体名（日本語）', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('page-save')).toHaveCount(0);
  await press(page, 'page-preview-toggle');
  await expect(page.getByTestId('preview-name')).not.toBeEmpty();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a website address the API refuses is named at its field, and nothing is saved (en)', async ({ page }) => {
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/page`, '/en');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation page' })).toBeVisible();
  const website = page.getByLabel('Website URL', { exact: true });
  const before = await website.inputValue();
  await retype(page, 'Website URL', 'kodomo shokudo');
  await save(page);
  await expect(page.getByTestId('page-notice').getByRole('alert')).toHaveText(
    'It could not be saved. Please check the fields marked in red.',
  );
  await expect(website).toBeFocused();
  await expect(website).toHaveAccessibleDescription('Website URL is in an invalid format.');
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByLabel('Website URL', { exact: true })).toHaveValue(before);
});
