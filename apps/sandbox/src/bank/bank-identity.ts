// Who the sandbox bank is. Japanese net banks issue virtual accounts (振込先口座) on one branch of
// their own, as ordinary accounts held in the merchant's name (spec §9: "online bank, account type
// ordinary; bank name, account type and holder configured per language"). The code and names are
// made up so a sandbox account can never be mistaken for a real one (GMO Aozora, the model, is 0310).
export const BANK = {
  name: 'サンドボックス銀行',
  nameEn: 'Sandbox Bank',
  code: '0399',
  branchName: 'さくら支店',
  branchNameEn: 'Sakura Branch',
  branchCode: '101',
  accountType: 'ordinary',
} as const;

/** The account holder when the merchant names none: Kifu's corporate name as banks print it. */
export const DEFAULT_HOLDER = { ja: 'キフ（カ', en: 'KIFU CO., LTD.' } as const;

export const MAX_ACCOUNT_AMOUNT = 9_999_999;
/** Longest expiry the bank accepts; Japanese net banks cap virtual accounts at about a year. */
export const MAX_EXPIRY_DAYS = 365;
/** Names simulated deposits carry when the tester types none (the usual sample name on bank forms). */
export const DEFAULT_DEPOSITOR_NAME = 'ヤマダ　タロウ';
/** How far the "short" and "over" simulated deposits miss the amount due. */
export const DEPOSIT_MISS = 1_000;
