// Refunds from the console's gift page (ADR 064). hanako (owner) refunds a real card gift a guest
// gives through the donate form — part of it by keyboard in Japanese, all of it in English through
// a lost answer and a double press that must not refund twice — and a seeded gift of the demo, whose
// charge the API told the sandbox of at start (ADR 072). A gift whose money was already given back
// at the gateway directly shows how the page says the provider's no. takumi, a viewer, is offered
// no refund. axe-clean.
import { seriousViolations } from './axe-helpers';
import { ASSOCIATE_UID, giveThroughForm, TEST_CARDS, uniqueEmail } from './donate-helpers';
import { expect, test, type Page } from './fixtures';
import { cardGatewayAuth, mailsTo, SANDBOX_URL } from './sandbox-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = ASSOCIATE_UID;

/** takumi@kifu.example: a viewer of the associate's console (the seed's users.ts, the README's password). */
const VIEWER = { email: 'takumi@kifu.example', password: demoAccount('hanako').password };

/** The gift `email` gave, opened from the console's table found by that e-mail; answers its id. */
async function openGiftGivenBy(page: Page, email: string, prefix = ''): Promise<string> {
  await page.goto(`${prefix}/dashboard/${OWNED}/gifts?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId('gift-row');
  await expect(row).toHaveCount(1);
  const id = (await row.getAttribute('data-gift-id'))!;
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/${OWNED}/gifts/${id}$`));
  await expect(page.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveAttribute('data-status', 'paid');
  return id;
}

test('hanako refunds part of a card gift with the keyboard; the amounts, the refunds, the timeline and the supporter’s mail follow (ja)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail(testInfo, 'refund-part');
  await giveThroughForm(page, `/associate/${OWNED}/donate`, {
    method: 'creditCard',
    amount: '6000',
    guest: { email, card: TEST_CARDS.success },
  });
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  await openGiftGivenBy(page, email);
  await expect(page.getByTestId('refund-list-empty')).toBeVisible();

  const open = page.getByTestId('refund-open');
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  // The form opens on the full amount, focused; the arrow key chooses a part instead.
  await expect(page.getByTestId('refund-full')).toBeFocused();
  await expect(page.getByTestId('refund-full')).toBeChecked();
  await expect(page.getByTestId('refund-form')).toContainText('全額（6,000円）');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('refund-partial')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('refund-amount')).toBeFocused();
  await expect(page.getByTestId('refund-amount')).toHaveValue('6000');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2000');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('refund-reason')).toBeFocused();
  await page.keyboard.type('金額の入力間違い');
  await expect(page.getByTestId('refund-reason-count')).toContainText('8/500');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('refund-review')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');

  // The confirmation says what will happen before anything is sent.
  const confirm = page.getByTestId('refund-confirm');
  await expect(confirm.getByRole('heading')).toBeFocused();
  await expect(confirm.getByRole('heading')).toHaveText('2,000円を返金します。よろしいですか？');
  await expect(confirm).toContainText('2,000円が、寄付に使われたクレジットカードを通じて寄付者に戻ります。');
  await expect(confirm).toContainText('寄付者には返金したことをメールでお知らせします。');
  await expect(confirm).toContainText('この寄付は、これから4,000円として集計されます。');
  await expect(confirm).toContainText('返金は取り消せません。');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('refund-submit')).toBeFocused();
  await page.keyboard.press('Enter');

  const notice = page.getByTestId('refund-notice');
  await expect(notice).toHaveText('2,000円を返金しました。寄付者にはメールでお知らせします。', { timeout: 30_000 });
  await expect(notice).toBeFocused();
  await expect(page.getByTestId('refund-form')).toHaveCount(0);
  await expect(page.getByTestId('gift-refunded')).toHaveText('返金済み 2,000円 · 残る寄付額 4,000円');
  const rows = page.getByTestId('refund-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-status', 'completed');
  await expect(rows).toContainText('2,000円');
  await expect(rows).toContainText('金額の入力間違い');
  await expect(rows).toContainText('完了');
  await expect(page.getByTestId('gift-timeline').locator('li[data-event="refunded"]')).toHaveText(/^返金.+2,000円$/);
  // A part is left: the gift stays paid and may be refunded further.
  await expect(page.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('gift-refunds')).toContainText('返金できる金額: 4,000円');
  expect(await seriousViolations(page)).toEqual([]);

  // The supporter is told by mail (sent by the job worker).
  await expect
    .poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject), { timeout: 60_000 })
    .toContain('ご寄付の返金のお知らせ');

  // The table marks the gift as partly refunded.
  await page.goto(`/dashboard/${OWNED}/gifts?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('gift-row').getByTestId('gift-partly-refunded')).toHaveText('一部返金');
});

test('a refund whose answer was lost, sent again with a double press, refunds once (en)', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail(testInfo, 'refund-all');
  await giveThroughForm(page, `/en/associate/${OWNED}/donate`, {
    method: 'creditCard',
    amount: '5000',
    guest: { email, card: TEST_CARDS.success },
  });
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`, '/en');
  await openGiftGivenBy(page, email, '/en');

  await page.getByTestId('refund-open').click();
  await expect(page.getByTestId('refund-full')).toBeChecked();
  await page.getByLabel('Reason for the refund').fill('Given twice by mistake');
  await page.getByTestId('refund-review').click();
  await expect(page.getByTestId('refund-confirm').getByRole('heading')).toHaveText('Refund ¥5,000?');
  await expect(page.getByTestId('refund-confirm')).toContainText('The gift becomes Refunded and no longer counts in any total.');

  // Every request key the page sends; the first request reaches the API, its answer never the page.
  const keys: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/refunds/'))
      keys.push((sent.postDataJSON() as { request_key: string }).request_key);
  });
  let lost = false;
  await page.route(
    (url) => url.pathname.endsWith('/refunds/'),
    async (route) => {
      if (lost || route.request().method() !== 'POST') return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
  const submit = page.getByTestId('refund-submit');
  await submit.click();
  await expect(page.getByTestId('refund-error')).toContainText('The answer to the refund did not arrive.');
  await expect(submit).toHaveText('Send again (¥5,000)');
  // Editing now could ask for another refund under the same key: only sending again (or cancelling) is offered.
  await expect(page.getByRole('button', { name: 'Go back and edit' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await submit.dblclick();
  await expect(page.getByTestId('refund-notice')).toHaveText('¥5,000 was refunded. The supporter is told by e-mail.', { timeout: 30_000 });
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  const rows = page.getByTestId('refund-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Completed');
  await expect(page.getByTestId('gift-refunded')).toHaveText('Refunded ¥5,000 · kept ¥0');
  await expect(page.getByRole('heading', { level: 1 }).locator('[data-status]')).toHaveText('Refunded');
  // Nothing is left to refund.
  await expect(page.getByTestId('refund-open')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('refund-row')).toHaveCount(1);
  await expect(page.getByTestId('gift-timeline').locator('li[data-event="refunded"]')).toHaveCount(1);
  await expect(page.getByTestId('gift-timeline').locator('li[data-event="refunded"]')).toHaveText(/^Refunded.+¥5,000$/);
});

test('takumi, a viewer, reads a paid card gift but is offered no refund', async ({ page }) => {
  // The second oldest: the newest may be a gift another test of this file is refunding in full at
  // this moment, and the oldest is the one the partial refund below takes.
  await logIn(page, VIEWER, `/dashboard/${OWNED}/gifts?status=paid&method=creditCard&sort=date_asc`);
  await expect(page.getByTestId('console-role')).toHaveText('あなたの権限: 閲覧のみ');
  const first = page.getByTestId('gift-row').nth(1);
  const id = await first.getAttribute('data-gift-id');
  await first.getByRole('link').click();
  await expect(page.getByTestId('console-gift')).toContainText(`寄付 #${id}`);
  // The gift could be refunded by an owner or staff…
  const gift = await page.request.get(`/backend/associate/${OWNED}/console/gifts/${id}/`);
  expect(((await gift.json()) as { refundable_amount: number }).refundable_amount).toBeGreaterThan(0);
  // …but not from a viewer's page.
  await expect(page.getByTestId('gift-timeline')).toBeVisible();
  await expect(page.getByTestId('refund-open')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '返金する' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('hanako refunds part of a seeded gift of the demo, paid before the sandbox started (ja)', async ({ page }) => {
  // The oldest paid card gift is one of the demo's seeded rows; the sandbox holds its charge (ADR 072).
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}/gifts?status=paid&method=creditCard&sort=date_asc`);
  const first = page.getByTestId('gift-row').first();
  const id = await first.getAttribute('data-gift-id');
  await first.getByRole('link').click();
  await expect(page.getByTestId('console-gift')).toContainText(`寄付 #${id}`);
  await page.getByTestId('refund-open').click();
  await page.getByTestId('refund-partial').check();
  await page.getByTestId('refund-amount').fill('100');
  await page.getByLabel('返金の理由').fill('確認のための返金');
  await page.getByTestId('refund-review').click();
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-notice')).toHaveText('100円を返金しました。寄付者にはメールでお知らせします。', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('refund-row').last()).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('gift-refunded')).toContainText('返金済み 100円');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a refund the card gateway refuses is shown as failed with its code, and the gift keeps its money (ja)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail(testInfo, 'refund-refused');
  await giveThroughForm(page, `/associate/${OWNED}/donate`, {
    method: 'creditCard',
    amount: '3000',
    guest: { email, card: TEST_CARDS.success },
  });
  await logIn(page, demoAccount('hanako'), `/dashboard/${OWNED}`);
  const id = await openGiftGivenBy(page, email);
  // The money went back at the gateway directly (its dashboard, say), which Kifu never heard of.
  const charges = await request.get(`${SANDBOX_URL}/charges?order=reverse_chronological&limit=100`, {
    headers: cardGatewayAuth('secretKey'),
  });
  const charge = ((await charges.json()) as { data: { id: string; metadata: { donation_id?: unknown } }[] }).data.find(
    (candidate) => String(candidate.metadata.donation_id) === id,
  )!;
  const direct = await request.post(`${SANDBOX_URL}/charges/${charge.id}/refunds`, {
    headers: cardGatewayAuth('secretKey'),
    data: { amount: 3000 },
  });
  expect(direct.ok()).toBe(true);

  await page.getByTestId('refund-open').click();
  await page.getByLabel('返金の理由').fill('確認のための返金');
  await page.getByTestId('refund-review').click();
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-notice')).toHaveText(
    '3,000円の返金はできませんでした。決済事業者が受け付けませんでした（コード: failed_refund）。お金は動いていません。',
    { timeout: 30_000 },
  );
  const row = page.getByTestId('refund-row').last();
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(row.getByTestId('refund-row-error')).toHaveText('決済事業者が受け付けませんでした（コード: failed_refund）');
  await expect(page.getByTestId('gift-refunded')).toHaveCount(0);
  await expect(page.getByTestId('gift-refunds')).toContainText('返金できる金額: 3,000円');
  expect(await seriousViolations(page)).toEqual([]);
});
