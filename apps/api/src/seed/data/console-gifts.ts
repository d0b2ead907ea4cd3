// The console's demo gifts to associates 1 and 6 (ADR 062): the recurring supporters and the gifts
// whose outcome the console must be able to show (a transfer awaited, expired, a failed card, a
// refund), written out; the everyday single gifts are drawn by plan-console-gifts.ts from the
// amounts and messages here. Givers are the supporters of console-supporters.ts by index, or a demo
// account by key (never hanako: her history stays as seed-donations.ts makes it).
import type { PaymentMethod } from '@kifu/domain';

/** The associates whose consoles the demo fills: hanako owns 1 and is staff of 6. */
export const CONSOLE_ASSOCIATE_IDS = [1, 6] as const;
export type ConsoleAssociateId = (typeof CONSOLE_ASSOCIATE_IDS)[number];

export type GiverRef = { guest: number } | { corporate: number } | { user: 'kenta' | 'misaki' | 'sho' | 'yumi' };

export interface RecurringSeed {
  associateId: ConsoleAssociateId;
  giver: GiverRef;
  period: 'monthly' | 'annual';
  method: Extract<PaymentMethod, 'creditCard' | 'walletPay'>;
  /** Monthly gifts; an annual membership costs its plan (`membershipPlan`: the associate's plans in order). */
  amount?: number;
  membershipPlan?: number;
  /** The day of the month it is charged on (1–28). */
  chargeDay: number;
  /** Charges paid so far, the first one (made through the form) included. */
  paid: number;
  /**
   * How many months before this month's charge day the latest one was: an annual membership's
   * anniversary, or the last charge of a stopped gift. 0 (the default) for this month's.
   */
  lastChargedMonthsAgo?: number;
  /**
   * active: charged on its day; paused: the supporter skipped the next `pauseMonths` charges;
   * failing: this month's charge and the provider's two retries failed, so the provider suspended it
   * (my page and the console show it as needing a new card); stopped by the supporter, with a reason.
   */
  state: { kind: 'active' } | { kind: 'paused'; pauseMonths: 2 | 3 } | { kind: 'failing' } | { kind: 'stopped'; reason: string };
  needReceipt: boolean;
  anonymous?: boolean;
  message?: string;
}

export const CONSOLE_RECURRING: readonly RecurringSeed[] = [
  {
    associateId: 1,
    giver: { guest: 0 },
    period: 'monthly',
    method: 'creditCard',
    amount: 3_000,
    chargeDay: 5,
    paid: 30,
    state: { kind: 'active' },
    needReceipt: true,
    message: '毎月少しずつですが、子どもたちの夕ごはんの足しにしてください。',
  },
  { associateId: 1, giver: { corporate: 0 }, period: 'monthly', method: 'creditCard', amount: 10_000, chargeDay: 25, paid: 15, state: { kind: 'active' }, needReceipt: true },
  { associateId: 1, giver: { guest: 4 }, period: 'monthly', method: 'creditCard', amount: 5_000, chargeDay: 10, paid: 10, state: { kind: 'active' }, needReceipt: true },
  { associateId: 1, giver: { guest: 8 }, period: 'monthly', method: 'creditCard', amount: 2_000, chargeDay: 15, paid: 8, state: { kind: 'paused', pauseMonths: 2 }, needReceipt: false },
  { associateId: 1, giver: { guest: 11 }, period: 'monthly', method: 'walletPay', amount: 1_000, chargeDay: 20, paid: 6, state: { kind: 'paused', pauseMonths: 3 }, needReceipt: false },
  { associateId: 1, giver: { guest: 15 }, period: 'monthly', method: 'creditCard', amount: 3_000, chargeDay: 1, paid: 5, state: { kind: 'failing' }, needReceipt: true },
  { associateId: 1, giver: { guest: 19 }, period: 'annual', method: 'creditCard', membershipPlan: 0, chargeDay: 12, paid: 3, lastChargedMonthsAgo: 4, state: { kind: 'active' }, needReceipt: true },
  {
    associateId: 1,
    giver: { guest: 24 },
    period: 'monthly',
    method: 'creditCard',
    amount: 5_000,
    chargeDay: 18,
    paid: 9,
    lastChargedMonthsAgo: 5,
    state: { kind: 'stopped', reason: '家計の見直しのため、しばらくお休みします。落ち着いたらまた再開したいです。' },
    needReceipt: true,
  },
  { associateId: 1, giver: { guest: 27 }, period: 'monthly', method: 'creditCard', amount: 1_000, chargeDay: 18, paid: 4, state: { kind: 'active' }, needReceipt: false, anonymous: true },
  { associateId: 6, giver: { user: 'yumi' }, period: 'monthly', method: 'creditCard', amount: 3_000, chargeDay: 8, paid: 12, state: { kind: 'active' }, needReceipt: true },
  {
    associateId: 6,
    giver: { guest: 1 },
    period: 'monthly',
    method: 'creditCard',
    amount: 5_000,
    chargeDay: 27,
    paid: 20,
    state: { kind: 'active' },
    needReceipt: true,
    message: '学びたい気持ちを持つ子どもたちを、これからも応援しています。',
  },
  { associateId: 6, giver: { guest: 6 }, period: 'annual', method: 'creditCard', membershipPlan: 1, chargeDay: 3, paid: 2, lastChargedMonthsAgo: 9, state: { kind: 'active' }, needReceipt: true },
  { associateId: 6, giver: { corporate: 2 }, period: 'annual', method: 'creditCard', membershipPlan: 2, chargeDay: 1, paid: 3, lastChargedMonthsAgo: 1, state: { kind: 'active' }, needReceipt: true },
  {
    associateId: 6,
    giver: { guest: 10 },
    period: 'monthly',
    method: 'walletPay',
    amount: 2_000,
    chargeDay: 9,
    paid: 4,
    lastChargedMonthsAgo: 7,
    state: { kind: 'stopped', reason: '引っ越しで生活が変わるため、いったん停止します。' },
    needReceipt: true,
  },
  { associateId: 6, giver: { guest: 17 }, period: 'monthly', method: 'creditCard', amount: 10_000, chargeDay: 22, paid: 7, state: { kind: 'active' }, needReceipt: true },
  {
    associateId: 6,
    giver: { guest: 40 },
    period: 'monthly',
    method: 'creditCard',
    amount: 3_000,
    chargeDay: 14,
    paid: 8,
    state: { kind: 'active' },
    needReceipt: true,
    message: 'Happy to support after-school learning in my neighbourhood. Keep up the great work!',
  },
];

/** What a written-out single gift ends as; `twinOfRefund` is the same gift paid, given again by mistake. */
export type SingleOutcome =
  | { kind: 'paid' }
  | { kind: 'awaiting_transfer' }
  | { kind: 'expired' }
  | { kind: 'failed'; reason: string }
  | { kind: 'cancelled' }
  | { kind: 'refunded' };

export interface SingleSeed {
  associateId: ConsoleAssociateId;
  giver: GiverRef;
  method: PaymentMethod;
  amount: number;
  daysAgo: number;
  outcome: SingleOutcome;
  needReceipt?: boolean;
  anonymous?: boolean;
  message?: string;
}

const insufficientFunds = 'insufficient_fund: insufficient funds in the account or the card has reached the credit limit';

/** Outcomes other than paid, and the demo accounts' own gifts (their my page shows them too). */
export const CONSOLE_SINGLE_GIFTS: readonly SingleSeed[] = [
  // Bank transfers awaited (their accounts open for seven days), and one that expired unpaid.
  { associateId: 1, giver: { guest: 3 }, method: 'bankTransfer', amount: 10_000, daysAgo: 1, outcome: { kind: 'awaiting_transfer' }, needReceipt: true },
  { associateId: 1, giver: { corporate: 3 }, method: 'bankTransfer', amount: 100_000, daysAgo: 2, outcome: { kind: 'awaiting_transfer' }, needReceipt: true },
  { associateId: 6, giver: { guest: 13 }, method: 'bankTransfer', amount: 5_000, daysAgo: 0, outcome: { kind: 'awaiting_transfer' } },
  { associateId: 6, giver: { guest: 21 }, method: 'bankTransfer', amount: 30_000, daysAgo: 45, outcome: { kind: 'expired' }, needReceipt: true },
  // Failures at the card gateway and at the wallet, and a wallet checkout left half-way.
  { associateId: 1, giver: { guest: 16 }, method: 'creditCard', amount: 5_000, daysAgo: 12, outcome: { kind: 'failed', reason: insufficientFunds } },
  { associateId: 6, giver: { guest: 30 }, method: 'creditCard', amount: 10_000, daysAgo: 200, outcome: { kind: 'failed', reason: 'stolen_or_lost_card: card was stolen or lost' } },
  { associateId: 1, giver: { guest: 36 }, method: 'walletPay', amount: 3_000, daysAgo: 90, outcome: { kind: 'failed', reason: 'Declined' } },
  { associateId: 6, giver: { guest: 25 }, method: 'walletPay', amount: 5_000, daysAgo: 30, outcome: { kind: 'cancelled' } },
  // The same gift given twice within minutes: one of them was refunded.
  { associateId: 1, giver: { guest: 2 }, method: 'creditCard', amount: 50_000, daysAgo: 160, outcome: { kind: 'paid' }, needReceipt: true },
  { associateId: 1, giver: { guest: 2 }, method: 'creditCard', amount: 50_000, daysAgo: 160, outcome: { kind: 'refunded' }, needReceipt: true },
  { associateId: 6, giver: { guest: 22 }, method: 'creditCard', amount: 10_000, daysAgo: 420, outcome: { kind: 'refunded' }, needReceipt: true },
  // Demo accounts other than hanako.
  {
    associateId: 6,
    giver: { user: 'kenta' },
    method: 'creditCard',
    amount: 10_000,
    daysAgo: 400,
    outcome: { kind: 'paid' },
    needReceipt: true,
    message: '娘が学習支援に通っていました。恩返しの気持ちです。',
  },
  { associateId: 6, giver: { user: 'kenta' }, method: 'creditCard', amount: 5_000, daysAgo: 150, outcome: { kind: 'paid' } },
  { associateId: 6, giver: { user: 'kenta' }, method: 'creditCard', amount: 20_000, daysAgo: 30, outcome: { kind: 'paid' }, needReceipt: true },
  { associateId: 6, giver: { user: 'misaki' }, method: 'bankTransfer', amount: 3_000, daysAgo: 500, outcome: { kind: 'paid' } },
  { associateId: 1, giver: { user: 'sho' }, method: 'creditCard', amount: 30_000, daysAgo: 700, outcome: { kind: 'paid' }, needReceipt: true },
  { associateId: 1, giver: { user: 'sho' }, method: 'creditCard', amount: 3_000, daysAgo: 55, outcome: { kind: 'paid' }, anonymous: true },
  { associateId: 1, giver: { user: 'yumi' }, method: 'walletPay', amount: 5_000, daysAgo: 240, outcome: { kind: 'paid' } },
];

/** How many everyday single gifts are drawn, and over how many days back (three years and a month). */
export const DRAWN_GIFTS = 135;
export const DRAWN_DAYS = 1_125;

/** Everyday amounts, repeated by how often they are given. */
export const PERSONAL_AMOUNTS = [1_000, 2_000, 3_000, 3_000, 3_000, 5_000, 5_000, 5_000, 10_000, 10_000, 10_000, 20_000, 30_000, 50_000, 100_000];
export const CORPORATE_AMOUNTS = [50_000, 100_000, 100_000, 200_000, 300_000, 500_000];
export const CARD_BRANDS = ['Visa', 'Visa', 'Mastercard', 'JCB', 'American Express'];

/** Messages that come with gifts, per associate; the English ones go with gifts given in English. */
export const GIFT_MESSAGES: Readonly<Record<ConsoleAssociateId, { ja: readonly string[]; en: readonly string[] }>> = {
  1: {
    ja: [
      '子どもたちが笑顔でごはんを食べられますように。',
      '近所のこども食堂にいつも助けられています。ささやかですがお役立てください。',
      'ボランティアの皆さん、いつもありがとうございます。',
      '活動報告を読んで寄付を決めました。応援しています。',
      'フードパントリーの活動に使っていただけたら嬉しいです。',
      '自分も子どもの頃に地域の方にお世話になりました。',
      '年末の特別メニューに役立ててください。',
      '職場のみんなで集めました。',
      '物価高のなか大変だと思います。少しでも力になれれば。',
      '毎年この時期に寄付しています。今年もよろしくお願いします。',
    ],
    en: ['Every child deserves a warm meal. Thank you for what you do.', 'A small gift from a neighbour in Setagaya.'],
  },
  6: {
    ja: [
      '学ぶ機会がすべての子どもに届きますように。',
      '教材費の足しにしてください。',
      '学習支援ボランティアをしていた者です。応援しています。',
      '受験を控えた子どもたちに、がんばれと伝えてください。',
      '奨学金のおかげで進学できました。次の世代へ。',
      '足立区の取り組みを新聞で知りました。',
      '子ども食堂と学習支援の両方に感謝しています。',
      '家族で話し合って寄付しました。',
    ],
    en: ['For books and notebooks. Good luck to all the students!', 'Education changes lives. Thank you.'],
  },
};
