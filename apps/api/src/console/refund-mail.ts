// The supporter's mail when an associate refunds their gift (ADR 064): how much of which gift,
// where the money goes, and what became of their tax receipt — void after a full refund, a new
// one for what the gift kept after a partial one. Queued in the refund's transaction, once per
// refund. The staff member's reason stays in the console: it may name internal matters.
import { formatYenAmount, japanDateOf, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donations, donors } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';

const HOW: Record<'card' | 'bank' | 'wallet', Record<Locale, string>> = {
  card: {
    ja: 'ご利用のカードへ返金しました。カードのご利用明細に反映されるまで、カード会社によっては日数がかかることがあります。',
    en: 'The money goes back to your card; your card company may take some days to show it on your statement.',
  },
  bank: { ja: 'お振り込みいただいた口座へ返金しました。', en: 'The money has been sent back to the account the transfer came from.' },
  wallet: {
    ja: 'お支払いに使われたアカウントへ返金しました。反映までに数日かかることがあります。',
    en: 'The money goes back to the account you paid with; it may take a few days to appear.',
  },
};

const RECEIPT: Record<'voided' | 'reissued', Record<Locale, string>> = {
  voided: {
    ja: '\n\nこのご寄付の寄附金受領証明書は無効になりました。確定申告には使用しないでください。',
    en: '\n\nThe tax receipt of this donation is no longer valid. Please do not use it for your tax return.',
  },
  reissued: {
    ja: '\n\n寄附金受領証明書は、返金後の金額（{{kept}}）で新しい番号（{{number}}）のものを発行しました。以前の証明書は無効です。\n{{link}}',
    en: '\n\nA new tax receipt (number {{number}}) has been issued for the amount kept after the refund ({{kept}}); the earlier one is no longer valid.\n{{link}}',
  },
};

function dateText(date: Date, locale: Locale): string {
  const { year, month, day } = japanDateOf(date);
  return locale === 'ja' ? `${year}年${month}月${day}日` : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What became of the gift's receipts: none touched, voided, or voided and reissued for what it kept. */
export type RefundedReceipt = null | 'voided' | { reissued: string };

export async function queueGiftRefunded(
  tx: Database,
  input: { refund: { id: number; donationId: number; amount: number; provider: string }; kept: number; receipt: RefundedReceipt },
  links: MailLinks,
): Promise<void> {
  const { refund, kept } = input;
  if (!(await claimOnce(tx, 'mail:gift-refunded', String(refund.id)))) return;
  const [gift] = await tx
    .select({
      amount: donations.amount,
      paidAt: donations.paidAt,
      createdAt: donations.createdAt,
      inEnglish: donations.inEnglish,
      userId: donations.userId,
      email: donors.email,
      lastName: donors.lastName,
      firstName: donors.firstName,
      associate: associates.name,
      associateEn: associates.nameEn,
    })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .where(eq(donations.id, refund.donationId))
    .limit(1);
  if (!gift?.email) return;
  const locale: Locale = gift.inEnglish ? 'en' : 'ja';
  const receipt =
    input.receipt === null
      ? ''
      : input.receipt === 'voided'
        ? RECEIPT.voided[locale]
        : RECEIPT.reissued[locale]
            .replace('{{kept}}', formatYenAmount(kept, locale))
            .replace('{{number}}', input.receipt.reissued)
            .replace('{{link}}', gift.userId !== null ? links.history(locale) : links.guestReceipt(refund.donationId, locale));
  await enqueueMail(tx, {
    to: gift.email,
    donationId: refund.donationId,
    locale,
    template: 'gift-refunded',
    values: {
      name: locale === 'en' ? `${gift.firstName} ${gift.lastName}`.trim() : `${gift.lastName} ${gift.firstName}`.trim(),
      associate: locale === 'en' ? (gift.associateEn ?? gift.associate) : gift.associate,
      date: dateText(gift.paidAt ?? gift.createdAt, locale),
      amount: formatYenAmount(gift.amount, locale),
      refunded: formatYenAmount(refund.amount, locale),
      how: HOW[refund.provider === 'bank' || refund.provider === 'wallet' ? refund.provider : 'card'][locale],
      receipt,
    },
  });
}
