// The console's receipts (ADR 066): the list of every receipt the associate issued, a staff copy
// of a current one, and the reissue of one to a corrected name and address — the old one voided,
// a new number, the gifts carrying the correction, the supporter mailed, the audit log written.
// Each route as owner, staff, viewer, a member of another associate, a plain user and anonymous.
import { PaymentMethodId, type api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, donations, donors, mailOutbox, receipts } from '../src/db/schema/index';
import { issueGiftReceipt } from '../src/receipts/issue-receipt';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleAssociate } from './helpers/console-callers';
import { clientAddress } from './helpers/donation-requests';
import { pdfText } from './helpers/pdf-text';
import { uniqueEmail } from './helpers/start-sandbox';

let t: TestApp;
const UID = 'console-test-receipts';
const OTHER_UID = 'kodomo-shokudo-mirai';
let associateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain', string>;
let giftId: number;
let receiptId: number;
let receiptNo: string;
const donorEmail = uniqueEmail('receipt-donor');

async function call<T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as never,
    remoteAddress: clientAddress(),
  });
  return {
    status: response.statusCode,
    body: (String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null) as T & api.ErrorBody,
    raw: response.rawPayload,
    headers: response.headers,
  };
}

const correction = (overrides: Partial<api.ReissueReceiptInput> = {}): api.ReissueReceiptInput => ({
  last_name: '山田',
  first_name: '太郎',
  address: { postalCode: '1500001', state: '東京都', city: '渋谷区', street: '神宮前1-2-3', building: 'みらいビル4階' },
  reason: '住所の誤記のご連絡',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const made = await consoleAssociate(t, UID, '領収書試験の会');
  associateId = made.associate.id;
  Object.assign(tokens, made.tokens);
  const [donor] = await db
    .insert(donors)
    .values({
      email: donorEmail,
      lastName: '山田',
      firstName: '太朗',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'タロウ',
      zipCode: '1000001',
      area: '東京都',
      city: '千代田区',
      address1: '千代田1-1',
    })
    .returning();
  const [gift] = await db
    .insert(donations)
    .values({
      associateId,
      type: 1,
      amount: 12_000,
      commission: 600,
      transferAmount: 11_400,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status: 'paid',
      paidAt: new Date(Date.now() - 3 * 86_400_000),
      donorId: donor!.id,
      needReceipt: true,
    })
    .returning();
  giftId = gift!.id;
  const issued = await issueGiftReceipt(db, giftId, { handOut: true });
  receiptId = issued.receipt.id;
  receiptNo = issued.receipt.number;
}, 120_000);
afterAll(() => t?.close());

describe('the receipts of an associate', () => {
  it('lists them for every member, by number or name, and not for anyone else', async () => {
    for (const role of ['owner', 'staff', 'viewer'] as const) {
      const listed = await call<api.ConsoleReceipts>(
        'GET',
        `/associate/${UID}/console/receipts/?q=${encodeURIComponent(receiptNo)}`,
        tokens[role],
      );
      expect(listed.status).toBe(200);
      expect(listed.body.results).toMatchObject([
        { id: receiptId, number: receiptNo, name: '山田 太朗', state: 'current', gift_ids: [giftId], amount: 12_000 },
      ]);
    }
    const byName = await call<api.ConsoleReceipts>(
      'GET',
      `/associate/${UID}/console/receipts/?q=${encodeURIComponent('ヤマダ')}`,
      tokens.viewer,
    );
    expect(byName.body.results.map((receipt) => receipt.id)).toEqual([receiptId]);
    expect((await call('GET', `/associate/${UID}/console/receipts/`, tokens.otherMember)).status).toBe(404);
    expect((await call('GET', `/associate/${UID}/console/receipts/`, tokens.plain)).status).toBe(404);
    expect((await call('GET', `/associate/${UID}/console/receipts/`)).status).toBe(401);
    // Another associate's list never holds this one's receipts.
    const other = await call<api.ConsoleReceipts>(
      'GET',
      `/associate/${OTHER_UID}/console/receipts/?q=${encodeURIComponent(receiptNo)}`,
      tokens.otherMember,
    );
    expect(other.status === 404 || other.body.results.length === 0).toBe(true);
  });

  it('gives owners and staff a copy of a current receipt, audited; viewers and strangers get none', async () => {
    const url = `/associate/${UID}/console/receipts/${receiptId}/pdf/`;
    const copy = await call('GET', url, tokens.staff);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(copy.raw)).toContain(receiptNo);
    expect((await call('GET', url, tokens.viewer)).status).toBe(403);
    expect((await call('GET', url, tokens.otherMember)).status).toBe(404);
    expect((await call('GET', url)).status).toBe(401);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.associateId, associateId), eq(auditEvents.action, 'export.receipt')));
    expect(audited).toMatchObject([{ subject: `receipt:${receiptNo}`, rowCount: 1, actorLabel: 'sho@kifu.example' }]);
    // Not counted as handed to the supporter.
    expect((await t.database.db.select().from(receipts).where(eq(receipts.id, receiptId)))[0]!.issueCount).toBe(1);
  });

  it('refuses a reissue to a viewer, a stranger and bad input, and changes nothing', async () => {
    const url = `/associate/${UID}/console/receipts/${receiptId}/reissue/`;
    expect((await call('POST', url, tokens.viewer, correction())).status).toBe(403);
    expect((await call('POST', url, tokens.otherMember, correction())).status).toBe(404);
    expect((await call('POST', url, tokens.plain, correction())).status).toBe(404);
    expect((await call('POST', url, undefined, correction())).status).toBe(401);
    expect(
      (await call('POST', `/associate/${OTHER_UID}/console/receipts/${receiptId}/reissue/`, tokens.otherMember, correction())).status,
    ).toBe(404);
    for (const body of [
      correction({ last_name: '' }),
      correction({ reason: '' }),
      correction({ last_name: 'a\u0000b' }),
      correction({ address: { postalCode: '12', state: '東京都', city: '渋谷区', street: '1' } }),
      correction({ reason: 'x'.repeat(501) }),
    ]) {
      expect((await call('POST', url, tokens.staff, body)).status).toBe(400);
    }
    expect(await t.database.db.$count(receipts, eq(receipts.associateId, associateId))).toBe(1);
  });

  it('voids the receipt and issues a new number to the corrected name and address; the gift and the supporter follow', async () => {
    const url = `/associate/${UID}/console/receipts/${receiptId}/reissue/`;
    const reissued = await call<api.ConsoleReceipt>('POST', url, tokens.staff, correction());
    expect(reissued.status).toBe(200);
    expect(reissued.body).toMatchObject({
      name: '山田 太郎',
      address: '〒150-0001 東京都渋谷区神宮前1-2-3 みらいビル4階',
      state: 'current',
      amount: 12_000,
    });
    expect(reissued.body.number).not.toBe(receiptNo);
    const voided = await call<api.ConsoleReceipts>('GET', `/associate/${UID}/console/receipts/?state=voided`, tokens.viewer);
    expect(voided.body.results).toMatchObject([{ id: receiptId, state: 'voided', name: '山田 太朗' }]);

    // The gift carries the correction; the supporter's next copy is the new receipt.
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.id, giftId));
    const [donor] = await t.database.db.select().from(donors).where(eq(donors.id, gift!.donorId!));
    expect(donor).toMatchObject({ firstName: '太郎', zipCode: '1500001', address2: 'みらいビル4階', email: donorEmail });
    expect((await issueGiftReceipt(t.database.db, giftId, { handOut: true })).receipt.number).toBe(reissued.body.number);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, donorEmail), eq(mailOutbox.template, 'receipt-reissued')));
    expect(mail!.textBody).toContain(reissued.body.number);
    expect(mail!.textBody).toContain(receiptNo);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.associateId, associateId), eq(auditEvents.action, 'receipt.reissue')));
    expect(audited).toMatchObject({
      subject: `receipt:${receiptNo}`,
      actorLabel: 'sho@kifu.example',
      detail: { new_number: reissued.body.number, reason: '住所の誤記のご連絡' },
    });

    // A voided receipt is neither reissued again nor copied.
    expect((await call('POST', url, tokens.staff, correction())).status).toBe(409);
    expect((await call('GET', `/associate/${UID}/console/receipts/${receiptId}/pdf/`, tokens.staff)).status).toBe(409);
  });
});
