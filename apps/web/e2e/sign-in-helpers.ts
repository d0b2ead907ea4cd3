// Signing in as a person does, through /login: the site keeps its session record in the browser
// (ADR 029), which a cookie set from outside would not give it.
import { API_ERROR_MESSAGES } from '@kifu/domain';
import { BOT_CHECK_ACTION } from '@kifu/domain/constants';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts of apps/api/src/seed/data/users.ts (`<key>@kifu.example`, the README's password). */
export const demoAccount = (key: 'hanako' | 'kenta' | 'yumi' | 'sho') => ({ email: `${key}@kifu.example`, password: 'kifu-demo-2026' });

/** Logs in on /login and lands on `next` (a path without the locale prefix; `prefix` adds it). */
export async function logIn(page: Page, account: { email: string; password: string }, next: string, prefix = ''): Promise<void> {
  const target = new RegExp(`${prefix}${next.replace(/[?]/g, '\\?')}$`);
  await page.goto(`${prefix}/login?next=${encodeURIComponent(`${prefix}${next}`)}`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  // Many specs sign the same demo account in from one address: past the API's ten logins a minute
  // per address and account (TOKEN_RATE_LIMIT_MAX, the limit working as meant), wait for its
  // minute to pass and press again, as a person would.
  const limited = page
    .getByRole('alert')
    .filter({ hasText: RATE_LIMITED.ja })
    .or(page.getByRole('alert').filter({ hasText: RATE_LIMITED.en }));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByTestId('login-submit').click();
    const outcome = await Promise.race([
      page.waitForURL(target, { timeout: 15_000 }).then(
        () => 'in',
        () => 'unknown',
      ),
      limited
        .first()
        .waitFor({ timeout: 15_000 })
        .then(
          () => 'limited',
          () => 'unknown',
        ),
    ]);
    if (outcome !== 'limited') break;
    await page.waitForTimeout(61_000);
  }
  await expect(page).toHaveURL(target);
}

const RATE_LIMITED = API_ERROR_MESSAGES.rate_limited;

const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '4110'}`;

/** A token of the sandbox's bot check, as its script in the browser gets one for the sign-up form. */
export async function botCheckToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${SANDBOX_URL}/recaptcha/api/token`, {
    data: { siteKey: SANDBOX_CREDENTIALS.botCheck.siteKey, action: BOT_CHECK_ACTION },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Signs up over the API (`url`: its /auth/register, directly or through the web's /backend) with a
 * bot-check token, which signup needs as a donation does (ADR 056); answers the API's answer.
 */
export async function signUpOverApi(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  return request.post(url, { data: { ...data, recaptcha_token: await botCheckToken(request) } });
}
