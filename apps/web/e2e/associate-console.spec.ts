// The organisation console (/dashboard/{associateUid}, ADR 060) as its members use it: hanako, an
// owner of one associate and staff of another, reaches it from her user menu, reads the gifts,
// narrows them with the keyboard, opens a gift, and (as owner only) the audit log; a supporter who
// is no member is told the console is not theirs. axe-clean, in ja and en.
import { seriousViolations } from './axe-helpers';
import { expect, test, type Page } from './fixtures';
import { linkInMails } from './sandbox-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = 'kodomo-shokudo-mirai';
const STAFFED = 'manabi-no-tane';

async function openConsoleFromMenu(page: Page, associateName: RegExp) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu-console').filter({ hasText: associateName }).click();
}

test('hanako opens her organisation’s console from the user menu and works through its gifts with the keyboard (ja)', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('hanako'), '/mypage');
  await openConsoleFromMenu(page, /こども食堂/);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}$`));
  await expect(page.getByTestId('console-role')).toHaveText('あなたの権限: オーナー');
  await expect(page.getByTestId('overview-this-month')).toBeVisible();
  await expect(page.getByTestId('gift-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('console-nav').getByRole('link', { name: '寄付', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/gifts$`));
  await expect(page.getByTestId('gift-count')).toContainText('件');

  // Card gifts only, chosen and applied from the keyboard: every row then says so.
  await page.getByLabel('支払い方法').focus();
  await page.getByLabel('支払い方法').selectOption('creditCard');
  await page.getByTestId('gift-filters-apply').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/method=creditCard/);
  const methods = page.getByTestId('gift-row').locator('td:nth-child(6)');
  await expect.poll(async () => [...new Set(await methods.allTextContents())]).toEqual(['クレジットカード']);
  expect(await seriousViolations(page)).toEqual([]);

  // The filtered list survives a reload: the filters are in the address.
  await page.reload();
  await expect(page.getByLabel('支払い方法')).toHaveValue('creditCard');
});

test('hanako opens a gift from the table, then the audit log her role allows (ja)', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/gifts`);
  // A gift's page, opened from its date.
  const first = page.getByTestId('gift-row').first();
  const id = await first.getAttribute('data-gift-id');
  await first.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/gifts/${id}$`));
  await expect(page.getByTestId('console-gift')).toContainText(`寄付 #${id}`);
  await expect(page.getByTestId('gift-timeline').locator('li').first()).toHaveAttribute('data-event', 'created');
  expect(await seriousViolations(page)).toEqual([]);

  // The owner reads the audit log.
  await page.getByTestId('console-nav').getByRole('link', { name: '操作記録' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '操作記録' })).toBeVisible();
  await expect(page.getByTestId('audit-empty').or(page.getByTestId('audit-table'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('as staff of another associate, hanako sees its gifts but not its audit log (en)', async ({ page }) => {
  await logIn(page, demoAccount('hanako'), `/dashboard/${STAFFED}`, '/en');
  await expect(page.getByTestId('console-role')).toHaveText('Your role: Staff');
  await expect(page.getByTestId('console-nav').getByRole('link')).toHaveText([
    'Overview',
    'Gifts',
    'Supporters',
    'Recurring support',
    'Donor register',
    'Public support test',
    'External gifts',
    'Receipts',
    'Statements',
    'Activity reports',
    "Supporters' campaigns",
    'Organisation page',
    'Settings',
  ]);
  await page.goto(`/en/dashboard/${STAFFED}/audit`);
  await expect(page.getByTestId('audit-owners-only')).toHaveText('Only owners can read the audit log.');
  await page.goto(`/en/dashboard/${STAFFED}/gifts?status=paid`);
  await expect(page.getByTestId('gift-count')).toContainText('gifts');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a supporter who is no member finds nothing of the associate there', async ({ page, newSupporter }) => {
  await logIn(page, newSupporter, `/dashboard/${OWNED}/gifts`);
  await expect(page.getByTestId('console-not-member')).toContainText('権限がありません');
  await expect(page.getByTestId('gift-table')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a signed-out visitor is asked to log in and comes back to the console', async ({ page }) => {
  await page.goto(`/dashboard/${OWNED}`);
  await expect(page.getByTestId('login-required')).toBeVisible();
  // Its login link (a modal in place, or /login in a new tab) comes back here.
  await expect(page.getByTestId('login-required-login')).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/dashboard/${OWNED}`)}`,
  );
  await expect(page.getByTestId('console-associate')).toHaveCount(0);
});

test('hanako downloads last fiscal year’s donor register as CSV; the audit log records it (ja)', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  await page.getByTestId('console-nav').getByRole('link', { name: '寄附者名簿' }).click();
  // The register opens on the last finished fiscal year, the one that is due.
  await expect(page).toHaveURL(new RegExp(`/dashboard/${OWNED}/donor-register/\\d{4}$`));
  await expect(page.getByTestId('register-label')).toContainText('年度');
  await expect(page.getByTestId('register-summary')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('register-csv').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^donor-register-${OWNED}-\\d{4}\\.csv$`));
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.split('\r\n')[0]).toBe('\uFEFF氏名又は名称,住所,寄附金額,受領年月日');

  // Other specs refund, reissue and export in parallel: the register's row is among the newest, not always first.
  await page.getByTestId('console-nav').getByRole('link', { name: '操作記録' }).click();
  await expect(page.getByTestId('audit-row').filter({ hasText: '寄附者名簿の出力' }).first()).toBeVisible();
});

test('hanako reads her organisation’s supporters and keeps those with recurring support (en)', async ({ page }) => {
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/supporters`, '/en');
  await expect(page.getByTestId('supporter-count')).toContainText('supporters');
  await expect(page.getByTestId('supporter-row').first()).toBeVisible();
  await page.getByLabel('Recurring supporters only').check();
  await page.getByTestId('supporter-filters-apply').click();
  await expect(page).toHaveURL(/recurring=true/);
  await expect(page.getByLabel('Recurring supporters only')).toBeChecked();
  // Every row left has running recurring support (or the list says none match).
  const rows = page.getByTestId('supporter-row');
  await expect
    .poll(async () => (await rows.locator('td:nth-child(8)').allTextContents()).every((cell) => /Monthly|Annual/.test(cell)))
    .toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an owner invites a supporter by e-mail; the mailed link, opened signed in as them, joins them as a viewer (ja)', async ({
  page,
  browser,
  request,
  newSupporter,
}) => {
  test.setTimeout(150_000);
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/members`);
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('メールアドレス').fill(newSupporter.email);
  await page.getByTestId('invite-form').getByLabel('権限').selectOption('viewer');
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('members-notice')).toContainText(`${newSupporter.email}に招待メールを送りました。`);
  await expect(page.getByTestId('invitation-row').filter({ hasText: newSupporter.email })).toContainText('閲覧のみ');

  // The mail goes out through the job worker: wait for it.
  const invitationLink = () => linkInMails(request, newSupporter.email, /https?:\/\/\S+\/dashboard\/invitation\?code=[\w-]+/);
  await expect.poll(invitationLink, { timeout: 30_000 }).not.toBe('');
  const link = await invitationLink();
  const invitee = await browser.newContext({ locale: 'ja-JP' });
  const inviteePage = await invitee.newPage();
  const { pathname, search } = new URL(link);
  await logIn(inviteePage, newSupporter, `${pathname}${search}`);
  await expect(inviteePage.getByTestId('invitation')).toContainText('閲覧のみ');
  expect(await seriousViolations(inviteePage)).toEqual([]);
  await inviteePage.getByTestId('invitation-accept').click();
  await expect(inviteePage).toHaveURL(new RegExp(`/dashboard/${OWNED}$`));
  await expect(inviteePage.getByTestId('console-role')).toHaveText('あなたの権限: 閲覧のみ');
  await invitee.close();

  await page.reload();
  await expect(page.getByTestId('member-row').filter({ hasText: newSupporter.email })).toBeVisible();
});
