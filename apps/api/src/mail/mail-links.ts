// The links Kifu's mails carry, absolute on the web app (WEB_ORIGIN) and in the reader's language:
// the support history, a guest's signed receipt link (receipts/receipt-links.ts), and any page.
import type { Locale } from '@kifu/domain';
import type { Config } from '../config/env';
import { signReceiptLink } from '../receipts/receipt-links';

export interface MailLinks {
  /** A page of the site, e.g. '/mypage/credit-card'. */
  page(path: string, locale: Locale): string;
  /** The support history, where a signed-in supporter downloads every receipt. */
  history(locale: Locale): string;
  /** One gift's receipt for whoever holds the link: what a guest gets. */
  guestReceipt(donationId: number, locale: Locale, now?: Date): string;
}

export function mailLinks(config: Pick<Config, 'WEB_ORIGIN' | 'RECEIPT_LINK_SECRET'>): MailLinks {
  const page = (path: string, locale: Locale) => `${config.WEB_ORIGIN.replace(/\/+$/, '')}${locale === 'en' ? '/en' : ''}${path}`;
  return {
    page,
    history: (locale) => page('/mypage/support-history', locale),
    guestReceipt(donationId, locale, now) {
      const { expires, signature } = signReceiptLink(config.RECEIPT_LINK_SECRET, donationId, now);
      return page(
        `/mypage/support-history/${donationId}/receipt-pdf?${new URLSearchParams({ expires: String(expires), signature })}`,
        locale,
      );
    },
  };
}
