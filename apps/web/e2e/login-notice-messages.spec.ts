// The login notice of pages that need login reads 「ログイン」 / "Log in" everywhere, not the raw key
// `nav.login`: pages that give their client components messages of their own add them to the root
// layout's (ADR 056). The fixtures also fail each of these tests when a page logs that a message is
// missing, which catches the keys this test does not read.
import { expect, test } from './fixtures';

const ASSOCIATE_UID = 'kodomo-shokudo-mirai';
/** Any campaign id: the notice comes before the campaign is read. */
const CAMPAIGN = 1;

const ROUTES = [
  ...['campaign', 'campaign/setting', 'campaign/content', 'campaign/body', 'campaign/reward', 'campaign/check', 'report', 'message'].map(
    (section) => `/campaign/${CAMPAIGN}/dashboard/${section}`,
  ),
  `/associate/${ASSOCIATE_UID}/create-campaign`,
  `/associate/${ASSOCIATE_UID}/create-campaign/2`,
  `/campaign/${CAMPAIGN}/create-support-funding/1`,
  '/staff/reward-checks',
  '/mypage/campaigns',
  '/mypage/support-history/1/receipt-pdf',
  '/mypage/support-history',
  '/mypage/recurring-support',
  '/mypage/credit-card',
  '/mypage/profile',
  '/receipt-zip/download',
];

for (const { locale, prefix, login } of [
  { locale: 'ja', prefix: '', login: 'ログイン' },
  { locale: 'en', prefix: '/en', login: 'Log in' },
] as const) {
  test(`the login notice's button reads ${login} on every page that needs login (${locale})`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const route of ROUTES) {
      await page.goto(`${prefix}${route}`);
      const button = page.getByTestId('login-required-login');
      await expect(button, route).toHaveText(login);
      await expect(page.getByTestId('login-required'), route).not.toContainText(/\b(nav|auth|dashboard|history)\.[a-zA-Z]+/);
    }
  });
}
