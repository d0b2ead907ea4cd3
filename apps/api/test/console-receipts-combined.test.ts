// A combined yearly receipt (合算, ADR 033) corrected from the console (ADR 066): it is rebuilt the
// way a gift's receipt is — voided, a new number of the same kind for the same gifts and total at
// the corrected address — and what the supporter gets follows: their next combined receipt is the
// new number, and the mail takes them to the tax summary of the year, the page that offers it (the
// support history offers each gift's own receipt, not the combined one the mail names). Who may
// reissue is tried in console-receipts.test.ts; here only that the supporter may not, from the console.
import { japanDateOf, PaymentMethodId, type api } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associates, donations, donors, mailOutbox, receipts, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleCallers, type ConsoleCaller } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';
import { pdfText } from './helpers/pdf-text';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-combined-receipt';
const year = japanDateOf(new Date()).year;
const combinedUrl = `/donation/combined-receipt-pdf/${UID}/${year}/`;
const supporterEmail = uniqueEmail('combined-supporter');
let tokens: Record<ConsoleCaller, string>;
let supporterToken: string;
let giftIds: number[];
/** The combined receipt's number before and after the correction. */
let oldNumber: string;
let newNumber: string;

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as never,
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, json: () => response.json() as unknown, bytes: response.rawPayload };
}

/** The supporter's combined receipt of the year for the associate, as text. */
async function combinedReceiptText(): Promise<string> {
  const answer = await call('GET', combinedUrl, supporterToken);
  expect(answer.status).toBe(200);
  return pdfText(answer.bytes);
}

/** What the supporter entered with each gift: the address the correction replaces. */
const entered = { email: supporterEmail, lastName: '佐藤', zipCode: '1000001', area: '東京都', city: '千代田区', address1: '千代田1-1' };

const correction: api.ReissueReceiptInput = {
  last_name: '佐藤',
  first_name: '花子',
  address: { postalCode: '1520001', state: '東京都', city: '目黒区中央町', street: '9-8-7', building: 'みらい荘201' },
  reason: '転居のご連絡',
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [associate] = await db
    .insert(associates)
    .values({ uid: UID, name: '合算試験の会', logoPath: 'demo/logo.png', mainVisualPath: 'demo/main.png' })
    .returning();
  tokens = await consoleCallers(t, db, associate!.id);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email: supporterEmail, password: 'kifu-pass-123' },
    remoteAddress: clientAddress(),
  });
  supporterToken = registered.json().accessToken as string;
  const [{ id: userId }] = (await db.select({ id: users.id }).from(users).where(eq(users.email, supporterEmail))) as [{ id: number }];
  // Two gifts of this year with a receipt, each with the details entered with it (the same wrong address).
  giftIds = [];
  for (const [amount, minutesAgo] of [
    [4_000, 20],
    [7_000, 10],
  ] as const) {
    const [donor] = await db.insert(donors).values(entered).returning();
    const [gift] = await db
      .insert(donations)
      .values({
        associateId: associate!.id,
        userId,
        type: 1,
        amount,
        commission: amount / 20,
        transferAmount: amount - amount / 20,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid',
        paidAt: new Date(Date.now() - minutesAgo * 60_000),
        donorId: donor!.id,
        needReceipt: true,
      })
      .returning();
    giftIds.push(gift!.id);
  }
}, 120_000);
afterAll(() => t?.close());

describe('a combined receipt corrected from the console', () => {
  it('is voided and issued again, combined, for the same gifts and total, at the corrected address; the supporter’s next copy is the new one', async () => {
    const before = await combinedReceiptText();
    expect(before).toContain('上記の各寄附を合算して証明する');
    expect(before).toContain('〒100-0001 東京都千代田区千代田1-1');
    oldNumber = /K\d+-\d{4}-\d{5}/.exec(before)![0];
    const [old] = await t.database.db.select().from(receipts).where(eq(receipts.number, oldNumber));
    expect(old).toMatchObject({ kind: 'combined', amount: 11_000, donationIds: giftIds });
    const url = `/associate/${UID}/console/receipts/${old!.id}/reissue/`;

    // The supporter holds the receipt but is no member: the console's reissue is not theirs to call.
    expect((await call('POST', url, supporterToken, correction)).status).toBe(404);

    const reissued = await call('POST', url, tokens.owner, correction);
    expect(reissued.status).toBe(200);
    const fresh = reissued.json() as api.ConsoleReceipt;
    expect(fresh).toMatchObject({
      kind: 'combined',
      year,
      amount: 11_000,
      gift_ids: giftIds,
      name: '佐藤 花子',
      address: '〒152-0001 東京都目黒区中央町9-8-7 みらい荘201',
      state: 'current',
    });
    newNumber = fresh.number;
    expect(newNumber).not.toBe(oldNumber);
    const listed = (await call('GET', `/associate/${UID}/console/receipts/?q=${oldNumber}`, tokens.viewer)).json() as api.ConsoleReceipts;
    expect(listed.results).toMatchObject([{ number: oldNumber, kind: 'combined', state: 'voided' }]);

    // Both gifts carry the correction, so a combined receipt made again later keeps it.
    const carried = await t.database.db
      .selectDistinct({ zipCode: donors.zipCode })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(inArray(donations.id, giftIds));
    expect(carried).toEqual([{ zipCode: '1520001' }]);

    // The supporter's combined receipt is now the new number, handed to them for the first time.
    const after = await combinedReceiptText();
    expect(after).toContain('上記の各寄附を合算して証明する');
    expect(after).toContain(newNumber);
    expect(after).not.toContain(oldNumber);
    expect(after).toContain('〒152-0001 東京都目黒区中央町9-8-7 みらい荘201');
    expect(after).toContain('¥4,000');
    expect(after).toContain('¥7,000');
    expect(after).toContain('¥11,000');
    expect(after).not.toContain('再発行');
    expect(await t.database.db.$count(receipts, and(eq(receipts.kind, 'combined'), eq(receipts.associateId, old!.associateId)))).toBe(2);
  });

  it('mails the supporter both numbers and a link to the tax summary of the year, where the combined receipt is offered', async () => {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, supporterEmail), eq(mailOutbox.template, 'receipt-reissued')));
    expect(mail!.textBody).toContain(`寄附金受領証明書（${oldNumber}）`);
    expect(mail!.textBody).toContain(`新しい番号（${newNumber}、`);
    expect(mail!.textBody).toMatch(new RegExp(`^https?://\\S+/mypage/tax-summary/${year}$`, 'm'));
    expect(mail!.textBody).not.toContain('/mypage/support-history');
  });
});
