// The sign-in, sign-up and password recovery forms are in the server's HTML, so a slow phone shows
// them before its scripts have run (ADR 056): with JavaScript off, each page still has its fields.
import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

for (const { locale, prefix, email, password, newPassword } of [
  { locale: 'ja', prefix: '', email: 'メールアドレス', password: 'パスワード', newPassword: '新しいパスワード' },
  { locale: 'en', prefix: '/en', email: 'E-Mail', password: 'Password', newPassword: 'New password' },
] as const) {
  test(`the login, sign-up and recovery forms are on the page before any script runs (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/login?next=${encodeURIComponent(`${prefix}/mypage`)}`);
    await expect(page.getByTestId('login-form').getByLabel(email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('login-form').getByLabel(password, { exact: true })).toBeVisible();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    // The way on to sign-up keeps where the visitor was going.
    await expect(
      page.getByTestId('login-panel').locator(`a[href="${prefix}/signup?next=${encodeURIComponent(`${prefix}/mypage`)}"]`),
    ).toBeVisible();

    await page.goto(`${prefix}/signup`);
    await expect(page.getByTestId('signup-form').getByLabel(email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('signup-form').getByLabel(password, { exact: true })).toBeVisible();
    await expect(page.getByTestId('signup-submit')).toBeVisible();

    await page.goto(`${prefix}/password-recovery`);
    await expect(page.getByTestId('recovery-request-form').getByLabel(email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('recovery-request-submit')).toBeVisible();

    // The mailed link's page asks for the new password straight away.
    await page.goto(`${prefix}/password-recovery?code=any-code`);
    await expect(page.getByTestId('recovery-reset-form').getByLabel(newPassword, { exact: true })).toBeVisible();
  });
}
