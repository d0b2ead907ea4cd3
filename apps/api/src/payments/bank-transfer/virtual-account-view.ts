// The virtual account as the supporter reads it (the Done screen, the instructions mail): names in
// their language (spec §9: configured per language), the deadline as an instant.
import type { api, Locale } from '@kifu/domain';
import type { StoredVirtualAccount } from './open-virtual-account';

export function virtualAccountView(account: StoredVirtualAccount, lang: Locale): api.VirtualAccountView {
  const en = lang === 'en';
  return {
    bank_name: en ? (account.bankNameEn ?? account.bankName) : account.bankName,
    branch_name: en ? (account.branchNameEn ?? account.branchName) : account.branchName,
    account_type: 'ordinary',
    account_number: account.accountNumber,
    account_holder: en ? (account.accountHolderEn ?? account.accountHolder) : account.accountHolder,
    amount: account.amount,
    deposited_amount: account.depositedAmount,
    expiration_date: account.expirationDate.toISOString(),
  };
}
