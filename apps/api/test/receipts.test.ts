// Receipts (ADR 033): a gift's receipt PDF with every item the law asks for, issued once and
// reissued under the same number; who may have one (owner, guest with the mailed link — never a
// stranger or anonymous); combined receipts, the yearly and monthly ZIPs and the tax pack.
import { japanDateOf, receiptAvailability, receivedOn, RECEIPT_ERRORS, type api } from '@kifu/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { associates, donations, mailOutbox, receipts } from '../src/db/schema/index';
import { enqueueThanksMail } from '../src/donations/enqueue-thanks-mail';
import { buildBundle } from '../src/receipts/receipt-bundles';
import { signReceiptLink } from '../src/receipts/receipt-links';
import { clientAddress, donorPayload, guestCardRequest, status, submit, type CardDonationReply } from './helpers/donation-requests';
import { demoSignIn } from './helpers/demo-sign-in';
import { pdfText, renderedPages } from './helpers/pdf-text';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });
const db = () => h.t.database.db;
const thisYear = japanDateOf(new Date()).year;

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) {
  const response = await h.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: json ? response.json() : null, bytes: response.rawPayload, headers: response.headers };
}

const tokens = {} as Record<'hanako' | 'kenta' | 'yumi' | 'misaki' | 'sho', string>;
beforeAll(async () => {
  for (const key of ['hanako', 'kenta', 'yumi', 'misaki', 'sho'] as const) tokens[key] = (await demoSignIn(h.t, key)).token;
});

/** The demo gift of a user to an associate (the newest one). */
async function giftOf(userKey: keyof typeof tokens, associateId: number) {
  const history = (await call('GET', '/user/my_page/donation/?page_size=100', tokens[userKey])).body as api.SupportHistory;
  const gift = history.results.find((entry) => entry.kind !== 'portfolio' && associateIdOf(entry) === associateId);
  expect(gift, `${userKey}'s gift to associate ${associateId}`).toBeDefined();
  return gift!;
}

const uidToId = new Map<string, number>();
function associateIdOf(entry: api.HistoryGift): number {
  return uidToId.get(entry.parts[0]!.associate.uid)!;
}
beforeAll(async () => {
  for (const row of await db().select({ id: associates.id, uid: associates.uid }).from(associates)) uidToId.set(row.uid, row.id);
});

describe('a gift receipt PDF', () => {
  it('states what the law asks of a certified NPO: organisation, certification, activities, amount, date received, donor, number, eligibility', async () => {
    const gift = await giftOf('hanako', 7);
    const response = await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="receipt-K7-\d{4}-\d{5}\.pdf"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(await renderedPages(response.bytes)).toBe(1);
    const text = await pdfText(response.bytes);
    const [y, m, d] = receivedOn(new Date(gift.paid_at!)).split('-').map(Number);
    for (const item of [
      '寄附金受領証明書',
      '認定NPO法人 世界の水プロジェクト',
      '東京都渋谷区神宮前1-5-2',
      '3生都管第890号',
      '2021年3月15日',
      '東京都知事',
      '特定非営利活動に係る事業に関連する寄附金',
      '¥20,000',
      `${y}年${m}月${d}日`,
      '山田 花子 様',
      '〒154-0001 東京都世田谷区池尻2-4-5',
      '税額控除',
    ])
      expect(text).toContain(item);
    expect(text).toMatch(new RegExp(`K7-${y}-\\d{5}`));
    expect(text).not.toContain('再発行');
  });

  it('is issued once: asked again it has the same number and says 再発行 (reissue)', async () => {
    const gift = await giftOf('hanako', 2);
    const first = await pdfText((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako)).bytes);
    const second = await pdfText((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako)).bytes);
    const number = /K2-\d{4}-\d{5}/.exec(first)![0];
    expect(second).toContain(number);
    expect(second).toContain('再発行');
    const [row] = await db()
      .select()
      .from(receipts)
      .where(and(eq(receipts.donationId, gift.id), eq(receipts.kind, 'gift')));
    expect(row).toMatchObject({ number, issueCount: 2 });
  });

  it('requested at once three times, still takes one number', async () => {
    const gift = await giftOf('kenta', 13);
    const replies = await Promise.all([1, 2, 3].map(() => call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.kenta)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const rows = await db().select().from(receipts).where(eq(receipts.donationId, gift.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.issueCount).toBe(3);
  });

  it('numbers receipts one after another per organisation and year', async () => {
    const history = (await call('GET', `/user/my_page/donation/?year=${thisYear}&page_size=100`, tokens.hanako)).body as api.SupportHistory;
    const monthly = history.results.filter((entry) => entry.frequency === 'monthly').slice(0, 2);
    expect(monthly).toHaveLength(2);
    const numbers = [];
    for (const gift of monthly)
      numbers.push(
        /K1-\d{4}-(\d{5})/.exec(await pdfText((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako)).bytes))![1],
      );
    expect(Number(numbers[1]) - Number(numbers[0])).toBe(1);
  });

  it('from an uncertified organisation is a plain receipt that says the gift brings no tax relief', async () => {
    const gift = await giftOf('hanako', 3);
    const text = await pdfText((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako)).bytes);
    expect(text).toContain('領収書');
    expect(text).not.toContain('寄附金受領証明書');
    expect(text).toContain('税制上の優遇措置の対象となる法人ではない');
    expect(text).toContain('¥5,000');
  });

  it('has English alongside the Japanese for a supporter reading English', async () => {
    const gift = await giftOf('kenta', 12);
    const text = await pdfText((await call('GET', `/donation/${gift.id}/receipt-pdf/?lang=en`, tokens.kenta)).bytes);
    expect(text).toContain('寄附金受領証明書');
    expect(text).toContain('Certificate of Donation Received');
    expect(text).toContain('Amount received');
  });
});

describe('who may have a receipt', () => {
  it('not another supporter (404, as for a gift that does not exist), not anonymous (401)', async () => {
    const gift = await giftOf('hanako', 11);
    expect((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.kenta)).status).toBe(404);
    expect((await call('GET', `/donation/${gift.id}/receipt-pdf/`)).status).toBe(401);
    expect((await call('GET', `/donation/2147483000/receipt-pdf/`, tokens.kenta)).status).toBe(404);
    expect((await call('GET', `/donation/${gift.id}/receipt-pdf/`, tokens.hanako)).status).toBe(200);
  });

  it('a guest with the signed link; a changed, moved or expired link is refused', async () => {
    const [guestGift] = await db()
      .select({ id: donations.id })
      .from(donations)
      .where(
        and(isNull(donations.userId), eq(donations.status, 'paid'), eq(donations.needReceipt, true), isNull(donations.portfolioDonationId)),
      )
      .limit(1);
    const secret = h.t.config.RECEIPT_LINK_SECRET;
    const link = signReceiptLink(secret, guestGift!.id);
    const url = (id: number, query: { expires: number; signature: string }) =>
      `/donation/${id}/receipt-pdf/?expires=${query.expires}&signature=${query.signature}`;
    const opened = await call('GET', url(guestGift!.id, link));
    expect(opened.status).toBe(200);
    expect(await pdfText(opened.bytes)).toContain('寄附金受領証明書');

    const refused = [
      url(guestGift!.id, { ...link, signature: `${link.signature.slice(0, -2)}AA` }),
      url(guestGift!.id, { ...link, expires: link.expires + 1 }),
      url(guestGift!.id + 1, link),
      url(guestGift!.id, signReceiptLink(secret, guestGift!.id, new Date(Date.now() - 3 * 365 * 86_400_000))),
    ];
    for (const refusedUrl of refused) {
      const reply = await call('GET', refusedUrl);
      expect(reply.status, refusedUrl).toBe(403);
      expect(reply.body).toMatchObject({ detail: RECEIPT_ERRORS.linkExpired.en });
    }
  });

  it('the thank-you mail of a guest carries the link, and it opens the receipt dated the day the charge settled', async () => {
    const email = uniqueEmail('receipt-guest');
    const request = await guestCardRequest(h.t, h.sandbox, { amount: 12_000, need_receipt: true, donor: donorPayload({ email }) });
    const started = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    expect(started.status).toBe(200);
    await h.sandbox.authorize(started.body.authorize_uri, 'authenticate');
    expect((await status(h.t, started.body.donation.id, started.body.status_token ?? undefined)).body).toMatchObject({ result: 'PAID' });
    await h.t.app.jobs.worker.drain();
    const [mail] = await h.sandbox.mailsTo(email);
    const link = new URL(/https?:\/\/\S+receipt-pdf\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe(`/mypage/support-history/${started.body.donation.id}/receipt-pdf`);
    const reply = await call('GET', `/donation/${started.body.donation.id}/receipt-pdf/${link.search}`);
    expect(reply.status).toBe(200);
    const [paid] = await db().select({ paidAt: donations.paidAt }).from(donations).where(eq(donations.id, started.body.donation.id));
    const [y, m, d] = receivedOn(paid!.paidAt!).split('-').map(Number);
    const text = await pdfText(reply.bytes);
    expect(text).toContain(`${y}年${m}月${d}日`);
    expect(text).toContain('¥12,000');
  });

  it('the thank-you mail of a signed-in supporter points to the support history instead', async () => {
    const gift = await giftOf('yumi', 10);
    await db().transaction((tx) => enqueueThanksMail(tx, gift.id, h.t.app.mailLinks));
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'yumi@kifu.example'));
    expect(mail!.textBody).toContain('マイページの支援履歴から');
    expect(mail!.textBody).toContain(`${h.t.config.WEB_ORIGIN}/mypage/support-history`);
    expect(mail!.textBody).not.toContain('signature=');
  });
});

describe('gifts that have no receipt', () => {
  it('an anonymous gift, a refunded gift and a gift not yet paid get 409 with the reason', async () => {
    const history = (await call('GET', '/user/my_page/donation/?page_size=100', tokens.hanako)).body as api.SupportHistory;
    const anonymous = history.results.find((entry) => entry.parts[0]!.receipt === 'not_requested')!;
    expect((await call('GET', `/donation/${anonymous.id}/receipt-pdf/`, tokens.hanako)).body).toMatchObject({
      code: 'conflict',
      detail: RECEIPT_ERRORS.notRequested.en,
    });

    const refunded = await giftOf('kenta', 4);
    await db().update(donations).set({ status: 'refunded' }).where(eq(donations.id, refunded.id));
    const reply = await call('GET', `/donation/${refunded.id}/receipt-pdf/`, tokens.kenta);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ detail: RECEIPT_ERRORS.refunded.en });

    await db().update(donations).set({ status: 'awaiting_transfer', paidAt: null }).where(eq(donations.id, refunded.id));
    expect((await call('GET', `/donation/${refunded.id}/receipt-pdf/`, tokens.kenta)).body).toMatchObject({
      detail: RECEIPT_ERRORS.notPaid.en,
    });
    expect(await db().select().from(receipts).where(eq(receipts.donationId, refunded.id))).toHaveLength(0);
  });
});

describe('the combined receipt of a year', () => {
  it("lists each of the year's gifts to one organisation with their total, and gets a new number when a gift is added", async () => {
    const url = `/donation/combined-receipt-pdf/kodomo-shokudo-mirai/${thisYear}/`;
    const first = await call('GET', url, tokens.hanako);
    expect(first.status).toBe(200);
    const text = await pdfText(first.bytes);
    expect(text).toContain('寄附金受領証明書（合算）');
    const gifts = await db()
      .select({
        amount: donations.amount,
        paidAt: donations.paidAt,
        status: donations.status,
        needReceipt: donations.needReceipt,
        isAnonymous: donations.isAnonymous,
      })
      .from(donations)
      .innerJoin(associates, eq(associates.id, donations.associateId))
      .where(and(eq(associates.uid, 'kodomo-shokudo-mirai'), eq(donations.userId, (await userIdOf('hanako'))!)));
    // Gifts given without a receipt are not on it.
    const inYear = gifts.filter((gift) => receiptAvailability(gift) === 'available' && japanDateOf(gift.paidAt!).year === thisYear);
    expect(inYear.length).toBeGreaterThan(1);
    expect(text).toContain(`¥${inYear.reduce((sum, gift) => sum + gift.amount, 0).toLocaleString('en')}`);
    // One table row per gift, each starting with its date received.
    expect(text.match(/^\d{4}年\d{1,2}月\d{1,2}日 /gm)).toHaveLength(inYear.length);
    const number = /K1-\d{4}-\d{5}/.exec(text)![0];

    const again = await pdfText((await call('GET', url, tokens.hanako)).bytes);
    expect(again).toContain(number);
    expect(again).toContain('再発行');

    const [template] = await db()
      .select()
      .from(donations)
      .where(and(eq(donations.userId, (await userIdOf('hanako'))!), eq(donations.associateId, 1)))
      .limit(1);
    const { id: _id, paymentId: _paymentId, ...copy } = template!;
    await db()
      .insert(donations)
      .values({ ...copy, paymentId: null, amount: 1_234, paidAt: new Date(), status: 'paid', recurringDonationId: null });
    const renewed = await pdfText((await call('GET', url, tokens.hanako)).bytes);
    expect(renewed).not.toContain(number);
    expect(renewed).not.toContain('再発行');
    expect(
      await db()
        .select()
        .from(receipts)
        .where(and(eq(receipts.number, number))),
    ).toMatchObject([{ supersededAt: expect.any(Date) }]);
  });

  it('for an organisation the supporter gave nothing to that year is 404', async () => {
    expect((await call('GET', `/donation/combined-receipt-pdf/bunka-no-tomoshibi/${thisYear}/`, tokens.hanako)).status).toBe(404);
    expect((await call('GET', `/donation/combined-receipt-pdf/kodomo-shokudo-mirai/${thisYear}/`)).status).toBe(401);
  });
});

async function userIdOf(key: keyof typeof tokens) {
  const me = await call('GET', '/user/me/', tokens[key]);
  return (me.body as { id: number }).id;
}

async function readyBundle(prefix: string, created: { id: number }, token: string) {
  await h.t.app.jobs.worker.drain();
  const state = await call('GET', `${prefix}/${created.id}/`, token);
  expect(state.body).toMatchObject({ status: 'ready' });
  const download = await call('GET', `${prefix}/${created.id}/download/`, token);
  expect(download.status).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  return { state: state.body as api.ReceiptBundle, files: unzipSync(new Uint8Array(download.bytes)) };
}

describe('receipt ZIPs', () => {
  it("a year's ZIP holds one receipt PDF per gift with a receipt received that year, made once however often asked", async () => {
    const created = await call('POST', '/donation/receipt-zip-file/', tokens.yumi, { year: thisYear });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'pending', kind: 'year', year: thisYear });
    expect((await call('POST', '/donation/receipt-zip-file/', tokens.yumi, { year: thisYear })).body.id).toBe(created.body.id);
    expect((await call('GET', `/donation/receipt-zip-file/${created.body.id}/download/`, tokens.yumi)).body).toMatchObject({
      detail: RECEIPT_ERRORS.bundleNotReady.en,
    });
    expect((await call('GET', `/donation/receipt-zip-file/${created.body.id}/`, tokens.hanako)).status).toBe(404);
    expect((await call('GET', `/donation/receipt-zip-file/${created.body.id}/download/`)).status).toBe(401);

    const { state, files } = await readyBundle('/donation/receipt-zip-file', created.body, tokens.yumi);
    const history = (await call('GET', `/user/my_page/donation/?year=${thisYear}&page_size=100`, tokens.yumi)).body as api.SupportHistory;
    const receivable = history.results.flatMap((entry) => entry.parts).filter((part) => part.receipt === 'available');
    expect(receivable.length).toBeGreaterThan(0);
    expect(Object.keys(files)).toHaveLength(receivable.length);
    expect(state.file_count).toBe(receivable.length);
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it("a monthly supporter's ZIP holds that recurring donation's receipts of the year; nobody else may ask for it", async () => {
    const history = (await call('GET', `/user/my_page/donation/?year=${thisYear}&page_size=100`, tokens.hanako)).body as api.SupportHistory;
    const monthly = history.results.filter((entry) => entry.frequency === 'monthly');
    const [row] = await db()
      .select({ recurringDonationId: donations.recurringDonationId })
      .from(donations)
      .where(eq(donations.id, monthly[0]!.id));
    const body = { year: thisYear, recurring_donation_id: row!.recurringDonationId };
    expect((await call('POST', '/donation/monthly-receipt-zip-file/', tokens.kenta, body)).status).toBe(404);
    const created = await call('POST', '/donation/monthly-receipt-zip-file/', tokens.hanako, body);
    expect(created.status).toBe(202);
    // A monthly bundle is not reachable under the yearly path, nor the other way round.
    expect((await call('GET', `/donation/receipt-zip-file/${created.body.id}/`, tokens.hanako)).status).toBe(404);
    const { files } = await readyBundle('/donation/monthly-receipt-zip-file', created.body, tokens.hanako);
    expect(Object.keys(files)).toHaveLength(monthly.length);
  });
});

describe('the tax summary of a year', () => {
  it('totals by eligibility: certified NPO and tax-credit corporations, income deduction only, not eligible; gifts without a receipt count as not eligible', async () => {
    const summary = (await call('GET', `/user/my_page/tax-summary/${thisYear}/`, tokens.hanako)).body as api.TaxSummary;
    const byUid = (uid: string) => summary.gifts.filter((gift) => gift.associate.uid === uid);
    expect(byUid('world-water-project').every((gift) => gift.eligibility === 'tax_credit')).toBe(true);
    expect(byUid('ocean-and-future').every((gift) => gift.eligibility === 'income_deduction')).toBe(true);
    expect(byUid('wan-nyan-home').every((gift) => gift.eligibility === 'not_eligible')).toBe(true);
    // A certified NPO, but given anonymously or without a receipt: nothing to claim with.
    expect(byUid('manabi-no-tane').length).toBeGreaterThan(0);
    expect(byUid('manabi-no-tane').every((gift) => !gift.has_receipt && gift.eligibility === 'not_eligible')).toBe(true);
    const sumOf = (eligibility: string) =>
      summary.gifts.filter((gift) => gift.eligibility === eligibility).reduce((sum, gift) => sum + gift.amount, 0);
    expect(summary.by_eligibility).toEqual({
      tax_credit: sumOf('tax_credit'),
      income_deduction: sumOf('income_deduction'),
      not_eligible: sumOf('not_eligible'),
      eligible_total: sumOf('tax_credit') + sumOf('income_deduction'),
      total: summary.gifts.reduce((sum, gift) => sum + gift.amount, 0),
    });
    expect(summary.by_legal_type.reduce((sum, row) => sum + row.total, 0)).toBe(summary.by_eligibility.total);
    expect(summary.by_legal_type.find((row) => row.organisation_type === 2)?.label).toBe('認定NPO法人');
  });

  it('as a PDF states the totals and the rules', async () => {
    const summary = (await call('GET', `/user/my_page/tax-summary/${thisYear}/`, tokens.hanako)).body as api.TaxSummary;
    const text = await pdfText((await call('GET', `/user/my_page/tax-summary/${thisYear}/pdf/`, tokens.hanako)).bytes);
    expect(text).toContain(`${thisYear}年の寄付 年間サマリー`);
    expect(text).toContain(`¥${summary.by_eligibility.eligible_total.toLocaleString('en')}`);
    expect(text).toContain('2,000円');
    expect(text).toContain('40%');
    expect(text).toContain('このサマリーは受領証明書ではありません');
  });

  it("the tax pack is the summary and every organisation's combined receipt in one ZIP", async () => {
    const summary = (await call('GET', `/user/my_page/tax-summary/${thisYear}/`, tokens.kenta)).body as api.TaxSummary;
    const created = await call('POST', '/user/my_page/tax-summary/pack/', tokens.kenta, { year: thisYear, lang: 'ja' });
    expect(created.status).toBe(202);
    const { files } = await readyBundle('/donation/receipt-zip-file', created.body, tokens.kenta);
    const names = Object.keys(files);
    expect(names).toContain(`tax-summary-${thisYear}.pdf`);
    expect(names.filter((name) => name.startsWith('combined-'))).toHaveLength(summary.combined_receipts.length);
  });
});

describe('the first receipt a donor gets is not marked 再発行, whichever way it comes (ADR 057)', () => {
  /** A gift of the user received this year whose receipt was never issued. */
  async function unissuedGift(userKey: keyof typeof tokens) {
    const history = (await call('GET', `/user/my_page/donation/?year=${thisYear}&page_size=100`, tokens[userKey]))
      .body as api.SupportHistory;
    const part = history.results
      .filter((entry) => entry.kind !== 'portfolio')
      .flatMap((entry) => entry.parts)
      .find((candidate) => candidate.receipt === 'available' && candidate.receipt_number === null);
    expect(part, `${userKey}'s gift without a receipt yet`).toBeDefined();
    return part!.donation_id;
  }

  it('a HEAD request hands out nothing: the first receipt fetched after it is not a reissue', async () => {
    const id = await unissuedGift('sho');
    const head = await h.t.app.inject({
      method: 'HEAD',
      url: `/donation/${id}/receipt-pdf/`,
      headers: { authorization: `Bearer ${tokens.sho}` },
      remoteAddress: clientAddress(),
    });
    expect(head.statusCode).toBe(404);
    expect(await db().select().from(receipts).where(eq(receipts.donationId, id))).toHaveLength(0);
    const first = await pdfText((await call('GET', `/donation/${id}/receipt-pdf/`, tokens.sho)).bytes);
    expect(first).toMatch(/寄附金受領証明書|領収書/);
    expect(first).not.toContain('再発行');
  });

  it("a year's ZIP whose first try failed half-way holds receipts not marked; a receipt fetched after the ZIP is a reissue", async () => {
    const created = await call('POST', '/donation/receipt-zip-file/', tokens.misaki, { year: thisYear });
    expect(created.status).toBe(202);
    // The first try draws (and numbers) every receipt, then cannot store the ZIP.
    const storage = h.t.app.fileStorage;
    const failing = { ...storage, put: () => Promise.reject(new Error('storage away')) };
    await expect(buildBundle(db(), failing, created.body.id, false)).rejects.toThrow('storage away');
    const drawn = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.userId, (await userIdOf('misaki'))!));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((row) => row.issueCount === 0)).toBe(true);

    const { files } = await readyBundle('/donation/receipt-zip-file', created.body, tokens.misaki);
    expect(Object.keys(files)).toHaveLength(drawn.length);
    for (const [name, bytes] of Object.entries(files)) expect(await pdfText(Buffer.from(bytes)), name).not.toContain('再発行');

    // Handed out in the ZIP: the same receipt asked for again says so.
    const again = await pdfText((await call('GET', `/donation/${drawn[0]!.donationId}/receipt-pdf/`, tokens.misaki)).bytes);
    expect(again).toContain(drawn[0]!.number);
    expect(again).toContain('再発行');
  });

  it('a receipt first given on my page, then in a ZIP, is marked in the ZIP', async () => {
    const id = await unissuedGift('hanako');
    const first = await pdfText((await call('GET', `/donation/${id}/receipt-pdf/`, tokens.hanako)).bytes);
    expect(first).not.toContain('再発行');
    const [row] = await db().select().from(receipts).where(eq(receipts.donationId, id));
    const created = await call('POST', '/donation/receipt-zip-file/', tokens.hanako, { year: thisYear, lang: 'ja' });
    const { files } = await readyBundle('/donation/receipt-zip-file', created.body, tokens.hanako);
    const inZip = Object.entries(files).find(([name]) => name === `${row!.number}.pdf`);
    expect(inZip).toBeDefined();
    expect(await pdfText(Buffer.from(inZip![1]))).toContain('再発行');
  });

  it("a guest's first receipt from the mailed link is not marked; opening the link again is a reissue", async () => {
    const [guestGift] = await db()
      .select({ id: donations.id })
      .from(donations)
      .leftJoin(receipts, eq(receipts.donationId, donations.id))
      .where(
        and(
          isNull(donations.userId),
          eq(donations.status, 'paid'),
          eq(donations.needReceipt, true),
          eq(donations.isAnonymous, false),
          isNull(donations.portfolioDonationId),
          isNull(receipts.id),
        ),
      )
      .limit(1);
    const link = signReceiptLink(h.t.config.RECEIPT_LINK_SECRET, guestGift!.id);
    const url = `/donation/${guestGift!.id}/receipt-pdf/?expires=${link.expires}&signature=${link.signature}`;
    expect(await pdfText((await call('GET', url)).bytes)).not.toContain('再発行');
    expect(await pdfText((await call('GET', url)).bytes)).toContain('再発行');
  });
});

describe('hostile input', () => {
  it('gets a 4xx, never a 500', async () => {
    for (const url of [
      '/donation/abc/receipt-pdf/',
      '/donation/99999999999/receipt-pdf/',
      '/donation/1/receipt-pdf/?expires=abc&signature=x',
      `/donation/1/receipt-pdf/?signature=${'a'.repeat(500)}`,
      '/donation/combined-receipt-pdf/kodomo%00/2026/',
      '/donation/combined-receipt-pdf/kodomo-shokudo-mirai/99999/',
      '/user/my_page/tax-summary/1/',
      '/user/my_page/donation/?year=abc',
      '/user/my_page/donation/?page=0',
      '/donation/receipt-zip-file/0/',
    ]) {
      const reply = await call('GET', url, tokens.hanako);
      expect(reply.status, url).toBeGreaterThanOrEqual(400);
      expect(reply.status, url).toBeLessThan(500);
    }
    expect((await call('POST', '/donation/receipt-zip-file/', tokens.hanako, { year: 'next' })).status).toBe(400);
  });
});
