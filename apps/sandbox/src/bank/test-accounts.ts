// Which payee accounts the sandbox bank pretends exist, for outgoing transfers and the account check
// (口座名義照会). A real bank knows every account; the sandbox decides by the account number's last
// four digits, so a tester can reach each outcome from any bank and branch code (documented in
// ./index.ts and providers.md "Bank transfer"):
//   …9999 → no such account; …8888 → the account was closed (解約済);
//   …7777 → the account is held by MISMATCH_HOLDER, so any other name is a holder mismatch;
//   anything else → an open account held by exactly the name given.
import { sameHolder } from './holder-name';

export const ACCOUNT_CHECK_RESULTS = ['match', 'holder_mismatch', 'account_not_found', 'account_closed'] as const;
export type AccountCheckResult = (typeof ACCOUNT_CHECK_RESULTS)[number];

export const TEST_ACCOUNT_ENDINGS = { account_not_found: '9999', account_closed: '8888', holder_mismatch: '7777' } as const;
/** Who holds every …7777 account: a name no tester types by accident. */
export const MISMATCH_HOLDER = 'サンドボックス　ハナコ';

export interface PayeeVerdict {
  result: AccountCheckResult;
  /** The holder the bank has on record; banks disclose it only for an open account. */
  registeredHolder: string | undefined;
}

export function checkPayee(accountNumber: string, holder: string): PayeeVerdict {
  if (accountNumber.endsWith(TEST_ACCOUNT_ENDINGS.account_not_found)) return { result: 'account_not_found', registeredHolder: undefined };
  if (accountNumber.endsWith(TEST_ACCOUNT_ENDINGS.account_closed)) return { result: 'account_closed', registeredHolder: undefined };
  const registeredHolder = accountNumber.endsWith(TEST_ACCOUNT_ENDINGS.holder_mismatch) ? MISMATCH_HOLDER : holder;
  return { result: sameHolder(holder, registeredHolder) ? 'match' : 'holder_mismatch', registeredHolder };
}
