// The address says the language (ADR 039), signing in included: logging in on /en/login without
// `?next=` lands on the English top page, and the campaign dashboard on /en shows the associate's
// and the campaign's English names where they exist (ADR 056).
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, signedInSupporter } from './donate-helpers';
import { demoAccount } from './sign-in-helpers';

for (const { locale, prefix, home } of [
  { locale: 'ja', prefix: '', home: /:\d+\/$/ },
  { locale: 'en', prefix: '/en', home: /\/en$/ },
] as const) {
  test(`logging in on ${prefix}/login without a next page lands on that language's top page (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/login`);
    await page.getByTestId('login-email').fill(demoAccount('kenta').email);
    await page.getByTestId('login-password').fill(demoAccount('kenta').password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(home);
    await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  });
}

const TITLE = { ja: 'こども食堂のために10km走ります', en: 'Running 10 km for children’s cafeterias' };
const ASSOCIATE = { ja: '認定NPO法人 こども食堂ネットワークみらい', en: 'Kodomo Shokudo Network Mirai' };

test("the campaign dashboard shows the campaign's and the associate's names in the page's language", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
  await page.goto('/en/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('kifu-pass-123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();

  const created = await page.request.post('/backend/campaign/', { data: { associate_uid: ASSOCIATE_UID, type: 2, lang: 'en' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const edited = await page.request.patch(`/backend/campaign/${id}/edit/`, { data: { title: TITLE.ja, title_en: TITLE.en, lang: 'en' } });
  expect(edited.status()).toBe(200);

  for (const [prefix, lang] of [
    ['/en', 'en'],
    ['', 'ja'],
  ] as const) {
    await page.goto(`${prefix}/campaign/${id}/dashboard/campaign`);
    await expect(page.getByTestId('dashboard-title')).toHaveText(TITLE[lang]);
    await expect(page.getByTestId('dashboard-associate')).toHaveText(ASSOCIATE[lang]);
  }
});
