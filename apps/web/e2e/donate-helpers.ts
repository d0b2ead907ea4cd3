// Shared steps of the browser specs that give (donate-*.spec.ts and my page's): fill the form as a
// guest or give through it start to end, save a screenshot of each step as a test artifact, and
// pass the sandbox bank's 3-D Secure page.
import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { cardGatewayAuth, SANDBOX_URL } from './sandbox-helpers';
import { signUpOverApi } from './sign-in-helpers';

export const ASSOCIATE_UID = 'kodomo-shokudo-mirai';

export const TEST_CARDS = {
  success: '4242424242424242',
  insufficientFunds: '4111111111140011',
} as const;

/** A fresh address per test, so the duplicate check (same associate and email, 10 minutes) only fires where a test wants it. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `e2e-${tag}-${testInfo.workerIndex}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A full-page screenshot kept as a file in the test's output folder (test-results/…) and attached to the report. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  try {
    await page.screenshot({ path, fullPage: true });
  } catch (error) {
    // Chromium cannot capture a page that is just navigating (a provider's redirect right after a
    // click): take it again once the next page has loaded; a second failure is a real one.
    if (!/Unable to capture screenshot/.test(String(error))) throw error;
    await page.waitForLoadState('load');
    await page.screenshot({ path, fullPage: true });
  }
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export async function openDonateForm(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.getByTestId('donate-form')).toHaveAttribute('data-phase', 'ready');
  return response;
}

/** Content-Security-Policy violations reported on our own pages (not on the sandbox bank's). */
export function watchCspViolations(page: Page, baseURL: string | undefined): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()) && baseURL && page.url().startsWith(baseURL)) violations.push(message.text());
  });
  return violations;
}

export interface AmountChoice {
  method?: 'creditCard' | 'walletPay' | 'bankTransfer';
  frequency?: 'single' | 'monthly';
  /** A preset button's text ('3,000円', '¥3,000') or undefined to type `amount`. */
  preset?: string;
  amount?: string;
}

export async function chooseAmount(page: Page, choice: AmountChoice): Promise<void> {
  if (choice.frequency) await page.locator(`#donate-frequency-${choice.frequency}`).check();
  if (choice.method) await page.locator(`#donate-method-${choice.method}`).check();
  if (choice.preset) await page.getByTestId('amount-presets').getByText(choice.preset, { exact: true }).click();
  if (choice.amount) await page.locator('#donate-amount').fill(choice.amount);
  // The demo associate asks one required survey question.
  const survey = page.getByTestId('survey');
  // Once more if a render under load put the choice back right after the click.
  if (await survey.count()) await expect(() => survey.locator('input[type="radio"]').first().check({ timeout: 5_000 })).toPass();
}

export async function goNext(page: Page, segment: string): Promise<void> {
  await page.getByTestId('donate-next').click();
  await expect(page).toHaveURL(new RegExp(`/donate/${segment}(\\?|$)`));
}

export interface Supporter {
  email: string;
  street?: string;
  card?: string;
}

/** The card block of the donation form, a card that is good for five more years. */
export async function fillCard(page: Page, number: string = TEST_CARDS.success): Promise<void> {
  await page.locator('#donate-card-number').fill(number);
  await page.locator('#donate-card-holder').fill('HANAKO YAMADA');
  await page.locator('#donate-card-month').fill('12');
  // Two digits, comfortably in the future.
  await page.locator('#donate-card-year').fill(String((new Date().getFullYear() + 5) % 100).padStart(2, '0'));
  await page.locator('#donate-card-cvc').fill('123');
}

/** The card form of /mypage/credit-card and /credit (features/saved-card), with an expiry five years ahead. */
export async function fillCardForm(page: Page, number: string = TEST_CARDS.success): Promise<void> {
  const form = page.getByTestId('card-form');
  await form.getByTestId('card-form-number').fill(number);
  await form.getByTestId('card-form-holder').fill('HANAKO YAMADA');
  await form.getByTestId('card-form-expirationMonth').fill('12');
  await form.getByTestId('card-form-expirationYear').fill(String((new Date().getFullYear() + 5) % 100).padStart(2, '0'));
  await form.getByTestId('card-form-cvc').fill('123');
}

export async function fillSupporter(page: Page, supporter: Supporter): Promise<void> {
  await page.locator('#donate-email').fill(supporter.email);
  await fillProfileBlock(page, supporter.street);
  if (supporter.card) await fillCard(page, supporter.card);
}

/** The profile block (the donation form's, and the private profile of /mypage/profile): Hanako Yamada in Chiyoda. */
export async function fillProfileBlock(page: Page, street = '千代田1-1'): Promise<void> {
  await page.locator('#donate-last-name').fill('山田');
  await page.locator('#donate-first-name').fill('花子');
  await page.locator('#donate-birth-year').fill('1990');
  await page.locator('#donate-birth-month').selectOption('4');
  await page.locator('#donate-birth-date').selectOption('1');
  // The postal lookup fills the prefecture and the city (spec §5).
  await page.locator('#donate-postal-code').fill('1000001');
  await expect(page.locator('#donate-state')).toHaveValue('東京都');
  await expect(page.locator('#donate-city')).toHaveValue(/千代田区/);
  await page.locator('#donate-street').fill(street);
  await page.locator('#donate-phone').fill('09012345678');
}

/** Presses Authenticate on the sandbox bank's 3-D Secure page and waits to be back on the form. */
export async function authenticate3ds(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/card\/3ds\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page).toHaveURL(/\/donate\/(?:membership\/)?(confirmation|contribution|payment)/, { timeout: 20_000 });
}

export interface Gift extends AmountChoice {
  method: 'creditCard' | 'bankTransfer';
  /** Asks for a tax receipt. */
  receipt?: boolean;
  /** The details typed into the form, as a guest does (with `card` for a card gift); without them only the card that succeeds is typed, as for a signed-in supporter. */
  guest?: Supporter;
}

/**
 * A gift through the donate form at `path`, up to its thank-you page: the amount, a receipt if
 * asked, the guest's details or a signed-in supporter's new card, and 3-D Secure for a card.
 */
export async function giveThroughForm(page: Page, path: string, gift: Gift): Promise<void> {
  await openDonateForm(page, path);
  await chooseAmount(page, gift);
  if (gift.receipt) await page.locator('#donate-receipt').check();
  await goNext(page, 'payment');
  if (gift.guest) await fillSupporter(page, gift.guest);
  else if (gift.method === 'creditCard') await fillCard(page);
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  if (gift.method === 'creditCard') await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
}

/** A POST the page sent to the API: its JSON body and the API's answer. */
export interface CapturedPost<T> {
  sent: Record<string, unknown>;
  status: number;
  body: T;
}

/**
 * How long `posted` waits for the POST once read: a form that stopped on an error before it never
 * sends it, and the test should say so with the page's message rather than wait out its timeout.
 */
const POST_SENT_TIMEOUT_MS = 45_000;

/**
 * The next POST the page sends to the API at `path` (e.g. '/donation/'), passed on through the
 * web proxy and recorded. Read here rather than from the page's response, whose body the browser
 * drops when the page leaves for 3-D Secure right after it. Resolves once the route is in place;
 * `posted` settles when the POST has been answered, and fails with the page's alerts when it is
 * not sent within POST_SENT_TIMEOUT_MS of being read.
 */
export async function captureApiPost<T>(page: Page, path: string): Promise<{ readonly posted: Promise<CapturedPost<T>> }> {
  const matches = (url: URL) => url.pathname === `/backend${path}`;
  let settle!: (captured: CapturedPost<T>) => void;
  const captured = new Promise<CapturedPost<T>>((resolve) => {
    settle = resolve;
  });
  await page.route(matches, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as T;
    await route.fulfill({ response });
    settle({ sent: route.request().postDataJSON() as Record<string, unknown>, status: response.status(), body });
  });
  return {
    get posted() {
      let timer: NodeJS.Timeout | undefined;
      const notSent = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          void page
            .getByRole('alert')
            .allInnerTexts()
            .catch(() => [])
            .then((alerts) => {
              const said = alerts.map((text) => text.trim()).filter(Boolean);
              reject(
                new Error(
                  `POST /backend${path} not sent within ${POST_SENT_TIMEOUT_MS / 1000} s; the page's alerts: ${said.join(' | ') || 'none'}`,
                ),
              );
            });
        }, POST_SENT_TIMEOUT_MS);
      });
      return Promise.race([captured, notSent]).finally(() => clearTimeout(timer));
    },
  };
}

/** What the API tells the donor about a donation (GET /donation/{id}/status/ with the guest's token). */
export async function donationStatus(request: APIRequestContext, donationId: number, statusToken: string) {
  const response = await request.get(`/backend/donation/${donationId}/status/?donation_token=${encodeURIComponent(statusToken)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    result: string;
    frequency: string;
    amount: number;
    is_anonymous: boolean;
    membership_plan_id: number | null;
  };
}

/** A GET on the sandbox card gateway's own API (Omise-like, secret key), e.g. '/charges'. */
export async function sandboxCardGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${SANDBOX_URL}${path}`, {
    headers: { ...cardGatewayAuth('secretKey'), 'omise-version': '2019-05-29' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const SUPPORTER_PASSWORD = 'kifu-pass-123';

/** A new account with a complete private profile (spec §4 Authentication 6), signed in on `context`. */
export async function signedInSupporter(request: APIRequestContext, context: BrowserContext, baseURL: string, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'member');
  const response = await signUpOverApi(request, '/backend/auth/register', {
    email,
    password: SUPPORTER_PASSWORD,
    private_profile: {
      last_name: '山田',
      first_name: '花子',
      birthday: '1990-04-01',
      zip_code: '1000001',
      area: '東京都',
      city: '千代田区',
      address1: '千代田1-1',
      phone: '09012345678',
    },
    avatar_image: { file: null },
  });
  expect(response.status()).toBe(201);
  const { accessToken } = (await response.json()) as { accessToken: string };
  await context.addCookies([{ name: 'user_token', value: accessToken, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { email, password: SUPPORTER_PASSWORD, accessToken };
}

/**
 * On the wallet review page: press Give and reach the provider's approval page. The test buyers'
 * emails are fixed, so a rerun within 10 minutes meets the duplicate check (spec §4 step 3): yes.
 */
export async function giveOnWalletReview(page: Page): Promise<void> {
  await page.getByTestId('donate-submit').click();
  const pay = page.locator('button[data-action="pay"]');
  const duplicate = page.getByTestId('confirm-dialog-duplicate');
  await expect(pay.or(duplicate)).toBeVisible({ timeout: 30_000 });
  if (await duplicate.isVisible()) await duplicate.getByRole('button').last().click();
  await expect(pay).toBeVisible({ timeout: 30_000 });
}
