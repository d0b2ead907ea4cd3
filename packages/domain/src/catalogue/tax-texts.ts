// The yearly tax summary's wording (ADR 033, /mypage/tax-summary/{year} and its PDF), with the
// rules stated plainly, and the Done screen's note on which year a late-December transfer counts in.
import type { LocalisedMessage } from './message';

export const TAX_SUMMARY_TEXTS = {
  title: { ja: '{year}年の寄付 年間サマリー（確定申告用）', en: 'Your {year} donations: summary for your tax return' },
  pageTitle: { ja: '{year}年の寄付と税の控除', en: 'Donations and tax relief in {year}' },
  notAReceipt: {
    ja: 'このサマリーは受領証明書ではありません。確定申告には各団体の受領証明書（合算）を添付してください。',
    en: "This summary is not a receipt. Attach each organisation's (combined) receipt to your tax return.",
  },
  gifts: { ja: 'ご寄付の一覧', en: 'Your gifts' },
  byLegalType: { ja: '法人の種類別の合計', en: 'Totals by legal type' },
  byEligibility: { ja: '控除の種類別の合計', en: 'Totals by eligibility' },
  total: { ja: '寄付の合計', en: 'Total given' },
  eligibleTotal: { ja: '控除の対象となる寄付の合計', en: 'Total that qualifies for relief' },
  residentTaxTotal: { ja: '住民税の控除対象（条例指定の団体）', en: 'Designated for resident tax (by ordinance)' },
  noGifts: { ja: 'この年に受領されたご寄付はありません。', en: 'No gifts were received in this year.' },
  rules: { ja: '控除のしくみ', en: 'How the relief works' },
  ruleYear: {
    ja: '寄付は受領日（カード決済が確定した日、または振込が着金した日）の年に数えます。',
    en: 'A gift counts in the year it was received: the day the card charge settled or the transfer arrived.',
  },
  ruleFloor: {
    ja: '年間の控除対象の寄付合計から2,000円が差し引かれます（年に一度だけ）。',
    en: "2,000 yen is taken off the year's total of eligible gifts, once a year.",
  },
  ruleDeduction: {
    ja: '所得控除：控除額 ＝ 寄付合計 − 2,000円。寄付合計は総所得金額等の40%が上限です。',
    en: 'Income deduction: deduction = total − 2,000 yen. The total counted is at most 40 % of your total income.',
  },
  ruleCredit: {
    ja: '税額控除（認定NPO法人・税額控除対象の公益法人等への寄付）：控除額 ＝（寄付合計 − 2,000円）× 40%。所得税額の25%が上限で、100円未満は切り捨てです。',
    en: 'Tax credit (certified NPOs and qualifying public-interest corporations): credit = (total − 2,000 yen) × 40 %, at most 25 % of your income tax, rounded down to the 100 yen.',
  },
  ruleChoice: {
    ja: '税額控除の対象となる寄付は、所得控除と税額控除のどちらか有利な方を選べます。',
    en: 'For gifts that qualify for the tax credit you may choose whichever method is better for you.',
  },
  ruleResidentTax: {
    ja: 'お住まいの都道府県・市区町村が条例で指定した団体への寄付は、住民税の控除も受けられます。',
    en: 'Gifts to organisations your prefecture or municipality designates by ordinance can also reduce your resident tax.',
  },
  ruleNoReceipt: {
    ja: '領収書なし・匿名でのご寄付は、受領証明書がないため控除の対象として数えていません。',
    en: 'Gifts made without a receipt or anonymously have no receipt to claim with, so they are not counted as eligible.',
  },
  estimate: { ja: '控除額の試算', en: 'Estimate your relief' },
  estimateNote: {
    ja: '総所得金額等と所得税額を入力すると、2つの方法の控除額を並べて試算します。入力した値はこのブラウザの中だけで計算し、保存も送信もしません。',
    en: 'Enter your total income and income tax to compare both methods. The figures are computed in this browser only; nothing is stored or sent.',
  },
  totalIncome: { ja: '総所得金額等（円）', en: 'Total income (yen)' },
  incomeTax: { ja: '所得税額（円）', en: 'Income tax (yen)' },
  deductionMethod: { ja: 'すべて所得控除', en: 'All as income deduction' },
  creditMethod: { ja: '税額控除を選ぶ場合', en: 'With the tax credit' },
  deductionAmount: { ja: '所得控除額', en: 'Income deduction' },
  creditAmount: { ja: '税額控除額', en: 'Tax credit' },
  creditCapped: { ja: '所得税額の25%の上限に達しています。', en: 'Capped at 25 % of your income tax.' },
  download: { ja: 'サマリーのPDF', en: 'Summary PDF' },
  downloadPack: {
    ja: '申告用セット（サマリーと各団体の合算領収書）をZIPでダウンロード',
    en: "Download the tax pack (summary and each organisation's combined receipt) as a ZIP",
  },
  combinedReceipt: { ja: '合算領収書', en: 'Combined receipt' },
  donorName: { ja: '寄付者', en: 'Donor' },
  generatedOn: { ja: '作成日', en: 'Made on' },
  // The page's own wording (/mypage/tax-summary/{year}): states, navigation, table heads, the estimator's inputs.
  loading: { ja: '年間サマリーを読み込んでいます…', en: 'Loading your yearly summary…' },
  yearNavigation: { ja: 'ほかの年のサマリー', en: 'Summaries of other years' },
  previousYear: { ja: '前の年（{year}年）', en: 'Previous year ({year})' },
  nextYear: { ja: '次の年（{year}年）', en: 'Next year ({year})' },
  receivedOn: { ja: '受領日', en: 'Date received' },
  organisation: { ja: '寄付先', en: 'Organisation' },
  amount: { ja: '金額', en: 'Amount' },
  eligibility: { ja: '控除の種類', en: 'Tax relief' },
  documents: { ja: '確定申告に使う書類', en: 'Documents for your tax return' },
  combinedReceiptOf: { ja: '{name}の合算領収書（PDF）', en: 'Combined receipt from {name} (PDF)' },
  packSending: { ja: 'ZIPの作成を依頼しています…', en: 'Asking for the ZIP…' },
  estimateInputHint: { ja: '任意。数字で入力してください（全角・カンマ可）。', en: 'Optional. Digits only; commas are fine.' },
  invalidAmount: {
    ja: '金額は数字で入力してください（例：5,000,000）。',
    en: 'Enter the amount in digits, for example 5,000,000.',
  },
} as const satisfies Record<string, LocalisedMessage>;

export const TAX_ELIGIBILITY_LABELS = {
  tax_credit: { ja: '税額控除または所得控除', en: 'Tax credit or income deduction' },
  income_deduction: { ja: '所得控除', en: 'Income deduction' },
  not_eligible: { ja: '対象外', en: 'Not eligible' },
  no_receipt: { ja: '領収書なし', en: 'No receipt' },
} as const satisfies Record<string, LocalisedMessage>;

export const LATE_TRANSFER_YEAR_NOTE: LocalisedMessage = {
  ja: '年末のお振込みは、着金が年明けになると{nextYear}年分のご寄付になります。{year}年分として控除を受けるには、12月31日までに着金するようお振込みください。',
  en: 'A transfer that arrives after New Year counts as a gift of {nextYear}. To count it in {year}, make sure it arrives by 31 December.',
};
