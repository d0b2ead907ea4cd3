// Gifts behind the demo's numbers: campaign and reward gifts, general gifts to associates, a
// monthly and an annual recurring donation, a portfolio donation split by shares, a pending bank
// transfer with its virtual account, and a failed and an unfinished card payment. Raised amounts
// and supporter counts are aggregated from these rows, never stored.
import { DonationType, isDeductible, PaymentMethodId, platformFee } from '@kifu/domain';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { ASSOCIATES } from './data/associates';
import { CAMPAIGNS } from './data/campaigns';
import { DEMO_USERS, GIVING_USER_KEYS, GUEST_DONORS } from './data/users';
import { demoUserDonor } from './seed-users';
import type { seedAssociates } from './seed-associates';
import type { seedCampaigns } from './seed-campaigns';
import type { seedPortfolios } from './seed-portfolios';

const DAY_MS = 86_400_000;
type DonationStatus = (typeof t.donationStatusEnum.enumValues)[number];

interface GiftPlan {
  associateId: number;
  amount: number;
  type: DonationType;
  daysAgo: number;
  campaignId?: number;
  rewardId?: number;
  userKey?: string;
  message?: string;
  hideName?: boolean;
  status?: DonationStatus;
  paymentMethod?: PaymentMethodId;
  recurringDonationId?: number;
  portfolioDonationId?: number;
  /** Defaults to gifts of 10,000 yen and more asking for one. */
  needReceipt?: boolean;
  isAnonymous?: boolean;
}

interface Graph {
  associates: Awaited<ReturnType<typeof seedAssociates>>;
  campaigns: Awaited<ReturnType<typeof seedCampaigns>>;
  portfolios: Awaited<ReturnType<typeof seedPortfolios>>;
  userIdOf: (key: string) => number;
}

/** The donor snapshot of a registered user, or of a guest picked round-robin. */
function donorOf(userKey: string | undefined, guestIndex: number): typeof t.donors.$inferInsert {
  if (userKey) return demoUserDonor(userKey);
  // Names repeat, addresses do not: every guest gift is a distinct supporter.
  const guest = GUEST_DONORS[guestIndex % GUEST_DONORS.length]!;
  return {
    email: `guest${guestIndex + 1}@kifu.example`,
    lastName: guest.name[0],
    firstName: guest.name[1],
    lastNameKana: guest.kana[0],
    firstNameKana: guest.kana[1],
  };
}

// A spread of everyday gift sizes, repeated until a campaign reaches its demo progress.
const CROWD_AMOUNTS = [3_000, 5_000, 10_000, 1_000, 30_000, 5_000, 10_000, 50_000, 3_000, 100_000] as const;

function crowdGifts(
  seed: (typeof CAMPAIGNS)[number],
  given: readonly { amount: number }[],
  base: Omit<GiftPlan, 'amount' | 'daysAgo'>,
): GiftPlan[] {
  if (!seed.crowdProgress) return [];
  let missing = Math.round(seed.goalAmount * seed.crowdProgress) - given.reduce((sum, gift) => sum + gift.amount, 0);
  const plans: GiftPlan[] = [];
  for (let index = 0; missing > 0; index++) {
    const amount = Math.min(CROWD_AMOUNTS[index % CROWD_AMOUNTS.length]!, missing);
    plans.push({ ...base, amount, daysAgo: index % Math.max(1, seed.startDaysAgo) });
    missing -= amount;
  }
  return plans;
}

function giftPlans(graph: Graph): GiftPlan[] {
  const campaignGifts = CAMPAIGNS.flatMap((seed) => {
    const campaign = graph.campaigns.campaignByKey.get(seed.key)!;
    const base = { associateId: seed.associateId, campaignId: campaign.id, type: DonationType.CAMPAIGN };
    const gifts = seed.gifts.map((gift, index) => ({ ...base, ...gift, daysAgo: Math.max(0, seed.startDaysAgo - 1 - index) }));
    const rewards = graph.campaigns.rewards.filter((reward) => reward.campaignId === campaign.id);
    const rewardGifts = rewards.flatMap((reward) =>
      Array.from({ length: reward.appliedCount }, (_, index) => ({
        ...base,
        rewardId: reward.id,
        amount: reward.amount,
        daysAgo: Math.max(0, seed.startDaysAgo - 2 - index),
      })),
    );
    return [...gifts, ...rewardGifts, ...crowdGifts(seed, [...gifts, ...rewardGifts], base)];
  });
  const generalGifts = ASSOCIATES.filter((a) => a.isPublished !== false).flatMap((a, index) =>
    Array.from({ length: (a.id % 3) + 1 }, (_, gift) => ({
      associateId: a.id,
      type: DonationType.NORMAL,
      amount: [3_000, 5_000, 10_000][(index + gift) % 3]!,
      daysAgo: 5 + ((index * 7 + gift * 11) % 80),
      userKey: gift === 0 && index % 4 === 0 ? GIVING_USER_KEYS[index % GIVING_USER_KEYS.length]! : undefined,
    })),
  );
  const unfinished: GiftPlan[] = [
    { associateId: 1, type: DonationType.NORMAL, amount: 5_000, daysAgo: 1, status: 'failed' },
    { associateId: 2, type: DonationType.NORMAL, amount: 10_000, daysAgo: 0, status: 'authorizing' },
  ];
  return [...campaignGifts, ...generalGifts, ...unfinished, ...GIVING_HISTORY];
}

/**
 * A year and more of the demo supporters' own gifts with receipts (ADR 033): to certified NPOs
 * and tax-credit public-interest corporations, to organisations that give income deduction only,
 * and to uncertified ones, plus an anonymous gift that has no receipt. Hanako's monthly gifts are
 * in seedRecurring.
 */
const GIVING_HISTORY: GiftPlan[] = [
  ...(
    [
      ['hanako', 2, 10_000, 200],
      ['hanako', 3, 5_000, 150],
      ['hanako', 7, 20_000, 45],
      ['hanako', 11, 10_000, 95],
      ['hanako', 9, 30_000, 380],
      ['kenta', 12, 8_000, 120],
      ['kenta', 4, 5_000, 60],
      ['kenta', 13, 15_000, 250],
      ['misaki', 1, 10_000, 70],
      ['misaki', 5, 3_000, 33],
      ['sho', 6, 50_000, 300],
      ['yumi', 10, 10_000, 160],
    ] as const
  ).map(([userKey, associateId, amount, daysAgo]) => ({
    userKey,
    associateId,
    amount,
    daysAgo,
    type: DonationType.NORMAL,
    needReceipt: true,
  })),
  { userKey: 'hanako', associateId: 6, amount: 3_000, daysAgo: 20, type: DonationType.NORMAL, isAnonymous: true },
];

export async function seedDonations(db: Database, graph: Graph, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  let guestCounter = 0;

  async function give(plans: readonly GiftPlan[]) {
    const donors = await db
      .insert(t.donors)
      .values(plans.map((plan) => donorOf(plan.userKey, plan.userKey ? 0 : guestCounter++)))
      .returning();
    const rows = await db
      .insert(t.donations)
      .values(
        plans.map((plan, index) => {
          const status = plan.status ?? 'paid';
          const paymentMethod = plan.paymentMethod ?? PaymentMethodId.CREDIT_CARD;
          const commission = platformFee(plan.amount, { campaign: plan.campaignId !== undefined });
          const charged = status === 'paid' || status === 'authorizing';
          return {
            associateId: plan.associateId,
            campaignId: plan.campaignId,
            rewardId: plan.rewardId,
            recurringDonationId: plan.recurringDonationId,
            portfolioDonationId: plan.portfolioDonationId,
            userId: plan.userKey ? graph.userIdOf(plan.userKey) : null,
            donorId: donors[index]!.id,
            amount: plan.amount,
            type: plan.type,
            status,
            paymentMethod,
            paymentMethodDetail: paymentMethod === PaymentMethodId.CREDIT_CARD ? 'Visa' : null,
            // Portfolio parts share the parent's charge, so only whole charges carry a provider id.
            paymentProvider: charged && !plan.portfolioDonationId ? 'omise' : null,
            paymentId: charged && !plan.portfolioDonationId ? `chrg_demo_${donors[index]!.id}` : null,
            paidAt: status === 'paid' ? at(plan.daysAgo) : null,
            reasonOfPaymentFailed: status === 'failed' ? 'insufficient_fund' : null,
            commission,
            transferAmount: status === 'paid' ? plan.amount - commission : null,
            isDeductible: isDeductible(plan.associateId),
            isUser: plan.userKey !== undefined,
            isRecurring: plan.recurringDonationId !== undefined,
            isFromSchedule: plan.recurringDonationId !== undefined,
            needReceipt: plan.isAnonymous ? false : (plan.needReceipt ?? plan.amount >= 10_000),
            isAnonymous: plan.isAnonymous ?? false,
            message: plan.message,
            createdAt: at(plan.daysAgo),
          };
        }),
      )
      .returning();
    return rows.map((donation, index) => ({ donation, donor: donors[index]! }));
  }

  const plans = giftPlans(graph);
  const given = await give(plans);
  const gifts = given.map(({ donation }) => donation);
  const donationMessages = await db
    .insert(t.donationMessages)
    .values(
      plans.flatMap((plan, index) => {
        const { donation, donor } = given[index]!;
        if (!plan.message) return [];
        const user = DEMO_USERS.find((candidate) => candidate.key === plan.userKey);
        return [
          {
            donationId: donation.id,
            associateId: plan.associateId,
            campaignId: plan.campaignId,
            userId: donation.userId,
            type: plan.type,
            message: plan.message,
            publishedFrom: user?.nickname ?? `${donor.lastName} ${donor.firstName}`,
            isNamePublic: !plan.hideName,
            createdAt: donation.createdAt,
          },
        ];
      }),
    )
    .returning();

  const recurring = await seedRecurring(db, graph, give, at);
  const portfolio = await seedPortfolioDonation(db, graph, give, at);
  const bankTransfer = await seedBankTransfer(give, db, now);

  const question = graph.associates.surveyQuestions.find((candidate) => candidate.associateId === 1 && !candidate.allowsMultiple)!;
  const choice = graph.associates.surveyChoices.find((candidate) => candidate.questionId === question.id)!;
  const firstGift = gifts.find((gift) => gift.associateId === 1 && gift.status === 'paid')!;
  const surveyAnswers = await db
    .insert(t.surveyAnswers)
    .values({ questionId: question.id, choiceId: choice.id, donationId: firstGift.id })
    .returning();

  return {
    donations: [...gifts, ...recurring.donations, ...portfolio.donations, bankTransfer.donation],
    donationMessages,
    recurringDonations: recurring.recurringDonations,
    portfolioDonations: portfolio.portfolioDonations,
    virtualAccounts: [bankTransfer.virtualAccount],
    surveyAnswers,
  };
}

type Give = (plans: readonly GiftPlan[]) => Promise<{ donation: typeof t.donations.$inferSelect; donor: typeof t.donors.$inferSelect }[]>;

/** Hanako gives monthly to associate 1; Kenta is an annual full member of associate 1. */
async function seedRecurring(db: Database, graph: Graph, give: Give, at: (daysAgo: number) => Date) {
  const plan = graph.associates.membershipPlans.find((candidate) => candidate.associateId === 1)!;
  const [monthlyDonor, annualDonor] = await db
    .insert(t.donors)
    .values(['hanako', 'kenta'].map((key) => donorOf(key, 0)))
    .returning();
  const date = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);
  const recurringDonations = await db
    .insert(t.recurringDonations)
    .values([
      {
        associateId: 1,
        userId: graph.userIdOf('hanako'),
        donorId: monthlyDonor!.id,
        amount: 3_000,
        type: DonationType.NORMAL,
        period: 'monthly' as const,
        onDays: [1],
        status: 'active' as const,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        paymentProvider: 'omise',
        recurringId: 'schd_demo_monthly',
        customerId: 'cust_demo_hanako',
        isUser: true,
        needReceipt: true,
        startDate: date(335),
        nextOccurrenceDate: date(-30),
        registeredAt: at(335),
        lastChargedAt: at(1),
      },
      {
        associateId: 1,
        userId: graph.userIdOf('kenta'),
        donorId: annualDonor!.id,
        membershipPlanId: plan.id,
        amount: plan.unitAmount * plan.unit,
        type: DonationType.NORMAL,
        period: 'annual' as const,
        onDays: [1],
        status: 'active' as const,
        paymentMethod: PaymentMethodId.CREDIT_CARD,
        paymentProvider: 'omise',
        recurringId: 'schd_demo_annual',
        customerId: 'cust_demo_kenta',
        isUser: true,
        needReceipt: true,
        startDate: date(100),
        nextOccurrenceDate: date(-265),
        registeredAt: at(100),
        lastChargedAt: at(100),
      },
    ])
    .returning();
  const [monthly, annual] = recurringDonations;
  // Twelve monthly charges, the latest yesterday.
  const monthlyCharges = Array.from({ length: 12 }, (_, month) => ({
    associateId: 1,
    type: DonationType.NORMAL,
    amount: monthly!.amount,
    daysAgo: 1 + 30 * (11 - month),
    userKey: 'hanako',
    recurringDonationId: monthly!.id,
    needReceipt: true,
  }));
  const given = await give([
    ...monthlyCharges,
    { associateId: 1, type: DonationType.NORMAL, amount: annual!.amount, daysAgo: 100, userKey: 'kenta', recurringDonationId: annual!.id },
  ]);
  return { recurringDonations, donations: given.map(({ donation }) => donation) };
}

/** Yumi gives 10,000 yen to the first portfolio; each associate gets its share of the current revision. */
async function seedPortfolioDonation(db: Database, graph: Graph, give: Give, at: (daysAgo: number) => Date) {
  const portfolio = graph.portfolios.portfolios[0]!;
  const revision = graph.portfolios.portfolioRevisions.filter((row) => row.portfolioId === portfolio.id).at(-1)!;
  const shares = graph.portfolios.portfolioCompositions.filter((row) => row.revisionId === revision.id);
  const amount = 10_000;
  const [parent] = await db
    .insert(t.portfolioDonations)
    .values({
      portfolioId: portfolio.id,
      revisionId: revision.id,
      userId: graph.userIdOf('yumi'),
      amount,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status: 'paid',
      paymentProvider: 'omise',
      paymentId: 'chrg_demo_portfolio',
      paidAt: at(8),
    })
    .returning();
  const parts = shares.map((share) => Math.floor((amount * share.shareBp) / 10_000));
  // Rounding leftovers go to the first associate so the parts add up to the charge.
  parts[0]! += amount - parts.reduce((sum, part) => sum + part, 0);
  const given = await give(
    shares.map((share, index) => ({
      associateId: share.associateId,
      type: DonationType.PORTFOLIO,
      amount: parts[index]!,
      daysAgo: 8,
      userKey: 'yumi',
      portfolioDonationId: parent!.id,
    })),
  );
  return { portfolioDonations: [parent!], donations: given.map(({ donation }) => donation) };
}

/** A bank transfer waiting for its deposit (spec §3 "Virtual bank account"). */
async function seedBankTransfer(give: Give, db: Database, now: Date) {
  const [given] = await give([
    {
      associateId: 6,
      type: DonationType.NORMAL,
      amount: 20_000,
      daysAgo: 0,
      status: 'awaiting_transfer',
      paymentMethod: PaymentMethodId.BANK_TRANSFER,
    },
  ]);
  const [virtualAccount] = await db
    .insert(t.virtualAccounts)
    .values({
      donationId: given!.donation.id,
      provider: 'sandbox-bank',
      providerAccountId: 'va_demo_1',
      bankName: 'デモネット銀行',
      branchName: 'きふ支店',
      accountNumber: '1234567',
      accountHolder: 'キフ（カ',
      amount: given!.donation.amount,
      expirationDate: new Date(now.getTime() + 7 * DAY_MS),
    })
    .returning();
  return { donation: given!.donation, virtualAccount: virtualAccount! };
}
