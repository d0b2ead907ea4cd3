// What the console's demo gifts are (ADR 062), worked out before anything is written: one donor
// snapshot per gift (per recurring donation, shared by its charges), the recurring donations with
// their charges as donations and their history, the written-out outcomes, and DRAWN_GIFTS everyday
// single gifts drawn with a seeded generator over the last three years — so at least two whole
// fiscal years (April to March) lie behind any seeding day, for the donor register. Guests' receipts
// are issued with the numbers issue-receipt.ts would have given them, year by year in the order
// they were issued, and the counters end at the last one so the next receipt issued follows on.
// Plain data and dates relative to `now`: the same `now` always gives the same plan.
import {
  addChargeMonths,
  DonationType,
  isDeductible,
  japanIsoDate,
  type PaymentMethod,
  paymentMethodIdOf,
  platformFee,
  receiptNumber,
  receiptYearOf,
} from '@kifu/domain';
import type * as t from '../db/schema/index';
import {
  CARD_BRANDS,
  CONSOLE_RECURRING,
  CONSOLE_SINGLE_GIFTS,
  CORPORATE_AMOUNTS,
  DRAWN_DAYS,
  DRAWN_GIFTS,
  GIFT_MESSAGES,
  PERSONAL_AMOUNTS,
  type ConsoleAssociateId,
  type GiverRef,
  type RecurringSeed,
  type SingleOutcome,
  type SingleSeed,
} from './data/console-gifts';
import { CORPORATE_SUPPORTERS, GUEST_SUPPORTERS, SUPPORTER_MAIL_DOMAIN, type SupporterAddress } from './data/console-supporters';
import { DEMO_USERS } from './data/users';
import { BANK_PROVIDER } from '../providers/bank/bank-gateway';
import { seededRandom, type SeededRandom } from './seeded-random';
import { demoUserDonor } from './seed-users';

type DonorRow = typeof t.donors.$inferInsert;
type DonationStatus = (typeof t.donationStatusEnum.enumValues)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The generator's seed: any fixed number; changing it draws other gifts. */
const SEED = 0x6b696675;
/** Gifts of the last half year answered the associate's survey (its first question is required). */
const SURVEY_DAYS = 180;
/** A guest's receipt is issued when they open the thank-you mail's link, some days after the gift. */
const RECEIPT_AFTER_DAYS = 10;
/** BANK_TRANSFER_EXPIRY_DAYS' default. */
const TRANSFER_OPEN_DAYS = 7;
/**
 * The demo's own bank name for transfers still open or expired: no job asks the bank about these
 * rows (ADR 062). Paid transfers name the bank itself, which holds them once the API tells the
 * sandbox the demo's payments (ADR 072), so the console refunds them through it.
 */
const DEMO_BANK = 'sandbox-bank';
const CARD_PROVIDER = 'omise';
const WALLET_PROVIDER = 'wallet';

export interface ConsoleGiftRefs {
  /** The yearly price of an associate's membership plan, by its place in the associate's list. */
  membershipAmount(associateId: ConsoleAssociateId, plan: number): number;
  /** How many choices the associate's two survey questions offer; null without a survey. */
  surveyChoiceCounts(associateId: ConsoleAssociateId): { heardFrom: number; interests: number } | null;
}

export interface PlannedRecurring {
  /** Index into `donors`. */
  donor: number;
  userKey: string | null;
  membershipPlan: number | null;
  row: Omit<typeof t.recurringDonations.$inferInsert, 'donorId' | 'userId' | 'membershipPlanId'>;
  changes: Omit<typeof t.recurringDonationChanges.$inferInsert, 'recurringDonationId'>[];
}

export interface PlannedGift {
  donor: number;
  userKey: string | null;
  /** Index into `recurring`. */
  recurring: number | null;
  row: Omit<typeof t.donations.$inferInsert, 'donorId' | 'userId' | 'recurringDonationId'> & {
    associateId: ConsoleAssociateId;
    amount: number;
    status: DonationStatus;
    createdAt: Date;
    paidAt: Date | null;
    needReceipt: boolean;
    isAnonymous: boolean;
  };
  message: { text: string; publishedFrom: string; isNamePublic: boolean } | null;
  /** Choice indexes: the first question's answer, and any of the second's. */
  survey: { heardFrom: number; interests: number[] } | null;
  account: Omit<typeof t.virtualAccounts.$inferInsert, 'donationId'> | null;
  receipt: { year: number; sequence: number; number: string; issuedAt: Date } | null;
}

export interface ConsoleGiftPlan {
  donors: DonorRow[];
  recurring: PlannedRecurring[];
  /** Oldest first, so donation ids follow time. */
  gifts: PlannedGift[];
  receiptCounters: { associateId: number; year: number; lastSequence: number }[];
}

interface Giver {
  donor: DonorRow;
  userKey: string | null;
  /** As a message signs it. */
  signature: string;
  hasAddress: boolean;
  corporate: boolean;
  inEnglish: boolean;
}

const addressColumns = (address: SupporterAddress) => ({ ...address, address2: address.address2 ?? '' });
const phoneOf = (index: number, prefix: string) => `${prefix}${String(23_456_789 + index * 1_048_573).slice(-8)}`;

function giverOf(ref: GiverRef): Giver {
  if ('user' in ref) {
    const user = DEMO_USERS.find((candidate) => candidate.key === ref.user)!;
    return {
      donor: demoUserDonor(ref.user),
      userKey: ref.user,
      signature: user.nickname,
      hasAddress: true,
      corporate: false,
      inEnglish: false,
    };
  }
  if ('corporate' in ref) {
    const corporation = CORPORATE_SUPPORTERS[ref.corporate]!;
    return {
      donor: {
        email: `${corporation.mailbox}@${SUPPORTER_MAIL_DOMAIN}`,
        isCorporate: true,
        lastName: corporation.name[0],
        firstName: corporation.name[1],
        lastNameKana: corporation.kana[0],
        firstNameKana: corporation.kana[1],
        ...addressColumns(corporation.address),
        phone: phoneOf(ref.corporate, '03'),
      },
      userKey: null,
      signature: corporation.name[0],
      hasAddress: true,
      corporate: true,
      inEnglish: false,
    };
  }
  const guest = GUEST_SUPPORTERS[ref.guest]!;
  return {
    donor: {
      email: `${guest.mailbox}@${SUPPORTER_MAIL_DOMAIN}`,
      lastName: guest.name[0],
      firstName: guest.name[1],
      lastNameKana: guest.kana[0],
      firstNameKana: guest.kana[1],
      gender: guest.gender,
      birthday: guest.birthday ?? null,
      ...(guest.address ? { ...addressColumns(guest.address), phone: phoneOf(ref.guest, ['090', '080', '070'][ref.guest % 3]!) } : {}),
    },
    userKey: null,
    signature: guest.inEnglish ? `${guest.name[1]} ${guest.name[0]}` : `${guest.name[0]} ${guest.name[1]}`,
    hasAddress: guest.address !== undefined,
    corporate: false,
    inEnglish: guest.inEnglish ?? false,
  };
}

/** The donation form asks no address on the wallet path only, and a receipt needs one. */
function assertGivable(giver: Giver, method: PaymentMethod, needReceipt: boolean, what: string): void {
  if (!giver.hasAddress && (method !== 'walletPay' || needReceipt))
    throw new Error(`${what}: ${giver.donor.email} has no address, so gives by wallet pay without a receipt`);
}

const isoDayAfter = (on: string, days: number) => japanIsoDate(new Date(Date.parse(`${on}T12:00:00+09:00`) + days * DAY_MS));

/** The latest day on `chargeDay` (1–28) that is not after `on`. */
function latestChargeDay(on: string, chargeDay: number): string {
  const sameMonth = `${on.slice(0, 8)}${String(chargeDay).padStart(2, '0')}`;
  return sameMonth <= on ? sameMonth : addChargeMonths(on, -1, chargeDay);
}

export function planConsoleGifts(now: Date, refs: ConsoleGiftRefs): ConsoleGiftPlan {
  const random = seededRandom(SEED);
  const donors: DonorRow[] = [];
  const recurring: PlannedRecurring[] = [];
  const gifts: PlannedGift[] = [];
  let charges = 0;
  const before = (at: Date) => new Date(Math.min(at.getTime(), now.getTime() - 60_000));
  /** A charge on a Japan day, in the morning as the provider's schedules run, never after now. */
  const chargedAt = (on: string, minute: number) => before(new Date(`${on}T09:${String(minute % 60).padStart(2, '0')}:00+09:00`));

  /** `received`: the money arrived (a transfer still open or expired keeps the demo bank's name). */
  function payment(method: PaymentMethod, received = true) {
    charges += 1;
    if (method === 'creditCard') return { paymentProvider: CARD_PROVIDER, paymentId: `chrg_demo_console_${charges}` };
    if (method === 'walletPay') return { paymentProvider: WALLET_PROVIDER, paymentId: `demo-wallet-console-${charges}` };
    return { paymentProvider: received ? BANK_PROVIDER : DEMO_BANK, paymentId: `va_demo_console_${charges}` };
  }

  function addDonor(giver: Giver): number {
    donors.push({ ...giver.donor });
    return donors.length - 1;
  }

  function messageOf(giver: Giver, text: string | undefined, namePublic: boolean, anonymous: boolean) {
    return text ? { text, publishedFrom: anonymous ? '' : giver.signature, isNamePublic: namePublic && !anonymous } : null;
  }

  function planRecurring(seed: RecurringSeed, index: number): void {
    const giver = giverOf(seed.giver);
    assertGivable(giver, seed.method, seed.needReceipt, `recurring ${index}`);
    const annual = seed.period === 'annual';
    const step = annual ? 12 : 1;
    const day = seed.chargeDay;
    const amount = annual ? refs.membershipAmount(seed.associateId, seed.membershipPlan!) : seed.amount!;
    const state = seed.state;
    // A failing gift's month was tried three days running, the last of them before today.
    const anchor = state.kind === 'failing' ? japanIsoDate(new Date(now.getTime() - 3 * DAY_MS)) : japanIsoDate(now);
    const latest = addChargeMonths(latestChargeDay(anchor, day), -(seed.lastChargedMonthsAgo ?? 0), day);
    const lastPaid = state.kind === 'failing' ? addChargeMonths(latest, -step, day) : latest;
    const paidDays = Array.from({ length: seed.paid }, (_, k) => addChargeMonths(lastPaid, -step * (seed.paid - 1 - k), day));
    const failedDays = state.kind === 'failing' ? [0, 1, 2].map((retry) => isoDayAfter(latest, retry)) : [];
    const minute = (index * 7) % 60;
    const brand =
      seed.method === 'creditCard'
        ? (DEMO_USERS.find((user) => user.key === giver.userKey)?.card?.brand ?? random.pick(CARD_BRANDS))
        : null;
    const registeredAt = new Date(chargedAt(paidDays[0]!, minute).getTime() - 2 * 60_000);
    const lastChargedAt = chargedAt(paidDays.at(-1)!, minute);
    const actor = giver.userKey ? 'supporter' : 'guest';
    const next = addChargeMonths(latest, step, day);
    const failedAt = failedDays.map((on) => chargedAt(on, minute));
    const lifecycle = {
      active: () => ({ status: 'active' as const, nextOccurrenceDate: next, changes: [] }),
      paused: (pauseMonths: number) => {
        const resumesOn = addChargeMonths(latest, 1 + pauseMonths, day);
        return {
          status: 'active' as const,
          pausedUntil: resumesOn,
          nextOccurrenceDate: resumesOn,
          changes: [
            { kind: 'pause' as const, onDate: resumesOn, actor, createdAt: before(new Date(lastChargedAt.getTime() + 4 * DAY_MS)) },
          ],
        };
      },
      failing: () => {
        const suspendedAt = new Date(failedAt.at(-1)!.getTime() + HOUR_MS);
        return {
          status: 'suspended' as const,
          nextOccurrenceDate: next,
          firstPaymentFailedAt: failedAt[0],
          lastFailedAt: failedAt.at(-1),
          suspendedAt,
          changes: [{ kind: 'suspend' as const, actor: 'system', createdAt: suspendedAt }],
        };
      },
      stopped: (reason: string) => {
        const stoppedAt = new Date(lastChargedAt.getTime() + 12 * DAY_MS);
        return {
          status: 'stopped' as const,
          nextOccurrenceDate: null,
          stoppedAt,
          stopReason: reason,
          changes: [{ kind: 'stop' as const, reason, actor, createdAt: stoppedAt }],
        };
      },
    };
    const { changes, ...status } =
      state.kind === 'paused'
        ? lifecycle.paused(state.pauseMonths)
        : state.kind === 'stopped'
          ? lifecycle.stopped(state.reason)
          : lifecycle[state.kind]();
    const card = seed.method === 'creditCard';
    const donor = addDonor(giver);
    const anonymous = seed.anonymous ?? false;
    recurring.push({
      donor,
      userKey: giver.userKey,
      membershipPlan: seed.membershipPlan ?? null,
      row: {
        associateId: seed.associateId,
        amount,
        type: DonationType.NORMAL,
        period: seed.period,
        onDays: [day],
        paymentMethod: paymentMethodIdOf[seed.method],
        paymentMethodDetail: brand,
        paymentProvider: card ? CARD_PROVIDER : WALLET_PROVIDER,
        recurringId: card ? `schd_demo_console_${index + 1}` : null,
        customerId: card ? `cust_demo_${giver.userKey ?? `console_${index + 1}`}` : null,
        walletPayChargePermissionId: card ? null : `demo-permission-console-${index + 1}`,
        needReceipt: seed.needReceipt,
        inEnglish: giver.inEnglish,
        isDeductible: isDeductible(seed.associateId),
        isUser: giver.userKey !== null,
        isAnonymous: anonymous,
        message: seed.message ?? null,
        startDate: paidDays[0]!,
        registeredAt,
        lastChargedAt,
        createdAt: registeredAt,
        updatedAt: changes.at(-1)?.createdAt ?? lastChargedAt,
        ...status,
      },
      changes,
    });
    const occurrence = (createdAt: Date, outcome: SingleOutcome, first: boolean): PlannedGift => ({
      donor,
      userKey: giver.userKey,
      recurring: index,
      row: {
        ...giftColumns(seed.associateId, amount, seed.method, brand, createdAt, settle(outcome, createdAt, amount, 0)),
        ...payment(seed.method),
        needReceipt: seed.needReceipt,
        inEnglish: giver.inEnglish,
        isUser: giver.userKey !== null,
        isAnonymous: anonymous,
        isRecurring: true,
        isFromSchedule: !first,
        message: first ? (seed.message ?? null) : null,
      },
      message: first ? messageOf(giver, seed.message, true, anonymous) : null,
      survey: null,
      account: null,
      receipt: null,
    });
    paidDays.forEach((on, k) => gifts.push(occurrence(chargedAt(on, minute), { kind: 'paid' }, k === 0)));
    failedAt.forEach((at) => gifts.push(occurrence(at, { kind: 'failed', reason: INSUFFICIENT_FUNDS }, false)));
  }

  /** Status, dates and money of a gift made at `createdAt`; a bank deposit comes `depositDays` later. */
  function settle(outcome: SingleOutcome, createdAt: Date, amount: number, depositHours: number) {
    const paidAt = new Date(createdAt.getTime() + (depositHours > 0 ? depositHours * HOUR_MS : 20_000));
    const fee = platformFee(amount, { campaign: false });
    switch (outcome.kind) {
      case 'paid':
        return { status: 'paid' as const, paidAt, commission: fee, transferAmount: amount - fee, updatedAt: paidAt };
      case 'refunded':
        // Received, then given back in full from the console (ADR 064): nothing is paid out.
        return {
          status: 'refunded' as const,
          paidAt,
          refundedAmount: amount,
          commission: 0,
          transferAmount: 0,
          updatedAt: new Date(paidAt.getTime() + 2 * DAY_MS),
        };
      case 'awaiting_transfer':
        return { status: 'awaiting_transfer' as const, paidAt: null, commission: 0, transferAmount: null, updatedAt: createdAt };
      case 'expired':
        return {
          status: 'expired' as const,
          paidAt: null,
          commission: 0,
          transferAmount: null,
          reasonOfPaymentFailed: 'transfer_expired',
          updatedAt: new Date(createdAt.getTime() + TRANSFER_OPEN_DAYS * DAY_MS),
        };
      case 'failed':
      case 'cancelled':
        return {
          status: outcome.kind,
          paidAt: null,
          commission: 0,
          transferAmount: null,
          reasonOfPaymentFailed: outcome.kind === 'failed' ? outcome.reason : 'BuyerCanceled',
          updatedAt: new Date(createdAt.getTime() + 60_000),
        };
    }
  }

  function giftColumns(
    associateId: ConsoleAssociateId,
    amount: number,
    method: PaymentMethod,
    brand: string | null,
    createdAt: Date,
    settled: ReturnType<typeof settle>,
  ) {
    return {
      associateId,
      amount,
      type: DonationType.NORMAL,
      paymentMethod: paymentMethodIdOf[method],
      paymentMethodDetail: method === 'creditCard' ? brand : null,
      isDeductible: isDeductible(associateId),
      createdAt,
      ...settled,
    };
  }

  function planSingle(
    seed: SingleSeed,
    minutes: number,
    details: { namePublic: boolean; newsletter: boolean; survey: PlannedGift['survey'] },
  ): void {
    const giver = giverOf(seed.giver);
    const anonymous = seed.anonymous ?? false;
    const needReceipt = !anonymous && (seed.needReceipt ?? false);
    assertGivable(giver, seed.method, needReceipt, `gift of ${seed.amount} yen ${seed.daysAgo} days ago`);
    const createdAt = new Date(now.getTime() - seed.daysAgo * DAY_MS - minutes * 60_000);
    const bank = seed.method === 'bankTransfer';
    // A transfer arrives one to three days later, in banking hours.
    const depositHours = bank ? 24 * (1 + (minutes % 3)) + (minutes % 7) : 0;
    const settled = settle(seed.outcome, createdAt, seed.amount, depositHours);
    const paymentIds = payment(seed.method, settled.status === 'paid' || settled.status === 'refunded');
    const brand = seed.method === 'creditCard' ? CARD_BRANDS[minutes % CARD_BRANDS.length]! : null;
    const expirationDate = new Date(createdAt.getTime() + TRANSFER_OPEN_DAYS * DAY_MS);
    gifts.push({
      donor: addDonor(giver),
      userKey: giver.userKey,
      recurring: null,
      row: {
        ...giftColumns(seed.associateId, seed.amount, seed.method, brand, createdAt, settled),
        ...paymentIds,
        needReceipt,
        inEnglish: giver.inEnglish,
        isUser: giver.userKey !== null,
        isAnonymous: anonymous,
        needNewsLetter: details.newsletter,
        message: seed.message ?? null,
      },
      message: messageOf(giver, seed.message, details.namePublic, anonymous),
      survey: details.survey,
      account: bank
        ? {
            provider: paymentIds.paymentProvider,
            providerAccountId: paymentIds.paymentId,
            bankName: 'デモネット銀行',
            bankNameEn: 'Demo Net Bank',
            branchName: 'きふ支店',
            branchNameEn: 'Kifu Branch',
            accountNumber: String(4_200_000 + charges),
            accountHolder: 'キフ（カ',
            accountHolderEn: 'KIFU CO., LTD.',
            amount: seed.amount,
            depositedAmount: settled.status === 'paid' ? seed.amount : 0,
            expirationDate,
            status: settled.status === 'paid' ? 'paid' : settled.status === 'expired' ? 'expired' : 'issued',
            paidAt: settled.paidAt,
            createdAt,
          }
        : null,
      receipt: null,
    });
  }

  function surveyOf(associateId: ConsoleAssociateId, daysAgo: number, draw: SeededRandom): PlannedGift['survey'] {
    const counts = refs.surveyChoiceCounts(associateId);
    if (!counts || daysAgo > SURVEY_DAYS) return null;
    const heardFrom = draw.int(0, counts.heardFrom - 1);
    const interests = draw.chance(0.5) ? [...new Set([draw.int(0, counts.interests - 1), draw.int(0, counts.interests - 1)])].sort() : [];
    return { heardFrom, interests };
  }

  CONSOLE_RECURRING.forEach(planRecurring);
  CONSOLE_SINGLE_GIFTS.forEach((seed, index) =>
    planSingle(seed, 30 + index * 7, {
      namePublic: true,
      newsletter: index % 3 === 0,
      survey: surveyOf(seed.associateId, seed.daysAgo, random),
    }),
  );
  for (let index = 0; index < DRAWN_GIFTS; index++) {
    const seed = drawGift(random);
    const minutes = random.int(5, 600);
    planSingle(seed, minutes, {
      namePublic: random.chance(0.75),
      newsletter: random.chance(0.35),
      survey: surveyOf(seed.associateId, seed.daysAgo, random),
    });
  }
  return withReceipts(now, { donors, recurring, gifts: orderedByTime(gifts), receiptCounters: [] });
}

const INSUFFICIENT_FUNDS = 'insufficient_fund: insufficient funds in the account or the card has reached the credit limit';

/**
 * An everyday paid gift: to associate 1 a little more often than to 6; now and then from a
 * corporation; half the time from one of the ten regular guests, so they give again and again.
 */
function drawGift(random: SeededRandom): SingleSeed {
  const associateId: ConsoleAssociateId = random.chance(0.58) ? 1 : 6;
  const giver: GiverRef = random.chance(0.07)
    ? { corporate: random.int(0, CORPORATE_SUPPORTERS.length - 1) }
    : { guest: random.chance(0.5) ? random.int(0, 9) : random.int(0, GUEST_SUPPORTERS.length - 1) };
  const corporate = 'corporate' in giver;
  const guest = 'guest' in giver ? GUEST_SUPPORTERS[giver.guest]! : null;
  const hasAddress = corporate || guest?.address !== undefined;
  const daysAgo = random.int(3, DRAWN_DAYS);
  const roll = random.next();
  let method: PaymentMethod = !hasAddress
    ? 'walletPay'
    : corporate
      ? roll < 0.5
        ? 'creditCard'
        : 'bankTransfer'
      : roll < 0.64
        ? 'creditCard'
        : roll < 0.82
          ? 'walletPay'
          : 'bankTransfer';
  // A transfer of the last week may still be on its way; the ones drawn here have all arrived.
  if (method === 'bankTransfer' && daysAgo < TRANSFER_OPEN_DAYS + 1) method = 'creditCard';
  const amount = random.pick(corporate ? CORPORATE_AMOUNTS : PERSONAL_AMOUNTS);
  const anonymous = !corporate && random.chance(0.08);
  const needReceipt = hasAddress && !anonymous && (corporate || random.chance(amount >= 10_000 ? 0.85 : 0.4));
  const messages = GIFT_MESSAGES[associateId];
  const message = random.chance(0.2) ? random.pick(guest?.inEnglish ? messages.en : messages.ja) : undefined;
  return { associateId, giver, method, amount, daysAgo, outcome: { kind: 'paid' }, needReceipt, anonymous, message };
}

/** Oldest first; gifts made at the same instant keep the order they were planned in. */
function orderedByTime(gifts: PlannedGift[]): PlannedGift[] {
  return gifts
    .map((gift, index) => ({ gift, index }))
    .sort((a, b) => a.gift.row.createdAt.getTime() - b.gift.row.createdAt.getTime() || a.index - b.index)
    .map(({ gift }) => gift);
}

/**
 * A guest's paid gift that asked for a receipt got it when the guest opened the thank-you mail's
 * link, a day or two later (those of the last RECEIPT_AFTER_DAYS days not yet). Demo accounts' gifts
 * get theirs on my page, where the first download is a first issue (ADR 057). Numbers run per
 * associate and year received, in the order issued, as issue-receipt.ts gives them.
 */
function withReceipts(now: Date, plan: ConsoleGiftPlan): ConsoleGiftPlan {
  const issued = plan.gifts
    .filter(({ userKey, row }) => userKey === null && row.status === 'paid' && row.needReceipt && !row.isAnonymous)
    .filter(({ row }) => row.paidAt!.getTime() <= now.getTime() - RECEIPT_AFTER_DAYS * DAY_MS)
    .map((gift, index) => ({ gift, issuedAt: new Date(gift.row.paidAt!.getTime() + DAY_MS + (index % 40) * HOUR_MS) }))
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
  const last = new Map<string, { associateId: number; year: number; lastSequence: number }>();
  for (const { gift, issuedAt } of issued) {
    const { associateId } = gift.row;
    const year = receiptYearOf(gift.row.paidAt!);
    const counter = last.get(`${associateId}:${year}`) ?? { associateId, year, lastSequence: 0 };
    counter.lastSequence += 1;
    last.set(`${associateId}:${year}`, counter);
    gift.receipt = { year, sequence: counter.lastSequence, number: receiptNumber(associateId, year, counter.lastSequence), issuedAt };
  }
  return { ...plan, receiptCounters: [...last.values()] };
}
