// Password recovery through the mailbox (ADR 031): the visitor asks for the mail on the site, the
// test reads it from the sandbox's mailbox as the supporter's mail client would, follows its link,
// sets a new password and logs in with it.
import { expect, test } from './fixtures';
import { uniqueEmail } from './donate-helpers';
import { signUpOverApi } from './sign-in-helpers';

const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;
const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '4110'}`;

for (const locale of ['ja', 'en'] as const) {
  test(`a forgotten password is reset through the mailed link (${locale})`, async ({ page, request }, testInfo) => {
    const prefix = locale === 'en' ? '/en' : '';
    const email = uniqueEmail(testInfo, `recovery-${locale}`);
    expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: 'old-pass-123', locale })).status()).toBe(201);

    await page.goto(`${prefix}/login`);
    await page.getByRole('link', { name: locale === 'ja' ? 'パスワードをお忘れの方' : 'Forgot your password?' }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/password-recovery$`));
    await page.getByTestId('recovery-request-input').fill(email);
    await page.getByTestId('recovery-request-submit').click();
    await expect(page.getByTestId('recovery-sent')).toBeVisible();

    // The mail worker delivers it to the sandbox mailbox within a few polls.
    let link = '';
    await expect
      .poll(async () => {
        const { messages } = (await (await request.get(`${SANDBOX_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
          messages: { subject: string; text: string }[];
        };
        const mail = messages.find((message) => message.subject === (locale === 'ja' ? 'パスワード再設定のご案内' : 'Reset your password'));
        link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .toContain('/password-recovery?code=');

    await page.goto(link);
    await page.getByTestId('recovery-reset-input').fill('abc');
    await page.getByTestId('recovery-reset-submit').click();
    await expect(page.getByTestId('field-error')).toContainText('6');
    await page.getByTestId('recovery-reset-input').fill('new-pass-456');
    await page.getByTestId('recovery-reset-submit').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));

    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('new-pass-456');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('user-menu-trigger')).toBeVisible();

    // The link works once.
    await page.goto(link);
    await page.getByTestId('recovery-reset-input').fill('third-pass-789');
    await page.getByTestId('recovery-reset-submit').click();
    await expect(page.getByTestId('recovery-failure')).toContainText(locale === 'ja' ? '無効' : 'not valid');
  });
}
