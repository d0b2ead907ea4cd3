// Signing up, out and in from the site (spec §2 account routes and user menu, §4 Authentication,
// §8 account messages), in ja and en, against the whole stack: the session is httpOnly cookies
// (ADR 029) and the header's user menu follows the client auth state.
import { expect, test, type Page } from './fixtures';
import { uniqueEmail } from './donate-helpers';
import { closePopupBannersBeforehand } from './popup-banner-helpers';
import { demoAccount, logIn, signUpOverApi } from './sign-in-helpers';

const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;
const PASSWORD = 'kifu-pass-123';

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  return page.getByRole('menu');
}

test('sign up, see the user menu, log out, log in again (ja)', async ({ page, context, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'account');
  // Sign-up ends on the top page: its popup banner is closed beforehand, as a returning visitor has.
  await closePopupBannersBeforehand(page, request);
  await page.goto('/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill('abc');
  await page.getByTestId('signup-submit').click();
  // Spec §5: at least 6 characters, said before anything is sent.
  await expect(page.getByTestId('field-error')).toContainText('6');
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'user_token')).toMatchObject({ httpOnly: true, path: '/' });
  expect(cookies.find((cookie) => cookie.name === 'user_refresh_token')).toMatchObject({ httpOnly: true, path: '/api/oauth' });
  // The page's scripts hold no token.
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(
    cookies.find((cookie) => cookie.name === 'user_token')!.value,
  );

  // The same email again: spec §8 'This E-Mail is already used.'
  const other = await context.browser()!.newContext();
  const second = await other.newPage();
  await second.goto(new URL('/signup', page.url()).toString());
  await second.getByTestId('signup-email').fill(email);
  await second.getByTestId('signup-password').fill(PASSWORD);
  await second.getByTestId('signup-submit').click();
  await expect(second.getByTestId('signup-failure')).toHaveText('このメールアドレスはすでに使用されています。');
  await other.close();

  const menu = await openUserMenu(page);
  // A supporter is not staff: no way to the reward reviews.
  await expect(menu.getByTestId('user-menu-staff-reviews')).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'ログアウトしました。' })).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('user_token');

  // A wrong password: spec §8 invalid_grant. The header's login opens the modal.
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-failure')).toHaveText(
    '入力されたメールアドレスとパスワードに一致するアカウントが見つかりませんでした。',
  );
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
});

test('a page that needs login opens the login modal and shows itself once signed in (en)', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'account-en');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD, locale: 'en' })).status()).toBe(201);

  await page.goto('/en/mypage/account');
  await expect(page.getByTestId('login-required')).toContainText('Please login first to visit this page.');
  // The notice's login opens the login modal in place (spec §2 "Global overlays").
  await page.getByTestId('login-required-login').click();
  await expect(page.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('auth-modal')).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/mypage\/account$/);
  await expect(page.getByTestId('account-settings')).toBeVisible();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
});

test('a session the API no longer knows drops to logged out (a 401, spec §4 step 4)', async ({ page, context, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'account-401');
  expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD })).status()).toBe(201);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();

  // The token is revoked behind the browser's back (e.g. a password reset on another device).
  const token = (await context.cookies()).find((cookie) => cookie.name === 'user_token')!.value;
  expect((await request.post(`${API_URL}/auth/logout/`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);

  await page.goto('/mypage/profile');
  await expect(page.getByTestId('login-required')).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  // The page shows the logged-out state first; the cookie goes with the DELETE /api/session it sends.
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('user_token');
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('kifu-auth') ?? '{}').currentKey)).toBeNull();
});

test('the login modal switches to sign-up and password recovery, and signs up in place (en)', async ({ page, request }, testInfo) => {
  await closePopupBannersBeforehand(page, request);
  await page.goto('/en/explore/associate');
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toHaveAttribute('data-mode', 'login');
  await modal.getByTestId('auth-modal-to-recovery').click();
  await expect(modal).toHaveAttribute('data-mode', 'recovery');
  await expect(modal.getByTestId('recovery-request-form')).toBeVisible();
  await modal.getByTestId('auth-modal-to-login').click();
  await modal.getByTestId('auth-modal-to-signup').click();
  await expect(modal).toHaveAttribute('data-mode', 'signup');
  await modal.getByTestId('signup-email').fill(uniqueEmail(testInfo, 'modal'));
  await modal.getByTestId('signup-password').fill(PASSWORD);
  await modal.getByTestId('signup-submit').click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/explore\/associate$/);
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
});

for (const { prefix, item, heading } of [
  { prefix: '', item: 'Kifuスタッフ', heading: 'Kifuスタッフ' },
  { prefix: '/en', item: 'Kifu staff', heading: 'Kifu staff' },
])
  test(`Kifu's staff reach their hub from their menu (${prefix || '/ja'})`, async ({ page }) => {
    await logIn(page, demoAccount('sho'), '/mypage/account', prefix);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/staff$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
