import { describe, expect, it } from 'vitest';
import { isDonatePath } from './donate-paths';

describe('the pages with the card form', () => {
  it('applies to the donate pages in both languages and nowhere else', () => {
    expect(isDonatePath('/associate/kodomo/donate')).toBe(true);
    expect(isDonatePath('/associate/kodomo/donate/confirmation')).toBe(true);
    expect(isDonatePath('/portfolio/2/donate')).toBe(true);
    expect(isDonatePath('/en/portfolio/2/donate/contribution')).toBe(true);
    expect(isDonatePath('/portfolio/2')).toBe(false);
    expect(isDonatePath('/en/associate/kodomo/donate/payment')).toBe(true);
    expect(isDonatePath('/associate/kodomo')).toBe(false);
    expect(isDonatePath('/associate/kodomo/donated')).toBe(false);
    expect(isDonatePath('/backend/associate/kodomo/donate')).toBe(false);
  });

  it('applies to the wallet pay return pages too', () => {
    expect(isDonatePath('/redirect/wallet-pay/checkout-review')).toBe(true);
    expect(isDonatePath('/en/redirect/wallet-pay/checkout-result')).toBe(true);
    expect(isDonatePath('/redirect/wallet-pay/checkout-cancel')).toBe(true);
    expect(isDonatePath('/redirect/wallet-pay/other')).toBe(false);
  });

  it('applies to the saved-card pages, where the card is tokenised too', () => {
    expect(isDonatePath('/mypage/credit-card')).toBe(true);
    expect(isDonatePath('/en/mypage/credit-card')).toBe(true);
    expect(isDonatePath('/credit')).toBe(true);
    expect(isDonatePath('/en/credit')).toBe(true);
    expect(isDonatePath('/mypage/credit-card/other')).toBe(false);
    expect(isDonatePath('/mypage/account')).toBe(false);
    expect(isDonatePath('/credits')).toBe(false);
    expect(isDonatePath('/backend/payment/credit')).toBe(false);
  });
});
