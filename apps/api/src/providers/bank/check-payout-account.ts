// The bank's check of an account Kifu is to pay (ADR 074), as a form needs it: a refusal is a 400
// at the account's field (`prefix` places it inside a larger form), a bank that cannot answer is a
// 503, and the caller saves nothing either way. The joining form uses it (ADR 078); the console's
// change of account (statements/payout-account.ts) does the same inline.
import { accountCheckError, type PayoutAccountInput } from '@kifu/domain';
import { AppError } from '../../lib/app-error';
import { ProviderError } from '../provider-error';
import type { BankGateway } from './bank-gateway';

export async function checkPayoutAccount(bank: BankGateway, account: PayoutAccountInput, prefix = ''): Promise<void> {
  let check;
  try {
    check = await bank.checkAccount({
      bankCode: account.bank_code,
      branchCode: account.branch_code,
      accountType: account.account_type,
      accountNumber: account.account_number,
      accountHolder: account.account_holder,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('service_unavailable', `the bank could not check the account: ${error.code}`);
    throw error;
  }
  const refused = accountCheckError(check.result);
  if (refused)
    throw new AppError('validation_failed', `the bank refused the account: ${check.result}`, {
      [`${prefix}${refused.field}`]: [refused.rule],
    });
}
