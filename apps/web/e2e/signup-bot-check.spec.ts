// Signing up passes the bot check, as a donation does (ADR 056): the form gets a token from the
// bot check's script and the API verifies it. A person signs up as before, on /signup and in the
// login modal; a browser the check takes for a bot is refused with its message and no account.
import { expect, test, type Page } from './fixtures';
import { uniqueEmail } from './donate-helpers';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

const PASSWORD = 'kifu-pass-123';
const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;

/** The bodies the page sends to the web's sign-up route. */
function signupBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/oauth/signup') bodies.push(request.postDataJSON());
  });
  return bodies;
}

for (const { locale, prefix, refused } of [
  { locale: 'ja', prefix: '', refused: '機械的な操作が検出されました。' },
  { locale: 'en', prefix: '/en', refused: 'Mechanical operation detected.' },
] as const) {
  test(`a person signs up on the sign-up page with a bot-check token (${locale})`, async ({ page }, testInfo) => {
    const bodies = signupBodies(page);
    const email = uniqueEmail(testInfo, `signup-check-${locale}`);
    await page.goto(`${prefix}/signup`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
    await expect(page).toHaveURL(locale === 'en' ? /\/en$/ : /:\d+\/$/);
    expect(bodies).toEqual([expect.objectContaining({ email, recaptcha_token: expect.stringMatching(/.+/) })]);
  });

  test(`a browser the bot check scores as a bot is refused, and no account is made (${locale})`, async ({ page, request }, testInfo) => {
    // This page's tokens only (the sandbox's setting would reach every other test): a bot's score.
    await page.route('**/recaptcha/api/token', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), score: 0.1 }) }),
    );
    const email = uniqueEmail(testInfo, `signup-bot-${locale}`);
    await page.goto(`${prefix}/signup`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-failure')).toHaveText(refused);
    await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0);
    // Nobody signs in with it: the account was never made.
    const login = await request.post(`${API_URL}/auth/oauth/token/`, {
      data: { grant_type: 'password', username: email, password: PASSWORD },
    });
    expect(login.status()).toBe(400);
  });
}

test('a person signs up in the login modal with a bot-check token (ja)', async ({ page, request }, testInfo) => {
  await closePopupBannersBeforehand(page, request);
  const bodies = signupBodies(page);
  const email = uniqueEmail(testInfo, 'signup-modal-ja');
  await page.goto('/explore/associate');
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('auth-modal');
  await modal.getByTestId('auth-modal-to-signup').click();
  await modal.getByTestId('signup-email').fill(email);
  await modal.getByTestId('signup-password').fill(PASSWORD);
  await modal.getByTestId('signup-submit').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
  expect(bodies).toEqual([expect.objectContaining({ email, recaptcha_token: expect.stringMatching(/.+/) })]);
});
