// The mails of a bank-transfer gift (ADR 034, ADR 035): where to transfer, how much and by when
// once its virtual account is issued; a reminder two days before the deadline while the money has
// not (all) arrived; and when it expired unpaid, a note that offers to give by card instead (spec §9:
// payment after the deadline may be refunded minus the fee). The thank-you follows when the transfer
// settles it (donations/enqueue-thanks-mail.ts); when money is sent back (an over or late transfer,
// ADR 035), a note of how much and why. ADR 030, ADR 034.
import { formatYenAmount, japanDateOf, type Locale } from '@kifu/domain';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associates, donations, donors, portfolioDonations, portfolios, virtualAccounts } from '../../db/schema/index';
import { claimOnce } from '../../lib/idempotency';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { MailLinks } from '../../mail/mail-links';
import type { MailTemplate } from '../../mail/mail-templates';
import type { StoredVirtualAccount } from './open-virtual-account';
import { virtualAccountView } from './virtual-account-view';

const ACCOUNT_TYPE: Record<Locale, string> = { ja: '普通', en: 'Ordinary' };
/** The reminder goes out this long before the deadline. */
export const REMINDER_BEFORE_MS = 2 * 86_400_000;

/** The deadline as a date in Japan, as the Done screen shows it. */
function deadlineText(deadline: Date, locale: Locale): string {
  const { year, month, day } = japanDateOf(deadline);
  return locale === 'ja' ? `${year}年${month}月${day}日` : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface TransferGift {
  account: StoredVirtualAccount;
  locale: Locale;
  email: string;
  lastName: string;
  firstName: string;
  associateId: number;
  portfolioId: number | null;
}

async function targetName(db: Database, gift: Pick<TransferGift, 'associateId' | 'portfolioId' | 'locale'>): Promise<string> {
  const [named] =
    gift.portfolioId === null
      ? await db
          .select({ name: associates.name, nameEn: associates.nameEn })
          .from(associates)
          .where(eq(associates.id, gift.associateId))
          .limit(1)
      : await db
          .select({ name: portfolios.name, nameEn: portfolios.nameEn })
          .from(portfolios)
          .where(eq(portfolios.id, gift.portfolioId))
          .limit(1);
  return (gift.locale === 'en' ? (named?.nameEn ?? named?.name) : named?.name) ?? '';
}

const nameOf = (gift: Pick<TransferGift, 'locale' | 'lastName' | 'firstName'>) =>
  gift.locale === 'en' ? `${gift.firstName} ${gift.lastName}`.trim() : `${gift.lastName} ${gift.firstName}`.trim();

async function queueAccountMail(
  db: Database,
  template: Extract<MailTemplate, 'bank-transfer-instructions' | 'bank-transfer-reminder'>,
  gift: TransferGift,
) {
  const { locale } = gift;
  const view = virtualAccountView(gift.account, locale);
  await enqueueMail(db, {
    to: gift.email,
    donationId: gift.account.donationId,
    locale,
    template,
    values: {
      name: nameOf(gift),
      amount: formatYenAmount(view.amount, locale),
      associate: await targetName(db, gift),
      bank: view.bank_name,
      branch: view.branch_name,
      accountType: ACCOUNT_TYPE[locale],
      accountNumber: view.account_number,
      holder: view.account_holder,
      deadline: deadlineText(gift.account.expirationDate, locale),
    },
  });
}

export function queueBankTransferInstructions(db: Database, gift: TransferGift): Promise<void> {
  return queueAccountMail(db, 'bank-transfer-instructions', gift);
}

/** The gift behind a virtual account, as the mails need it. */
async function transferGift(db: Database, donationId: number) {
  const [row] = await db
    .select({
      account: virtualAccounts,
      inEnglish: donations.inEnglish,
      status: donations.status,
      associateId: donations.associateId,
      campaignId: donations.campaignId,
      associateUid: associates.uid,
      portfolioId: portfolioDonations.portfolioId,
      email: donors.email,
      lastName: donors.lastName,
      firstName: donors.firstName,
    })
    .from(virtualAccounts)
    .innerJoin(donations, eq(donations.id, virtualAccounts.donationId))
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .leftJoin(portfolioDonations, eq(portfolioDonations.id, donations.portfolioDonationId))
    .where(eq(virtualAccounts.donationId, donationId))
    .limit(1);
  if (!row) return undefined;
  const locale: Locale = row.inEnglish ? 'en' : 'ja';
  return { ...row, locale, portfolioId: row.portfolioId ?? null, firstName: row.firstName ?? '' };
}

/** Job `remind-bank-transfers`: one reminder per gift whose deadline is within two days and whose money has not all arrived. */
export async function remindBankTransfers(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ donationId: virtualAccounts.donationId })
    .from(virtualAccounts)
    .innerJoin(donations, eq(donations.id, virtualAccounts.donationId))
    .where(
      and(
        eq(donations.status, 'awaiting_transfer'),
        inArray(virtualAccounts.status, ['issued', 'short']),
        gt(virtualAccounts.expirationDate, now),
        lte(virtualAccounts.expirationDate, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { donationId } of due) {
    const queued = await db.transaction(async (tx) => {
      if (!(await claimOnce(tx, 'mail:bank-transfer-reminder', String(donationId)))) return false;
      const gift = await transferGift(tx, donationId);
      if (!gift) return false;
      await queueAccountMail(tx, 'bank-transfer-reminder', gift);
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** A transfer that expired unpaid: says so, and offers the donate page to give by card instead. */
export async function queueBankTransferExpired(tx: Database, donationId: number, links: MailLinks): Promise<void> {
  if (!(await claimOnce(tx, 'mail:bank-transfer-expired', String(donationId)))) return;
  const gift = await transferGift(tx, donationId);
  if (!gift) return;
  const { locale } = gift;
  const donatePath =
    gift.portfolioId !== null
      ? `/portfolio/${gift.portfolioId}/donate`
      : gift.campaignId !== null
        ? `/associate/${gift.associateUid}/donate?campaign=${gift.campaignId}`
        : `/associate/${gift.associateUid}/donate`;
  await enqueueMail(tx, {
    to: gift.email,
    donationId: gift.account.donationId,
    locale,
    template: 'bank-transfer-expired',
    values: {
      name: nameOf(gift),
      amount: formatYenAmount(gift.account.amount, locale),
      associate: await targetName(tx, gift),
      deadline: deadlineText(gift.account.expirationDate, locale),
      link: links.page(donatePath, locale),
    },
  });
}

/** Why money came back: the excess of a gift that was paid, or a transfer the gift had expired before. */
const REFUND_WHY: Record<'excess' | 'late', Record<Locale, string>> = {
  excess: {
    ja: 'ご寄付の金額を超えてお振り込みいただいた分を返金しました（ご寄付は受け付けています）。',
    en: 'you transferred more than the donation, so the difference has been refunded (your donation has been received).',
  },
  late: {
    ja: 'お振込期限を過ぎてから着金したため、ご寄付は受け付けられませんでした。振込手数料を差し引いて返金しました。',
    en: 'the money arrived after the deadline, so the donation could not be accepted. It has been refunded minus the fee.',
  },
};

/** Tells the donor a refund was sent: once per refund. */
export async function queueBankTransferRefunded(tx: Database, refund: { id: number; amount: number; donationId: number }): Promise<void> {
  if (!(await claimOnce(tx, 'mail:bank-transfer-refunded', String(refund.id)))) return;
  const gift = await transferGift(tx, refund.donationId);
  if (!gift) return;
  const { locale } = gift;
  await enqueueMail(tx, {
    to: gift.email,
    donationId: gift.account.donationId,
    locale,
    template: 'bank-transfer-refunded',
    values: {
      name: nameOf(gift),
      associate: await targetName(tx, gift),
      amount: formatYenAmount(gift.account.amount, locale),
      refunded: formatYenAmount(refund.amount, locale),
      why: REFUND_WHY[gift.status === 'paid' ? 'excess' : 'late'][locale],
    },
  });
}
