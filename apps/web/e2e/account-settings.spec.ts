// /mypage/account (ADR 031): the email changes, given the current password, through the link mailed
// to the new address (read from the sandbox mailbox), and the old address's link can put it back
// (ADR 055); the password changes given the current one, and the notification preference is kept.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ASSOCIATE_UID, chooseAmount, fillProfileBlock, goNext, openDonateForm, uniqueEmail } from './donate-helpers';
import { signUpOverApi } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;
const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '4110'}`;
const PASSWORD = 'kifu-pass-123';
/** A 1×1 PNG: the API scales it to 512×512. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function logIn(page: Page, prefix: string, email: string, password = PASSWORD) {
  await page.goto(`${prefix}/login?next=${encodeURIComponent(`${prefix}/mypage/account`)}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-settings')).toBeVisible();
}

/** The link in the mail with `subject` to `address`, once the sandbox mailbox has it. */
async function mailedLink(request: APIRequestContext, address: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`${SANDBOX_URL}/mailbox/api/messages?to=${encodeURIComponent(address)}`)).json()) as {
        messages: { subject: string; text: string }[];
      };
      link = /https?:\/\/\S+/.exec(messages.find((message) => message.subject === subject)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Asks for an e-mail change as ADR 055 wants it: refused without the password and with a wrong one, then sent. */
async function askForEmailChange(page: Page, newEmail: string, refusals: { required: string; wrong: string }) {
  await page.getByTestId('new-email').fill(newEmail);
  await page.getByTestId('email-change-submit').click();
  await expect(page.getByTestId('field-error')).toHaveText(refusals.required);
  await page.getByTestId('email-change-password').fill('not-it');
  await page.getByTestId('email-change-submit').click();
  await expect(page.getByTestId('field-error')).toHaveText(refusals.wrong);
  await expect(page.getByTestId('email-change-sent')).toHaveCount(0);
  await page.getByTestId('email-change-password').fill(PASSWORD);
  await page.getByTestId('email-change-submit').click();
  await expect(page.getByTestId('email-change-sent')).toContainText(newEmail);
}

const logsIn = async (request: APIRequestContext, username: string, password: string) =>
  (await request.post(`${API_URL}/auth/oauth/token/`, { form: { grant_type: 'password', username, password } })).status() === 200;

test('changes the email through the mailed link, then the password and the notifications (en)', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'settings');
  const newEmail = uniqueEmail(testInfo, 'settings-new');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD, locale: 'en' })).status()).toBe(201);
  await logIn(page, '/en', email);
  await expect(page.getByTestId('current-email')).toHaveText(email);

  await askForEmailChange(page, newEmail, { required: 'Current password is required.', wrong: 'The current password is not correct.' });
  await expect(page.getByTestId('current-email')).toHaveText(email);

  const link = await mailedLink(request, newEmail, 'Confirm your new e-mail address');
  expect(link).toContain('/en/mypage/account?email_code=');
  await page.goto(link);
  await expect(page.getByTestId('email-changed')).toContainText(newEmail);
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
  expect(page.url()).not.toContain('email_code');

  await page.getByTestId('current-password').fill('not-it');
  await page.getByTestId('new-password').fill('next-pass-456');
  await page.getByTestId('password-change-submit').click();
  await expect(page.getByTestId('field-error')).toHaveText('The current password is not correct.');
  await page.getByTestId('current-password').fill(PASSWORD);
  await page.getByTestId('password-change-submit').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your password was changed.' })).toBeVisible();

  await page.getByLabel('Do not receive').check();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your notification preference was saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Do not receive')).toBeChecked();

  // The new address and the new password sign in.
  expect(await logsIn(request, newEmail, 'next-pass-456')).toBe(true);

  // The old address was told, in English, with a link that puts it back and logs every device out.
  const undo = await mailedLink(request, email, 'Your e-mail address was changed');
  expect(undo).toContain('/en/email-change/undo?code=');
  await page.goto(undo);
  await expect(page.getByRole('heading', { name: 'Put your e-mail address back' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('email-undo-submit').click();
  await expect(page.getByTestId('email-undo-done')).toContainText(`Your e-mail address is ${email} again`);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await logsIn(request, email, 'next-pass-456')).toBe(true);
  expect(await logsIn(request, newEmail, 'next-pass-456')).toBe(false);
});

test('asks for the password before an e-mail change; the link mailed to the old address puts it back once (ja)', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'undo');
  const newEmail = uniqueEmail(testInfo, 'undo-new');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD })).status()).toBe(201);
  await logIn(page, '', email);
  await askForEmailChange(page, newEmail, { required: '現在のパスワードは必須です。', wrong: '現在のパスワードが正しくありません。' });
  await page.goto(await mailedLink(request, newEmail, 'メールアドレス変更の確認'));
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);

  const undo = await mailedLink(request, email, 'メールアドレスが変更されました');
  expect(new URL(undo).pathname).toBe('/email-change/undo');
  await page.goto(undo);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('email-undo-submit').click();
  await expect(page.getByTestId('email-undo-done')).toContainText(`メールアドレスを ${email} に戻し、すべての端末からログアウトしました。`);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId('email-undo-reset-password')).toHaveAttribute('href', '/password-recovery');
  // This browser's session ended too.
  await page.goto('/mypage/account');
  await expect(page.getByTestId('login-required-login')).toBeVisible();
  expect(await logsIn(request, email, PASSWORD)).toBe(true);
  // Once only.
  await page.goto(undo);
  await page.getByTestId('email-undo-submit').click();
  await expect(page.getByTestId('email-undo-failure')).toHaveText('このリンクは無効か、すでに使われたか、有効期限が切れています。');
});

test('saves the public profile: nickname, About me, SNS ids, within the lengths of spec §5 (ja)', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'profile');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD })).status()).toBe(201);
  await logIn(page, '', email);
  await page.goto('/mypage/profile');
  await page.getByTestId('profile-nickname').fill('あ'.repeat(31));
  await page.getByTestId('profile-submit').click();
  await expect(page.getByTestId('field-error')).toContainText('30');
  await page.getByTestId('profile-nickname').fill('はなこ');
  await page.getByTestId('profile-description').fill('子どもの居場所づくりを応援しています。');
  await page.getByTestId('profile-sns_id_twitter').fill('hanako_k');
  await page.getByTestId('profile-submit').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'プロフィールを保存しました。' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-nickname')).toHaveValue('はなこ');
  await expect(page.getByTestId('profile-sns_id_twitter')).toHaveValue('hanako_k');
  // The header's user menu shows the nickname now.
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByRole('menu')).toContainText('はなこ');
  await page.keyboard.press('Escape');

  // A profile image: not an image is refused in the page, a PNG is stored and shown (the API makes it a 512×512 WebP).
  await page.getByTestId('avatar-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('avatar-error')).toHaveText('JPEG、PNG、WebP、GIFの画像を選んでください。');
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  const image = page.getByTestId('avatar-image');
  await expect(image).toHaveAttribute('src', /\/backend\/media\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(512);
  await page.reload();
  await expect(page.getByTestId('user-menu-trigger').locator('img')).toHaveAttribute('src', /\/uploads\/avatars\//);
  await page.getByTestId('avatar-delete').click();
  await expect(page.getByTestId('avatar-image')).toHaveCount(0);
});

test('saves the name and address with the donation form profile block, and the next gift is prefilled with them (ja)', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'private-profile');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD })).status()).toBe(201);
  await logIn(page, '', email);
  await page.goto('/mypage/profile');
  const block = page.getByTestId('private-profile');
  await expect(block).toBeVisible();
  await block.getByTestId('private-profile-submit').click();
  // The same rules as the donation form: names are required.
  await expect(block.getByTestId('field-error').first()).toBeVisible();
  // The same block as the donation form: the postal lookup fills the prefecture and the city.
  await fillProfileBlock(page);
  await block.getByTestId('private-profile-submit').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'お名前・ご住所を保存しました。' })).toBeVisible();
  await page.reload();
  await expect(page.locator('#donate-last-name')).toHaveValue('山田');
  await expect(page.locator('#donate-city')).toHaveValue(/千代田区/);

  // The donation form of this signed-in supporter starts from it.
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
  await goNext(page, 'payment');
  await expect(page.locator('#donate-last-name')).toHaveValue('山田');
  await expect(page.locator('#donate-street')).toHaveValue('千代田1-1');
});
