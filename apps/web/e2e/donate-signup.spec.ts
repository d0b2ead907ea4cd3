// A guest signs up at confirmation while giving by card (spec §4 "Card path for a guest": with a
// password, sign up, log in, register the card on the new user and give with its token). After
// Done, the session cookie (spec §9: user_token, httpOnly, 60 days) signs the browser in.
import { expect, test } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';

test.describe('donate with sign-up', () => {
  test('a guest enters a password, gives 3,000 yen by card with 3-D Secure and is signed in', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'signup');
    await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await goNext(page, 'payment');
    await fillSupporter(page, { email, card: TEST_CARDS.success });
    await goNext(page, 'confirmation');

    await expect(page.getByTestId('signup-section')).toBeVisible();
    await page.locator('#donate-password').fill('kifu-pass-123');
    await snapshot(page, testInfo, '1-confirm-with-password');

    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && (url.pathname.startsWith('/backend/') || url.pathname === '/api/session'))
        requests.push(url.pathname);
    });
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('done-title')).toHaveText('ご支援ありがとうございます');
    await snapshot(page, testInfo, '2-done');

    // Signup, then login, then the session, the card on the user and the gift (no guest customer).
    const flow = requests.filter((path) => /\/auth\/|\/api\/session|\/payment\/|^\/backend\/donation\/$/.test(path));
    expect(flow).toEqual([
      '/backend/auth/register',
      '/backend/auth/oauth/token/',
      '/api/session',
      '/backend/payment/credit',
      '/backend/donation/',
    ]);

    const cookie = (await context.cookies(baseURL)).find((entry) => entry.name === 'user_token');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60);

    // A second visit with the cookie is signed in as the new account.
    const me = await page.request.get('/backend/user/me/');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email });
  });
});
