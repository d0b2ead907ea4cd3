// An associate's console (ADR 060): who may call what — owner, staff, viewer, a member of another
// associate, a plain user, anonymous — and the gifts table and a gift's page as staff see them:
// filters, search, sort and pages done by the database, an anonymous giver never named nor found
// by name, another associate's gift not found. The gifts here are written for the test to one
// associate whose members the test sets, so the figures are the test's own.
import type { api } from '@kifu/domain';
import { PaymentMethodId } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associates, donationMessages, donations, donors, recurringDonations, receipts, users } from '../src/db/schema/index';
import { recordAudit } from '../src/console/audit-log';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleAssociate } from './helpers/console-callers';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress } from './helpers/donation-requests';

let t: TestApp;
/** An associate of the test's own, so every gift in its console is one the test wrote. */
const UID = 'console-test-water';
const OTHER_UID = 'kodomo-shokudo-mirai';
let associateId: number;
let otherAssociateId: number;
const tokens = {} as Record<'owner' | 'staff' | 'viewer' | 'otherMember' | 'plain', string>;

async function get<T>(url: string, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: response.json() as T & api.ErrorBody, headers: response.headers };
}

const DAY = 86_400_000;
const ids = {} as Record<'openCard' | 'anonymous' | 'corporateBank' | 'monthly' | 'failed' | 'otherAssociate', number>;

/** Gifts of the test's own: a named card gift with a receipt and a message, an anonymous one, a corporate bank transfer, a monthly occurrence, a failed card gift. */
async function writeGifts() {
  const db = t.database.db;
  const [named, hidden, corporate, monthlyDonor] = await db
    .insert(donors)
    .values([
      {
        email: 'tanaka.console@example.com',
        lastName: '田中',
        firstName: '一郎',
        lastNameKana: 'タナカ',
        firstNameKana: 'イチロウ',
        zipCode: '1000001',
        area: '東京都',
        city: '千代田区',
        address1: '千代田1-1',
      },
      {
        email: 'secret.console@example.com',
        lastName: '秘密',
        firstName: '花子',
        lastNameKana: 'ヒミツ',
        firstNameKana: 'ハナコ',
        area: '大阪府',
        city: '大阪市',
        address1: '北区1-1',
      },
      { email: 'corp.console@example.com', isCorporate: true, lastName: '株式会社みらい水', lastNameKana: 'カブシキガイシャミライミズ' },
      { email: 'monthly.console@example.com', lastName: '佐藤', firstName: '月子', lastNameKana: 'サトウ', firstNameKana: 'ツキコ' },
    ])
    .returning();
  const now = Date.now();
  const base = { associateId, type: 1, commission: 0 } as const;
  const [recurring] = await db
    .insert(recurringDonations)
    .values({
      associateId,
      type: 1,
      amount: 3_000,
      period: 'monthly',
      status: 'active',
      startDate: new Date(now - 40 * DAY).toISOString().slice(0, 10),
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      donorId: monthlyDonor!.id,
    })
    .returning();
  const rows = await db
    .insert(donations)
    .values([
      {
        ...base,
        amount: 10_000,
        commission: 500,
        transferAmount: 9_500,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid',
        // The card gateway's paid_at has whole seconds: the gift's row, written at the charge, can
        // be a few hundred milliseconds younger than its own payment.
        paidAt: new Date(Math.floor((now - 10 * DAY) / 1_000) * 1_000),
        createdAt: new Date(Math.floor((now - 10 * DAY) / 1_000) * 1_000 + 400),
        donorId: named!.id,
        needReceipt: true,
      },
      {
        ...base,
        amount: 5_000,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid',
        paidAt: new Date(now - 5 * DAY),
        createdAt: new Date(now - 5 * DAY),
        donorId: hidden!.id,
        isAnonymous: true,
      },
      {
        ...base,
        amount: 50_000,
        paymentMethod: PaymentMethodId.BANK_TRANSFER,
        status: 'awaiting_transfer',
        createdAt: new Date(now - 2 * DAY),
        donorId: corporate!.id,
      },
      {
        ...base,
        amount: 3_000,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid',
        paidAt: new Date(now - DAY),
        createdAt: new Date(now - DAY),
        donorId: monthlyDonor!.id,
        recurringDonationId: recurring!.id,
        isRecurring: true,
      },
      {
        ...base,
        amount: 2_000,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'failed',
        reasonOfPaymentFailed: 'insufficient_fund',
        createdAt: new Date(now - 3 * 3_600_000),
        donorId: named!.id,
      },
      {
        ...base,
        associateId: otherAssociateId,
        amount: 7_000,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        status: 'paid',
        paidAt: new Date(now),
        donorId: named!.id,
      },
    ])
    .returning({ id: donations.id });
  [ids.openCard, ids.anonymous, ids.corporateBank, ids.monthly, ids.failed, ids.otherAssociate] = rows.map((row) => row.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(donationMessages).values([
    { donationId: ids.openCard, associateId, type: 1, message: 'いつも応援しています' },
    { donationId: ids.anonymous, associateId, type: 1, message: '名前は伏せて応援します' },
  ]);
  await db.insert(receipts).values({
    kind: 'gift',
    associateId,
    year: 2026,
    sequence: 90_001,
    number: 'CONSOLE-2026-90001',
    donationId: ids.openCard,
    donorId: named!.id,
    amount: 10_000,
    donationIds: [ids.openCard],
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const made = await consoleAssociate(t, UID, 'コンソール水の会');
  associateId = made.associate.id;
  Object.assign(tokens, made.tokens);
  ({ id: otherAssociateId } = (await db.select({ id: associates.id }).from(associates).where(eq(associates.uid, OTHER_UID)))[0]!);
  await writeGifts();
}, 120_000);
afterAll(() => t?.close());

const gifts = (query = '', token = tokens.staff) =>
  get<api.ConsoleGifts>(`/associate/${UID}/console/gifts/?lang=ja${query.includes('page_size') ? '' : '&page_size=100'}${query}`, token);

describe('who may use the console', () => {
  const routes = () => [
    `/associate/${UID}/my_associate/`,
    `/associate/${UID}/console/gifts/`,
    `/associate/${UID}/console/gifts/${ids.openCard}/`,
    `/associate/${UID}/console/audit/`,
  ];

  it('answers each member their role and what it allows', async () => {
    const expected = {
      owner: { read: true, export: true, manage: true, administer: true },
      staff: { read: true, export: true, manage: true, administer: false },
      viewer: { read: true, export: false, manage: false, administer: false },
    };
    for (const role of ['owner', 'staff', 'viewer'] as const) {
      const answer = await get<api.MyAssociate>(`/associate/${UID}/my_associate/`, tokens[role]);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ associate: { uid: UID }, role, permissions: expected[role] });
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('lets owners, staff and viewers read gifts and a gift; only owners read the audit log', async () => {
    for (const role of ['owner', 'staff', 'viewer'] as const) {
      const [self, list, gift, audit] = await Promise.all(routes().map((url) => get(url, tokens[role])));
      expect([self!.status, list!.status, gift!.status], role).toEqual([200, 200, 200]);
      expect(audit!.status, role).toBe(role === 'owner' ? 200 : 403);
    }
  });

  it('finds nothing for a member of another associate or a plain user, and asks anonymous callers to log in', async () => {
    for (const url of routes()) {
      expect((await get(url, tokens.otherMember)).status, url).toBe(404);
      expect((await get(url, tokens.plain)).status, url).toBe(404);
      expect((await get(url)).status, url).toBe(401);
    }
  });

  it("does not open another associate's gift through this associate's console", async () => {
    expect((await get(`/associate/${UID}/console/gifts/${ids.otherAssociate}/`, tokens.owner)).status).toBe(404);
    expect((await get(`/associate/${UID}/console/gifts/2147483647/`, tokens.owner)).status).toBe(404);
  });

  it('refuses hostile input with 400, never 500', async () => {
    for (const url of [
      `/associate/${UID}/console/gifts/?page_size=1000`,
      `/associate/${UID}/console/gifts/?q=${encodeURIComponent('a\u0000b')}`,
      `/associate/${UID}/console/gifts/?q=${'x'.repeat(101)}`,
      `/associate/${UID}/console/gifts/?from=yesterday`,
      `/associate/${UID}/console/gifts/?campaign_id=99999999999`,
      `/associate/${UID}/console/gifts/?sort=random`,
      `/associate/${UID}/console/gifts/99999999999/`,
      `/associate/${'u'.repeat(65)}/my_associate/`,
    ])
      expect((await get(url, tokens.owner)).status, url).toBe(400);
  });

  it('shows owners the audit log, newest first, naming who did what', async () => {
    const caller = { associate: { id: associateId }, userId: 0, label: 'yumi@kifu.example' };
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'yumi@kifu.example'));
    await recordAudit(t.database.db, { ...caller, userId: owner!.id } as never, { action: 'export.gifts', rowCount: 5 });
    await recordAudit(t.database.db, { ...caller, userId: owner!.id } as never, {
      action: 'refund',
      subject: `donation:${ids.openCard}`,
      detail: { amount: 1_000 },
    });
    const log = await get<api.AuditLog>(`/associate/${UID}/console/audit/`, tokens.owner);
    expect(log.body.results.slice(0, 2)).toMatchObject([
      { actor: 'yumi@kifu.example', action: 'refund', subject: `donation:${ids.openCard}`, detail: { amount: 1_000 } },
      { actor: 'yumi@kifu.example', action: 'export.gifts', row_count: 5 },
    ]);
    // Another associate's log holds none of it.
    const hanako = await demoSignIn(t, 'hanako');
    expect((await get<api.AuditLog>(`/associate/${OTHER_UID}/console/audit/`, hanako.token)).body.results).toEqual([]);
  });
});

describe('the gifts table', () => {
  it("lists the associate's gifts only, newest first, with fee, net, method, kind and status", async () => {
    const { body } = await gifts();
    expect(body.results.map((gift) => gift.id)).toEqual([ids.failed, ids.monthly, ids.corporateBank, ids.anonymous, ids.openCard]);
    expect(body.count).toBe(5);
    expect(body.total_amount).toBe(10_000 + 5_000 + 50_000 + 3_000 + 2_000);
    const byId = new Map(body.results.map((gift) => [gift.id, gift]));
    expect(byId.get(ids.openCard)).toMatchObject({
      amount: 10_000,
      fee: 500,
      net: 9_500,
      method: 'creditCard',
      kind: 'single',
      status: 'paid',
      receipt_number: 'CONSOLE-2026-90001',
      supporter: { anonymous: false, name: '田中 一郎', email: 'tanaka.console@example.com', corporate: false },
    });
    expect(byId.get(ids.corporateBank)).toMatchObject({
      method: 'bankTransfer',
      status: 'awaiting_transfer',
      supporter: { name: '株式会社みらい水', corporate: true },
    });
    expect(byId.get(ids.monthly)).toMatchObject({ kind: 'monthly' });
    expect(byId.get(ids.failed)).toMatchObject({ status: 'failed' });
  });

  it('never names an anonymous giver, nor finds their gift by their name or e-mail', async () => {
    const { body } = await gifts();
    expect(body.results.find((gift) => gift.id === ids.anonymous)!.supporter).toEqual({
      anonymous: true,
      name: null,
      name_kana: null,
      email: null,
      corporate: false,
      member: false,
    });
    for (const q of ['秘密', 'ヒミツ', 'secret.console']) expect((await gifts(`&q=${encodeURIComponent(q)}`)).body.count, q).toBe(0);
    const detail = await get<api.ConsoleGiftDetail>(`/associate/${UID}/console/gifts/${ids.anonymous}/`, tokens.staff);
    expect(detail.body).toMatchObject({ address: null, phone: null, message: '名前は伏せて応援します', supporter: { name: null } });
    expect(JSON.stringify(detail.body)).not.toMatch(/秘密|ヒミツ|secret\.console|大阪/);
  });

  it('filters by kind, method, status and period, and searches by name, kana, e-mail and receipt number', async () => {
    const found = async (query: string) => (await gifts(query)).body.results.map((gift) => gift.id).sort();
    expect(await found('&kind=monthly')).toEqual([ids.monthly]);
    expect(await found('&kind=single&method=bankTransfer')).toEqual([ids.corporateBank]);
    expect(await found('&status=failed')).toEqual([ids.failed]);
    expect(await found('&status=awaiting_transfer')).toEqual([ids.corporateBank]);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() + 9 * 3_600_000 - 7 * DAY).toISOString().slice(0, 10);
    expect(await found(`&from=${weekAgo}&to=${today}`)).toEqual([ids.anonymous, ids.corporateBank, ids.monthly, ids.failed].sort());
    expect(await found(`&q=${encodeURIComponent('田中一郎')}`)).toEqual([ids.openCard, ids.failed].sort());
    expect(await found(`&q=${encodeURIComponent('タナカ')}`)).toEqual([ids.openCard, ids.failed].sort());
    expect(await found('&q=TANAKA.console')).toEqual([ids.openCard, ids.failed].sort());
    expect(await found('&q=CONSOLE-2026-90001')).toEqual([ids.openCard]);
    expect(await found(`&q=${encodeURIComponent('100%_')}`)).toEqual([]);
  });

  it('sorts by amount and pages on the server, the totals covering every page', async () => {
    const first = await gifts('&sort=amount_desc&page_size=2&page=1');
    const third = await gifts('&sort=amount_desc&page_size=2&page=3');
    const beyond = await gifts('&sort=amount_desc&page_size=2&page=4');
    expect(first.body.results.map((gift) => gift.amount)).toEqual([50_000, 10_000]);
    expect(third.body.results.map((gift) => gift.amount)).toEqual([2_000]);
    expect([first.body.count, third.body.count, beyond.body.count]).toEqual([5, 5, 5]);
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.total_amount).toBe(70_000);
  });

  it("opens a gift's page with the supporter, message and its timeline in order", async () => {
    const { status, body } = await get<api.ConsoleGiftDetail>(`/associate/${UID}/console/gifts/${ids.openCard}/?lang=en`, tokens.viewer);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      address: '〒100-0001 東京都千代田区千代田1-1',
      message: 'いつも応援しています',
      receipt_number: 'CONSOLE-2026-90001',
    });
    expect(body.timeline.map((entry) => entry.event)).toEqual(['created', 'paid', 'receipt_issued']);
    const failed = await get<api.ConsoleGiftDetail>(`/associate/${UID}/console/gifts/${ids.failed}/`, tokens.viewer);
    expect(failed.body).toMatchObject({ status: 'failed', failure_reason: 'insufficient_fund' });
    expect(failed.body.timeline.map((entry) => entry.event)).toEqual(['created', 'failed']);
  });
});

describe('the donor register (ADR 061)', () => {
  // The test's gifts were paid days ago, in the fiscal year (April–March) running now.
  const fiscalYear = () => {
    const japan = new Date(Date.now() + 9 * 3_600_000);
    return japan.getUTCMonth() + 1 >= 4 ? japan.getUTCFullYear() : japan.getUTCFullYear() - 1;
  };
  const registerUrl = (suffix = '') => `/associate/${UID}/console/donor-register/${fiscalYear()}/${suffix}`;

  it("groups the year's paid gifts per donor with name and address, anonymous gifts by amount and day only", async () => {
    const { status, body } = await get<api.DonorRegisterView>(registerUrl(), tokens.viewer);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      fiscal_year: fiscalYear(),
      start_month: 4,
      donor_count: 2,
      gift_count: 3,
      total: 18_000,
      anonymous_total: 5_000,
    });
    expect(body.donors.map((donor) => [donor.name, donor.address, donor.total])).toEqual([
      ['佐藤 月子', '', 3_000],
      ['田中 一郎', '〒100-0001 東京都千代田区千代田1-1', 10_000],
    ]);
    expect(body.anonymous).toEqual([{ amount: 5_000, received_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    expect(JSON.stringify(body)).not.toMatch(/秘密|大阪/);
  });

  it('downloads as CSV with a byte order mark and the four columns, audited; the PDF too', async () => {
    const csv = await t.app.inject({ method: 'GET', url: registerUrl('csv/'), headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="donor-register-${UID}-${fiscalYear()}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF氏名又は名称,住所,寄附金額,受領年月日');
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      '佐藤 月子,,3000',
      '田中 一郎,〒100-0001 東京都千代田区千代田1-1,10000',
      '匿名,,5000',
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: registerUrl('pdf/?lang=en'),
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const log = await get<api.AuditLog>(`/associate/${UID}/console/audit/`, tokens.owner);
    expect(log.body.results.slice(0, 2)).toMatchObject([
      { action: 'export.donor_register', subject: `fiscal_year:${fiscalYear()}`, row_count: 3, detail: { format: 'pdf' } },
      { action: 'export.donor_register', row_count: 3, detail: { format: 'csv' } },
    ]);
  });

  it('lets viewers read it but not download it; others find nothing', async () => {
    expect((await get(registerUrl('csv/'), tokens.viewer)).status).toBe(403);
    for (const url of [registerUrl(), registerUrl('csv/'), registerUrl('pdf/')]) {
      expect((await get(url, tokens.otherMember)).status, url).toBe(404);
      expect((await get(url, tokens.plain)).status, url).toBe(404);
      expect((await get(url)).status, url).toBe(401);
    }
    for (const url of [`/associate/${UID}/console/donor-register/1999/`, `/associate/${UID}/console/donor-register/2026/xlsx/`])
      expect((await get(url, tokens.owner)).status, url).toBe(400);
  });
});

describe('the supporters table', () => {
  const supporters = (query = '', token = tokens.viewer) =>
    get<api.ConsoleSupporters>(`/associate/${UID}/console/supporters/?lang=ja${query}`, token);

  it('lists each supporter who gave openly once, with totals and running recurring support; never an anonymous giver', async () => {
    const { status, body } = await supporters();
    expect(status).toBe(200);
    expect(body.results.map((row) => row.name)).toEqual(['佐藤 月子', '田中 一郎']);
    expect(body.results[0]).toMatchObject({
      email: 'monthly.console@example.com',
      gift_count: 1,
      total: 3_000,
      method: 'creditCard',
      recurring: { period: 'monthly', amount: 3_000, failing: false },
    });
    // The failed gift is not a gift given.
    expect(body.results[1]).toMatchObject({ name_kana: 'タナカイチロウ', gift_count: 1, total: 10_000, recurring: null });
    expect(JSON.stringify(body)).not.toMatch(/秘密|secret\.console/);
  });

  it('filters by running recurring support, lapse, this year’s total and a search', async () => {
    const names = async (query: string) => (await supporters(query)).body.results.map((row) => row.name);
    expect(await names('&recurring=true')).toEqual(['佐藤 月子']);
    expect(await names('&lapsed_months=1')).toEqual([]);
    const sameYear =
      new Date(Date.now() + 9 * 3_600_000 - 10 * DAY).getUTCFullYear() === new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
    expect(await names('&min_this_year=5000')).toEqual(sameYear ? ['田中 一郎'] : []);
    expect(await names(`&q=${encodeURIComponent('たなか')}`)).toEqual([]);
    expect(await names(`&q=${encodeURIComponent('タナカ')}`)).toEqual(['田中 一郎']);
    expect(await names('&sort=total_desc')).toEqual(['田中 一郎', '佐藤 月子']);
  });

  it("opens a supporter's page: them alone and their open gifts, never an anonymous gift nor another associate's giver", async () => {
    const tanaka = (await supporters(`&q=${encodeURIComponent('タナカ')}`)).body.results[0]!;
    expect(tanaka.id).toMatch(/^g\d+$/);
    const alone = await supporters(`&id=${tanaka.id}`);
    expect(alone.body.results.map((row) => row.name)).toEqual(['田中 一郎']);
    const theirGifts = await gifts(`&supporter=${tanaka.id}`);
    expect(theirGifts.body.results.map((gift) => gift.id).sort()).toEqual([ids.openCard, ids.failed].sort());
    // The anonymous giver's donor record names nobody, here or in the gifts table.
    const [hidden] = await t.database.db.select({ id: donors.id }).from(donors).where(eq(donors.email, 'secret.console@example.com'));
    expect((await supporters(`&id=g${hidden!.id}`)).body.results).toEqual([]);
    expect((await gifts(`&supporter=g${hidden!.id}`)).body.results).toEqual([]);
    // A donor record of another associate's gift reaches nobody of this one.
    const [elsewhere] = await t.database.db
      .select({ donorId: donations.donorId })
      .from(donations)
      .where(eq(donations.associateId, otherAssociateId))
      .limit(1);
    if (elsewhere?.donorId) expect((await gifts(`&supporter=g${elsewhere.donorId}`)).body.results).toEqual([]);
    for (const id of ['z1', 'g0', 'u', 'g99999999999', 'u1;drop'])
      expect((await supporters(`&id=${encodeURIComponent(id)}`)).status, id).toBe(400);
  });

  it('is for members only, and refuses hostile filters', async () => {
    expect((await supporters('', tokens.otherMember)).status).toBe(404);
    expect((await supporters('', tokens.plain)).status).toBe(404);
    expect((await get(`/associate/${UID}/console/supporters/`)).status).toBe(401);
    for (const query of ['&lapsed_months=0', '&min_this_year=-1', '&recurring=yes', `&q=${encodeURIComponent('\u0000')}`, '&sort=email'])
      expect((await supporters(query, tokens.owner)).status, query).toBe(400);
  });
});

describe('recurring support', () => {
  const recurring = (query = '', token = tokens.viewer) =>
    get<api.ConsoleRecurring>(`/associate/${UID}/console/recurring/?lang=ja${query}`, token);

  beforeAll(async () => {
    const db = t.database.db;
    const [stopper, anonymous, pauser] = await db
      .insert(donors)
      .values([
        { email: 'stopped.console@example.com', lastName: '鈴木', firstName: '止', lastNameKana: 'スズキ', firstNameKana: 'トメ' },
        { email: 'hidden.monthly@example.com', lastName: '匿名', firstName: '希望', lastNameKana: 'トクメイ', firstNameKana: 'キボウ' },
        { email: 'paused.console@example.com', lastName: '高橋', firstName: '休', lastNameKana: 'タカハシ', firstNameKana: 'ヤスミ' },
      ])
      .returning();
    const today = new Date(Date.now() + 9 * 3_600_000);
    const inDays = (days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
    const base = { associateId, type: 1, period: 'monthly' as const, paymentMethod: PaymentMethodId.CREDIT_CARD, startDate: inDays(-90) };
    await db.insert(recurringDonations).values([
      { ...base, amount: 1_500, status: 'stopped', donorId: stopper!.id, stoppedAt: new Date(), stopReason: '家計の見直しのため' },
      { ...base, amount: 9_000, status: 'suspended', donorId: anonymous!.id, isAnonymous: true, lastFailedAt: new Date() },
      { ...base, amount: 2_500, status: 'active', donorId: pauser!.id, pausedUntil: inDays(20), nextOccurrenceDate: inDays(21) },
    ]);
  });

  it('lists every state with the next charge and the reason given at stop; counts each state', async () => {
    const all = await recurring();
    expect(all.status).toBe(200);
    expect(all.body.counts).toMatchObject({ active: 1, paused: 1, suspended: 1, stopped: 1 });
    const stopped = await recurring('&state=stopped');
    expect(stopped.body.results).toMatchObject([
      {
        amount: 1_500,
        state: 'stopped',
        stop_reason: '家計の見直しのため',
        next_charge_on: null,
        supporter: { name: '鈴木 止', anonymous: false },
      },
    ]);
    const paused = await recurring('&state=paused');
    expect(paused.body.results).toMatchObject([{ amount: 2_500, state: 'paused', paused_until: expect.any(String) }]);
    expect((await recurring('&state=active')).body.results.map((row) => row.amount)).toEqual([3_000]);
  });

  it('never names an anonymous supporter, nor finds them by name', async () => {
    const suspended = await recurring('&state=suspended');
    expect(suspended.body.results).toMatchObject([
      { amount: 9_000, supporter: { anonymous: true, name: null, email: null, supporter_id: null } },
    ]);
    expect((await recurring(`&q=${encodeURIComponent('匿名')}`)).body.results).toEqual([]);
    expect(JSON.stringify((await recurring()).body)).not.toMatch(/hidden\.monthly|匿名 希望/);
  });

  it('is for members only, and refuses hostile filters', async () => {
    expect((await recurring('', tokens.otherMember)).status).toBe(404);
    expect((await recurring('', tokens.plain)).status).toBe(404);
    expect((await get(`/associate/${UID}/console/recurring/`)).status).toBe(401);
    for (const query of ['&state=failing', '&period=weekly', `&q=${encodeURIComponent('\u0000')}`])
      expect((await recurring(query)).status, query).toBe(400);
  });
});

describe('console settings', () => {
  const settings = `/associate/${UID}/console/settings/`;
  async function patch(token: string | undefined, payload: unknown) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: settings,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as never,
      remoteAddress: clientAddress(),
    });
    return response.statusCode;
  }

  it('owners set the month the fiscal year starts, and the donor register follows it', async () => {
    expect((await get<api.ConsoleSettings>(settings, tokens.viewer)).body).toEqual({ fiscal_year_start_month: 4 });
    expect(await patch(tokens.staff, { fiscal_year_start_month: 1 })).toBe(403);
    expect(await patch(tokens.viewer, { fiscal_year_start_month: 1 })).toBe(403);
    expect(await patch(tokens.otherMember, { fiscal_year_start_month: 1 })).toBe(404);
    expect(await patch(tokens.plain, { fiscal_year_start_month: 1 })).toBe(404);
    expect(await patch(undefined, { fiscal_year_start_month: 1 })).toBe(401);
    for (const month of [0, 13, 1.5, '1']) expect(await patch(tokens.owner, { fiscal_year_start_month: month }), String(month)).toBe(400);
    expect((await get<api.ConsoleSettings>(settings, tokens.viewer)).body).toEqual({ fiscal_year_start_month: 4 });

    expect(await patch(tokens.owner, { fiscal_year_start_month: 1 })).toBe(200);
    const year = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
    const register = await get<api.DonorRegisterView>(`/associate/${UID}/console/donor-register/${year}/`, tokens.viewer);
    expect(register.body).toMatchObject({ start_month: 1 });
    expect(await patch(tokens.owner, { fiscal_year_start_month: 4 })).toBe(200);
  });
});
