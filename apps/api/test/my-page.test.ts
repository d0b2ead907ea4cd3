// My page (ADR 033, spec §7 /user/my_page/ and /user/my_page/donation/associate/) and the support
// history: every gift of the signed-in supporter and only theirs, newest first, by year and page,
// with what each can show (split of a portfolio gift, bank account while a transfer is awaited,
// receipt state, reports published since). The home of my page: failing recurring support, awaited
// transfers and this year's deductible total, the caller's only.
import { japanDateOf, type api } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, recurringDonations } from '../src/db/schema/index';
import { insertAwaitedTransfer } from './helpers/awaited-transfer';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { clientAddress } from './helpers/donation-requests';
import { demoSignIn } from './helpers/demo-sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function get<T>(url: string, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: response.json() as T };
}

const tokens = {} as Record<'hanako' | 'kenta' | 'yumi', string>;
const userIds = {} as Record<keyof typeof tokens, number>;
beforeAll(async () => {
  for (const key of ['hanako', 'kenta', 'yumi'] as const) {
    const { token, userId } = await demoSignIn(t, key);
    tokens[key] = token;
    userIds[key] = userId;
  }
});

const history = async (key: keyof typeof tokens, query = '') =>
  (await get<api.SupportHistory>(`/user/my_page/donation/?page_size=100${query}`, tokens[key])).body;

describe('the support history', () => {
  it('answers 401 to anonymous callers on every my page call', async () => {
    for (const url of [
      '/user/my_page/',
      '/user/my_page/donation/',
      '/user/my_page/donation/associate/',
      '/user/my_page/tax-summary/2026/',
    ]) {
      expect((await get(url)).status, url).toBe(401);
    }
  });

  it("lists the supporter's own gifts and no one else's, newest first", async () => {
    const own = await history('hanako');
    const rows = await t.database.db.select({ id: donations.id, userId: donations.userId }).from(donations);
    const hanakos = new Set(rows.filter((row) => row.userId === userIds.hanako).map((row) => row.id));
    expect(own.count).toBe(own.results.length);
    expect(own.results.every((gift) => gift.parts.every((part) => hanakos.has(part.donation_id)))).toBe(true);
    expect(own.results.flatMap((gift) => gift.parts).length).toBe(hanakos.size);
    const at = own.results.map((gift) => gift.paid_at ?? gift.created_at);
    expect([...at].sort().reverse()).toEqual(at);
    const others = await history('kenta');
    expect(others.results.some((gift) => hanakos.has(gift.id))).toBe(false);
  });

  it('filters by year and pages through the gifts', async () => {
    const all = await history('hanako');
    expect(all.years.length).toBeGreaterThanOrEqual(2);
    for (const year of all.years) {
      const ofYear = await history('hanako', `&year=${year}`);
      expect(ofYear.results.every((gift) => gift.year === year)).toBe(true);
      expect(ofYear.count).toBe(all.results.filter((gift) => gift.year === year).length);
    }
    const first = (await get<api.SupportHistory>('/user/my_page/donation/?page_size=5', tokens.hanako)).body;
    const second = (await get<api.SupportHistory>('/user/my_page/donation/?page_size=5&page=2', tokens.hanako)).body;
    expect(first.results).toHaveLength(5);
    expect(second.results.map((gift) => gift.id)).toEqual(all.results.slice(5, 10).map((gift) => gift.id));
    const past = (await get<api.SupportHistory>('/user/my_page/donation/?page_size=5&page=1000', tokens.hanako)).body;
    expect(past).toMatchObject({ count: all.count, results: [] });
  });

  it('says whether each gift can have a receipt, and links the reports published since', async () => {
    const gifts = (await history('hanako')).results;
    const monthly = gifts.filter((gift) => gift.frequency === 'monthly');
    expect(monthly.length).toBe(12);
    expect(monthly.every((gift) => gift.parts[0]!.receipt === 'available' && gift.payment_method === 'creditCard')).toBe(true);
    expect(gifts.some((gift) => gift.parts[0]!.receipt === 'not_requested')).toBe(true);

    const water = gifts.find((gift) => gift.parts[0]!.associate.uid === 'world-water-project')!;
    expect(water.reports).toMatchObject([
      { kind: 'activity', title: '井戸が3基完成しました', associate_uid: 'world-water-project', campaign_id: null },
    ]);
    // The newest monthly gift came after every report of its organisation.
    expect(monthly[0]!.reports).toEqual([]);
    // The oldest one has seen them all, newest first, at most three.
    expect(monthly.at(-1)!.reports.map((report) => report.title)).toEqual([
      '秋の活動報告：こども食堂の利用が月3,200食に',
      '夏休みのお弁当配布を行いました',
    ]);
  });

  it('shows a portfolio gift once, with its split per organisation', async () => {
    const gifts = (await history('yumi')).results;
    const portfolio = gifts.find((gift) => gift.kind === 'portfolio')!;
    expect(portfolio.portfolio).toMatchObject({ name: expect.any(String) });
    expect(portfolio.parts.length).toBeGreaterThan(1);
    expect(portfolio.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(portfolio.amount);
    expect(
      gifts.filter((gift) => gift.parts.some((part) => portfolio.parts.some((other) => other.donation_id === part.donation_id))),
    ).toHaveLength(1);
  });

  it('shows the bank account and deadline while a transfer is awaited, in the language asked', async () => {
    const { donationId, expiration } = await insertAwaitedTransfer(t.database.db, {
      userId: userIds.kenta,
      email: 'kenta@kifu.example',
      amount: 7_000,
      expiresInDays: 5,
    });
    const entry = (await history('kenta', '&lang=en')).results.find((candidate) => candidate.id === donationId)!;
    expect(entry).toMatchObject({
      status: 'awaiting_transfer',
      payment_method: 'bankTransfer',
      paid_at: null,
      virtual_account: { bank_name: 'Demo Net Bank', account_number: '7654321', amount: 7_000, expiration_date: expiration.toISOString() },
      parts: [{ receipt: 'not_paid', receipt_number: null }],
    });
  });
});

describe('my page summary and totals per organisation', () => {
  it("adds up the supporter's received gifts, this year's, organisations and recurring support", async () => {
    const summary = (await get<api.MyPageSummary>('/user/my_page/', tokens.hanako)).body;
    const [paid] = await t.database.db
      .select({ total: sql<number>`sum(${donations.amount})::int`, associates: sql<number>`count(distinct ${donations.associateId})::int` })
      .from(donations)
      .where(and(eq(donations.userId, userIds.hanako), eq(donations.status, 'paid')));
    expect(summary).toMatchObject({ total_amount: paid!.total, associate_count: paid!.associates, active_recurring_count: 1 });
    expect(summary.latest).toHaveLength(5);
    expect(summary.this_year.total).toBeGreaterThan(0);
    expect(summary.this_year.total).toBeLessThanOrEqual(summary.total_amount);
  });

  it('totals each organisation, largest first, a portfolio gift counted at each for its share', async () => {
    const totals = (await get<api.AssociateTotal[]>('/user/my_page/donation/associate/', tokens.yumi)).body;
    const summary = (await get<api.MyPageSummary>('/user/my_page/', tokens.yumi)).body;
    expect(totals.reduce((sum, row) => sum + row.total, 0)).toBe(summary.total_amount);
    expect(totals.map((row) => row.total)).toEqual([...totals.map((row) => row.total)].sort((a, b) => b - a));
    expect(totals.length).toBe(summary.associate_count);
  });
});

const home = async (key: keyof typeof tokens, lang = 'ja') => {
  const reply = await get<api.MyPageHome>(`/user/my_page/home/?lang=${lang}`, tokens[key]);
  expect(reply.status).toBe(200);
  return reply.body;
};

describe('the home of my page (ADR 057, GET /user/my_page/home/)', () => {
  it('answers 401 to an anonymous caller and 400 to a language it does not speak', async () => {
    expect((await get('/user/my_page/home/')).status).toBe(401);
    expect((await get('/user/my_page/home/?lang=fr', tokens.hanako)).status).toBe(400);
  });

  it("shows the owner's failing recurring support and awaited transfer, soonest deadline first, and no one else's", async () => {
    const before = await home('hanako');
    expect(before.failing_recurring).toEqual([]);
    expect(before.awaiting_transfers).toEqual([]);

    // Hanako's monthly card charge failed; she has two transfers to make.
    const [recurring] = await t.database.db
      .update(recurringDonations)
      .set({ firstPaymentFailedAt: new Date() })
      .where(and(eq(recurringDonations.userId, userIds.hanako), eq(recurringDonations.status, 'active')))
      .returning({ id: recurringDonations.id });
    const later = await insertAwaitedTransfer(t.database.db, {
      userId: userIds.hanako,
      email: 'hanako@kifu.example',
      amount: 9_000,
      expiresInDays: 6,
    });
    const sooner = await insertAwaitedTransfer(t.database.db, {
      userId: userIds.hanako,
      email: 'hanako@kifu.example',
      amount: 4_000,
      expiresInDays: 2,
    });

    const after = await home('hanako', 'en');
    expect(after.failing_recurring).toMatchObject([{ id: recurring!.id, state: 'retrying', payment_method: 'creditCard' }]);
    expect(after.awaiting_transfers.map((gift) => gift.id)).toEqual([sooner.donationId, later.donationId]);
    expect(after.awaiting_transfers[0]).toMatchObject({
      amount: 4_000,
      status: 'awaiting_transfer',
      virtual_account: { bank_name: 'Demo Net Bank', account_number: '7654321', expiration_date: sooner.expiration.toISOString() },
    });

    const kentas = await home('kenta');
    expect(kentas.failing_recurring.some((item) => item.id === recurring!.id)).toBe(false);
    expect(kentas.awaiting_transfers.map((gift) => gift.id)).not.toContain(sooner.donationId);
    expect(kentas.awaiting_transfers.map((gift) => gift.id)).not.toContain(later.donationId);
  });

  it("this year's deductible total is the tax summary's eligible total", async () => {
    const year = japanDateOf(new Date()).year;
    for (const key of ['hanako', 'kenta'] as const) {
      const summary = (await get<api.TaxSummary>(`/user/my_page/tax-summary/${year}/`, tokens[key])).body;
      const { this_year } = await home(key);
      expect(this_year).toEqual({ year, deductible: summary.by_eligibility.eligible_total });
    }
    expect((await home('hanako')).this_year.deductible).toBeGreaterThan(0);
  });
});
