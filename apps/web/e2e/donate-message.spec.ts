// The completion screen's message to the campaign (spec §2 "It offers a message to the campaign
// (default text, a hide-name option, send or update)", ADR 010): a guest sends it with the name
// hidden, updates it, and the campaign's page shows the text without the name.
import { expect, test } from './fixtures';
import { authenticate3ds, chooseAmount, fillSupporter, goNext, openDonateForm, snapshot, TEST_CARDS, uniqueEmail } from './donate-helpers';

interface Campaign {
  id: number;
  title: string;
  status: string;
  associate: { uid: string };
  messages: { message: string; name: string | null }[];
}

test('after a card gift to a campaign the supporter sends a message with the name hidden, then updates it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const list = (await (await request.get('/backend/campaign/?lang=ja&page_size=100&status=published')).json()) as { results: Campaign[] };
  const campaign = list.results.find((candidate) => candidate.status === 'published');
  expect(campaign, 'the demo data has a published campaign').toBeTruthy();
  await openDonateForm(page, `/associate/${campaign!.associate.uid}/donate?campaign=${campaign!.id}`);
  await chooseAmount(page, { method: 'creditCard', frequency: 'single', amount: '3000' });
  // The form's own message field follows the message's limit.
  await expect(page.locator('#donate-message')).toHaveAttribute('maxlength', '1000');
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'message'), card: TEST_CARDS.success });
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });

  const section = page.getByTestId('done-message');
  await expect(section).toHaveAttribute('data-state', 'editing');
  const input = section.locator('#done-message-input');
  // The default text names the campaign.
  await expect(input).toHaveValue(new RegExp(campaign!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await snapshot(page, testInfo, '1-done-message');

  // An empty message is refused at the field, nothing sent.
  await input.fill('   ');
  await section.getByTestId('done-message-submit').click();
  await expect(section.locator('#done-message-input-error')).toHaveText('メッセージは必須です。');

  const first = `e2e 応援しています ${Date.now()}`;
  await input.fill(first);
  await section.locator('#done-message-hide-name').check();
  await section.getByTestId('done-message-submit').click();
  await expect(section).toHaveAttribute('data-state', 'sent');
  await expect(section.getByTestId('done-message-text')).toHaveText(first);
  await expect(section.getByTestId('done-message-name')).toHaveText('お名前は公開されません');
  await snapshot(page, testInfo, '2-sent');

  await section.getByTestId('done-message-edit').click();
  await expect(section.getByTestId('done-message-submit')).toHaveText('更新する');
  const updated = `${first} — 更新しました`;
  await input.fill(updated);
  await section.getByTestId('done-message-submit').click();
  await expect(section.getByTestId('done-message-text')).toHaveText(updated);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'メッセージを更新しました' })).toBeVisible();
  await snapshot(page, testInfo, '3-updated');

  // The campaign's messages show the updated text, without the name; the first text is gone.
  const detail = (await (await request.get(`/backend/campaign/${campaign!.id}/?lang=ja`)).json()) as Campaign;
  const shown = detail.messages.filter((message) => message.message.startsWith(first));
  expect(shown).toEqual([expect.objectContaining({ message: updated, name: null })]);
});
