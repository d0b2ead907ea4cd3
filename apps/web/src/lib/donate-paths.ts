// The pages that host the card form (architecture.md §1): src/proxy.ts sends them the strict
// Content-Security-Policy, and the site's Link (i18n/mapped-link.tsx) reaches them by a full
// document load, since a client-side navigation would keep the previous page's site-wide policy.

/** The donate pages: /associate/{uid}/donate[/…] and /portfolio/{id}/donate[/…], with or without the /en prefix. */
const DONATE_PATH = /^(?:\/en)?\/(?:associate|portfolio)\/[^/]+\/donate(?:\/.*)?$/;
/** The wallet pay return pages (spec §2), where the wallet gift is reviewed, started and completed. */
const WALLET_RETURN_PATH = /^(?:\/en)?\/redirect\/wallet-pay\/checkout-(?:review|result|cancel)$/;
/** The saved-card pages (spec §2, ADR 034): a signed-in supporter's /mypage/credit-card and a guest's /credit. */
const SAVED_CARD_PATH = /^(?:\/en)?\/(?:mypage\/credit-card|credit)$/;

export function isDonatePath(pathname: string): boolean {
  return DONATE_PATH.test(pathname) || WALLET_RETURN_PATH.test(pathname) || SAVED_CARD_PATH.test(pathname);
}
