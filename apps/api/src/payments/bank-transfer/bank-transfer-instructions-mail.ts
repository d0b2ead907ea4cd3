// The mail of a bank-transfer gift once its virtual account is issued: where to transfer, how
// much, and by when (spec §9: payment after the deadline may be refunded minus the fee). The
// thank-you follows when the transfer settles it (donations/enqueue-thanks-mail.ts). ADR 030.
import { formatYenAmount, japanDateOf, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associates, portfolios } from '../../db/schema/index';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { StoredVirtualAccount } from './open-virtual-account';
import { virtualAccountView } from './virtual-account-view';

const ACCOUNT_TYPE: Record<Locale, string> = { ja: '普通', en: 'Ordinary' };

/** The deadline as a date in Japan, as the Done screen shows it. */
function deadlineText(deadline: Date, locale: Locale): string {
  const { year, month, day } = japanDateOf(deadline);
  return locale === 'ja' ? `${year}年${month}月${day}日` : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export async function queueBankTransferInstructions(
  db: Database,
  gift: {
    account: StoredVirtualAccount;
    locale: Locale;
    email: string;
    lastName: string;
    firstName: string;
    associateId: number;
    portfolioId: number | null;
  },
): Promise<void> {
  const { locale } = gift;
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
  const view = virtualAccountView(gift.account, locale);
  await enqueueMail(db, {
    to: gift.email,
    locale,
    template: 'bank-transfer-instructions',
    values: {
      name: locale === 'en' ? `${gift.firstName} ${gift.lastName}`.trim() : `${gift.lastName} ${gift.firstName}`.trim(),
      amount: formatYenAmount(view.amount, locale),
      associate: (locale === 'en' ? (named?.nameEn ?? named?.name) : named?.name) ?? '',
      bank: view.bank_name,
      branch: view.branch_name,
      accountType: ACCOUNT_TYPE[locale],
      accountNumber: view.account_number,
      holder: view.account_holder,
      deadline: deadlineText(gift.account.expirationDate, locale),
    },
  });
}
