// Social login through the sandbox's OpenID Connect provider, "Kifu ID" (spec §7, §8; ADR 032):
// its sign-in and consent pages in the browser, and back to the site signed in — or told that
// sign-up through it is no longer available.
import { expect, test, type Page } from './fixtures';

async function signInAtKifuId(page: Page, account: string) {
  await page.getByTestId('social-login').click();
  await expect(page).toHaveTitle(/Kifu ID/);
  await page.getByLabel('アカウント / Account').fill(account);
  await page.getByLabel('パスワード / Password').fill('anything');
  await page.getByRole('button', { name: 'ログイン / Sign in' }).click();
  await page.getByRole('button', { name: '許可する / Allow' }).click();
}

test('a linked Kifu ID account logs in as its Kifu user and comes back where it started (ja)', async ({ page }) => {
  await page.goto('/login?next=%2Fmypage%2Fprofile');
  await signInAtKifuId(page, 'linked@kifu-id.example');
  await expect(page).toHaveURL(/\/mypage\/profile$/);
  await expect(page.getByTestId('profile-nickname')).toHaveValue('はなこ');
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
});

test('an account linked to nobody is told sign-up through it is no longer available (en)', async ({ page }) => {
  await page.goto('/en/login');
  await signInAtKifuId(page, 'new@kifu-id.example');
  await expect(page).toHaveURL(/\/en\/login\?/);
  await expect(page.getByTestId('social-login-failure')).toHaveText(
    'Sign-up with a social network account is no longer available. Please sign up with your e-mail address.',
  );
  await expect(page.getByTestId('login-button')).toBeVisible();
});

test('an account that gives no e-mail is asked to check the permission (ja)', async ({ page }) => {
  await page.goto('/login');
  await signInAtKifuId(page, 'noemail');
  await expect(page.getByTestId('social-login-failure')).toHaveText(
    'アカウントからメールアドレスを取得できませんでした。許可した権限をご確認ください。',
  );
});
