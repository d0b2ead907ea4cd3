// The console overview's charts (ADR 076): who may read them, input refused with a 4xx, and every
// series checked against gifts written here to an associate of the test's own, worked by hand:
// two gifts on one Japan day (one just before midnight), a partial and a full refund, an
// anonymous gift, a supporter who returns (under another spelling of their e-mail), a monthly
// supporter who stops after three charges, an annual one whose amount changed, a campaign.
import type { api } from '@kifu/domain';
import { PaymentMethodId } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donations, donors, recurringDonationChanges, recurringDonations } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { consoleAssociate, consoleCall, type ConsoleCaller } from './helpers/console-callers';

let t: TestApp;
const UID = 'console-insights-test';
let tokens: Record<ConsoleCaller, string>;
const jst = (at: string) => new Date(`${at}+09:00`);

async function writeGifts(associateId: number) {
  const db = t.database.db;
  const donor = (email: string) => ({ email, lastName: '試験', firstName: '太郎', lastNameKana: 'シケン', firstNameKana: 'タロウ' });
  const [a, aAgain, b, hidden, monthly, annual] = await db
    .insert(donors)
    .values([
      donor('a.insights@example.com'),
      donor('A.Insights@Example.com'),
      donor('b.insights@example.com'),
      donor('hidden.insights@example.com'),
      donor('monthly.insights@example.com'),
      donor('annual.insights@example.com'),
    ])
    .returning({ id: donors.id });
  const [monthlySupport, annualSupport] = await db
    .insert(recurringDonations)
    .values([
      {
        associateId,
        type: 1,
        amount: 1_500,
        period: 'monthly',
        status: 'stopped',
        startDate: '2024-01-15',
        stoppedAt: jst('2024-03-20T12:00:00'),
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        donorId: monthly!.id,
      },
      {
        associateId,
        type: 1,
        amount: 24_000,
        period: 'annual',
        status: 'active',
        startDate: '2024-02-01',
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        donorId: annual!.id,
      },
    ])
    .returning({ id: recurringDonations.id });
  // The annual supporter gave 12,000 a year until 10 March 2024, 24,000 since.
  await db.insert(recurringDonationChanges).values({
    recurringDonationId: annualSupport!.id,
    kind: 'amount',
    fromAmount: 12_000,
    toAmount: 24_000,
    actor: 'supporter',
    createdAt: jst('2024-03-10T10:00:00'),
  });
  const [campaign] = await db
    .insert(campaigns)
    .values([
      {
        associateId,
        type: 2,
        status: 'published',
        title: '給食室の改修',
        titleEn: 'A new kitchen',
        mainVisualPath: 'demo/main.png',
        goalAmount: 100_000,
        startAt: jst('2024-04-01T00:00:00'),
      },
      {
        associateId,
        type: 2,
        status: 'draft',
        title: '下書き',
        mainVisualPath: 'demo/main.png',
        goalAmount: 50_000,
        startAt: jst('2024-05-01T00:00:00'),
      },
    ])
    .returning({ id: campaigns.id });
  const gift = (donorId: number, amount: number, method: number, at: string, extra: Partial<typeof donations.$inferInsert> = {}) => ({
    associateId,
    type: 1,
    donorId,
    amount,
    paymentMethod: method,
    status: 'paid' as const,
    paidAt: jst(at),
    createdAt: jst(at),
    ...extra,
  });
  const card = PaymentMethodId.CREDIT_CARD;
  const charge = (at: string) => gift(monthly!.id, 1_500, card, at, { recurringDonationId: monthlySupport!.id, isRecurring: true });
  await db.insert(donations).values([
    charge('2024-01-15T10:00:00'),
    charge('2024-02-15T10:00:00'),
    charge('2024-03-15T10:00:00'),
    gift(annual!.id, 12_000, card, '2024-02-01T10:00:00', { recurringDonationId: annualSupport!.id, isRecurring: true }),
    gift(a!.id, 1_000, card, '2024-02-10T10:00:00'),
    gift(aAgain!.id, 2_000, card, '2024-03-05T09:00:00'),
    // 23:30 in Japan is still 5 March there, though 14:30 UTC; refunded 1,000 of 3,000.
    gift(b!.id, 3_000, PaymentMethodId.BANK_TRANSFER, '2024-03-05T23:30:00', { refundedAmount: 1_000 }),
    // 00:10 in Japan on 6 March is 5 March in UTC.
    gift(hidden!.id, 5_000, PaymentMethodId.WALLET_PAY, '2024-03-06T00:10:00', { isAnonymous: true }),
    gift(a!.id, 9_000, card, '2024-03-07T10:00:00', { status: 'refunded', refundedAmount: 9_000 }),
    gift(b!.id, 4_000, card, '2024-03-08T10:00:00', { status: 'failed', paidAt: null }),
    gift(b!.id, 10_000, card, '2024-04-02T10:00:00', { campaignId: campaign!.id, refundedAmount: 2_500 }),
  ]);
}

beforeAll(async () => {
  t = await buildTestApp();
  const made = await consoleAssociate(t, UID, 'チャート試験の会');
  tokens = made.tokens;
  await writeGifts(made.associate.id);
}, 120_000);
afterAll(() => t?.close());

/** As the viewer unless told: the role with the least that may read them. */
const insights = (query: string, as: ConsoleCaller | 'anonymous' = 'viewer') =>
  consoleCall<api.ConsoleInsights>(t, 'GET', `/associate/${UID}/console/insights/?${query}`, as === 'anonymous' ? undefined : tokens[as]);

describe('who may read the charts', () => {
  it('answers every member, viewers included; another associate’s member and a plain user find nothing; anonymous must sign in', async () => {
    const expected: Record<ConsoleCaller | 'anonymous', number> = {
      owner: 200,
      staff: 200,
      viewer: 200,
      otherMember: 404,
      plain: 404,
      anonymous: 401,
    };
    for (const [as, status] of Object.entries(expected)) {
      const answer = await insights('period=month', as as ConsoleCaller | 'anonymous');
      expect([as, answer.status]).toEqual([as, status]);
    }
  });
});

describe('input', () => {
  it.each([
    ['an unknown period', 'period=year'],
    ['a date that does not exist', 'from=2024-02-30&to=2024-03-01'],
    ['a range that ends before it starts', 'from=2024-03-02&to=2024-03-01'],
    ['more days than a day chart draws', 'period=day&from=2023-01-01&to=2024-03-01'],
    ['a NUL byte', 'from=2024-03-01%00&to=2024-03-02'],
    ['a year before the platform', 'from=0001-01-01&to=0001-01-02'],
    ['an unknown language', 'lang=fr'],
  ])('refuses %s with 400', async (_what, query) => {
    const answer = await insights(query);
    expect(answer.status).toBe(400);
  });

  it('refuses an associate uid that cannot be one', async () => {
    const answer = await consoleCall(t, 'GET', `/associate/${'x'.repeat(300)}/console/insights/`, tokens.owner);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('leaves out the range: the twelve months up to today', async () => {
    const { body } = await insights('period=month');
    expect(body.gifts).toHaveLength(12);
    expect(body.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date()));
    expect(body.from).toBe(`${body.gifts[0]!.start}`);
  });
});

describe('the numbers', () => {
  it('counts a Japan day’s paid gifts for what they kept, and who was new or came back', async () => {
    const { status, body } = await insights('period=day&from=2024-03-01&to=2024-03-31');
    expect(status).toBe(200);
    expect(body.gifts).toHaveLength(31);
    const on = (date: string) => body.gifts.find((bucket) => bucket.start === date);
    // A 2,000 and B's 3,000 less 1,000 refunded; the full refund on 7 March and the failed gift count for nothing.
    expect(on('2024-03-05')).toEqual({ start: '2024-03-05', count: 2, amount: 4_000 });
    expect(on('2024-03-06')).toEqual({ start: '2024-03-06', count: 1, amount: 5_000 });
    expect(on('2024-03-07')).toEqual({ start: '2024-03-07', count: 0, amount: 0 });
    expect(on('2024-03-08')).toEqual({ start: '2024-03-08', count: 0, amount: 0 });
    const supporters = (date: string) => body.supporters.find((bucket) => bucket.start === date);
    // A gave in February (as a.insights@, now A.Insights@): returning; B is new; the anonymous gift is only counted.
    expect(supporters('2024-03-05')).toEqual({ start: '2024-03-05', new: 1, returning: 1, anonymous_gifts: 0 });
    expect(supporters('2024-03-06')).toEqual({ start: '2024-03-06', new: 0, returning: 0, anonymous_gifts: 1 });
  });

  it('groups by weeks from Monday', async () => {
    const { body } = await insights('period=week&from=2024-03-04&to=2024-03-10');
    expect(body.gifts).toEqual([{ start: '2024-03-04', count: 3, amount: 9_000 }]);
  });

  it('answers months, methods, kinds and supporters over the first quarter of 2024', async () => {
    const { body } = await insights('period=month&from=2024-01-01&to=2024-03-31');
    expect(body.gifts).toEqual([
      { start: '2024-01-01', count: 1, amount: 1_500 },
      { start: '2024-02-01', count: 3, amount: 14_500 },
      { start: '2024-03-01', count: 4, amount: 10_500 },
    ]);
    expect(body.supporters).toEqual([
      { start: '2024-01-01', new: 1, returning: 0, anonymous_gifts: 0 },
      { start: '2024-02-01', new: 2, returning: 1, anonymous_gifts: 0 },
      { start: '2024-03-01', new: 1, returning: 2, anonymous_gifts: 1 },
    ]);
    expect(body.by_method).toEqual([
      { method: 'creditCard', count: 6, amount: 19_500 },
      { method: 'walletPay', count: 1, amount: 5_000 },
      { method: 'bankTransfer', count: 1, amount: 2_000 },
    ]);
    expect(body.by_kind).toEqual([
      { kind: 'single', count: 4, amount: 10_000 },
      { kind: 'monthly', count: 3, amount: 4_500 },
      { kind: 'annual', count: 1, amount: 12_000 },
    ]);
  });

  it('answers MRR at each month end with the amounts of the time, and a monthly cohort that stopped after its third charge', async () => {
    const { body } = await insights('period=month&from=2024-01-01&to=2024-06-30');
    // At least twelve months: July 2023 to June 2024.
    expect(body.mrr).toHaveLength(12);
    expect(body.mrr.slice(5, 9)).toEqual([
      { month: '2023-12', amount: 0, monthly: 0, annual: 0 },
      { month: '2024-01', amount: 1_500, monthly: 1, annual: 0 },
      // 1,500 monthly + 12,000 / 12.
      { month: '2024-02', amount: 2_500, monthly: 1, annual: 1 },
      // The monthly support stopped on 20 March; the annual one is 24,000 since 10 March.
      { month: '2024-03', amount: 2_000, monthly: 0, annual: 1 },
    ]);
    expect(body.cohorts).toEqual([{ month: '2024-01', size: 1, still: [1, 0, 0, 0] }]);
  });

  it('answers each published or closed campaign’s kept amount against its goal, in the language asked', async () => {
    const { body } = await insights('lang=en');
    expect(body.campaigns).toEqual([{ id: expect.any(Number), title: 'A new kitchen', status: 'published', raised: 7_500, goal: 100_000 }]);
  });
});
