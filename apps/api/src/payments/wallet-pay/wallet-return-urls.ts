// Our pages the wallet provider sends the buyer back to (spec §2 "Return paths from a wallet
// payment provider: /redirect/{wallet-pay}/checkout-review, -result and -cancel"), in the
// supporter's language: ja has no prefix, en is under /en (architecture.md §2, next-intl
// localePrefix 'as-needed'). The provider appends amazonCheckoutSessionId to each.
import type { Locale } from '@kifu/domain';

export const WALLET_RETURN_PAGES = ['checkout-review', 'checkout-result', 'checkout-cancel'] as const;
export type WalletReturnPage = (typeof WALLET_RETURN_PAGES)[number];

export interface WalletReturnUrlOptions {
  webOrigin: string;
  locale: Locale;
  /** The key the saved donation form state is kept under, so the page can restore it. */
  donateSessionKey?: string;
}

export function walletReturnUrl(page: WalletReturnPage, options: WalletReturnUrlOptions): string {
  const prefix = options.locale === 'ja' ? '' : `/${options.locale}`;
  const url = new URL(`${prefix}/redirect/wallet-pay/${page}`, options.webOrigin);
  if (options.donateSessionKey !== undefined) url.searchParams.set('donate_session_key', options.donateSessionKey);
  return url.toString();
}
