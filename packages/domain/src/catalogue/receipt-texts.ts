// What receipts, the support history and the tax summary say (ADR 033), in ja and en. The PDF,
// the API's error details and the web pages read them from here so the wording never drifts.
import type { LocalisedMessage } from './message';

export const RECEIPT_TEXTS = {
  titleCertified: { ja: '寄附金受領証明書', en: 'Certificate of Donation Received' },
  titleCombined: { ja: '寄附金受領証明書（合算）', en: 'Certificate of Donations Received (combined for the year)' },
  titlePlain: { ja: '領収書', en: 'Receipt' },
  reissue: { ja: '再発行', en: 'Reissue' },
  number: { ja: '証明書番号', en: 'Receipt No.' },
  issuedOn: { ja: '発行日', en: 'Date of issue' },
  donor: { ja: '寄附者', en: 'Donor' },
  donorHonorific: { ja: '{name} 様', en: '{name}' },
  address: { ja: '住所', en: 'Address' },
  amount: { ja: '寄附金額', en: 'Amount received' },
  receivedOn: { ja: '受領日', en: 'Date received' },
  purpose: { ja: '寄附の内容', en: 'Gift' },
  total: { ja: '合計', en: 'Total' },
  issuer: { ja: '受領者', en: 'Received by' },
  representative: { ja: '代表者', en: 'Representative' },
  organisationType: { ja: '法人の種類', en: 'Legal type' },
  certificationNumber: { ja: '認定番号', en: 'Certification No.' },
  certifiedOn: { ja: '認定日', en: 'Certified on' },
  certificationExpiresOn: { ja: '認定の有効期間の満了日', en: 'Certification valid until' },
  certificationAuthority: { ja: '所轄庁', en: 'Certifying authority' },
  receivedStatement: {
    ja: '上記の金額を寄附金として確かに受領いたしました。',
    en: 'We hereby certify that we have received the above amount as a donation.',
  },
  specifiedActivities: {
    ja: 'この寄附金は、当法人の行う特定非営利活動に係る事業に関連する寄附金です。',
    en: 'This donation relates to our business in specified non-profit activities.',
  },
  eligibleTaxCredit: {
    ja: 'この寄附金は、所得税の寄附金控除（所得控除）または税額控除のいずれかを選択して適用を受けることができます。',
    en: 'This donation qualifies for either the income-tax deduction for donations or the tax credit, at your choice.',
  },
  eligibleIncomeDeduction: {
    ja: 'この寄附金は、所得税の寄附金控除（所得控除）の対象となる特定寄附金です。',
    en: 'This donation is a specified donation that qualifies for the income-tax deduction.',
  },
  notEligible: {
    ja: '当団体は税制上の優遇措置の対象となる法人ではないため、この寄附金は寄附金控除・税額控除の対象となりません。',
    en: 'We are not an organisation whose donations qualify for tax relief: this donation qualifies for neither the income-tax deduction nor the tax credit.',
  },
  residentTax: {
    ja: '個人住民税：{designation}の条例で指定された寄附金に該当します。',
    en: 'Resident tax: designated by ordinance of {designation}.',
  },
  combinedNote: {
    ja: 'この証明書は、上記の各寄附を合算して証明するものです。同じ寄附について個別の証明書と重ねて申告に用いることはできません。',
    en: 'This certificate combines the gifts listed above. Do not claim the same gift again with its individual receipt.',
  },
  issuedBy: {
    ja: 'この証明書は、寄付プラットフォーム Kifu が {name} に代わって発行しています。',
    en: 'Issued on behalf of {name} by the Kifu donation platform.',
  },
  translationNote: {
    ja: '日本語の記載を正本とし、英語はその翻訳です。',
    en: 'The Japanese text is authoritative; the English is a translation.',
  },
} as const satisfies Record<string, LocalisedMessage>;

export const RECEIPT_ERRORS = {
  notFound: { ja: '領収書が見つかりませんでした。', en: 'No receipt was found for this gift.' },
  notPaid: {
    ja: 'お支払いが完了していないため、領収書はまだ発行できません。',
    en: 'The payment has not been completed yet, so no receipt can be issued.',
  },
  refunded: { ja: '返金済みの寄付には領収書を発行できません。', en: 'A refunded gift cannot have a receipt.' },
  notRequested: {
    ja: 'この寄付は領収書不要（または匿名）でお申し込みいただいたため、領収書はありません。',
    en: 'This gift was made without a receipt (or anonymously), so it has none.',
  },
  linkExpired: {
    ja: 'この領収書のリンクは無効か、有効期限が切れています。',
    en: 'This receipt link is not valid or has expired.',
  },
  bundleNotReady: {
    ja: 'ZIPファイルはまだ作成中です。しばらくしてからお試しください。',
    en: 'The ZIP file is still being made. Please try again shortly.',
  },
  bundleFailed: {
    ja: 'ZIPファイルを作成できませんでした。もう一度お試しください。',
    en: 'The ZIP file could not be made. Please try again.',
  },
  bundleExpired: {
    ja: 'このZIPファイルは保存期間が過ぎました。もう一度作成してください。',
    en: 'This ZIP file has expired. Please make it again.',
  },
  nothingForYear: { ja: 'この年に領収書を発行できる寄付はありません。', en: 'There are no gifts with a receipt in this year.' },
} as const satisfies Record<string, LocalisedMessage>;

/** How a gift is described on its receipt and in the support history. */
export const GIFT_DESCRIPTIONS = {
  single: { ja: 'ご寄付', en: 'Donation' },
  monthly: { ja: '毎月のご寄付', en: 'Monthly donation' },
  annual: { ja: '年間サポート', en: 'Annual support' },
  campaign: { ja: 'キャンペーン「{title}」へのご寄付', en: 'Donation to the campaign "{title}"' },
  portfolio: { ja: 'ポートフォリオ「{name}」からの配分', en: 'Share of a gift to the portfolio "{name}"' },
} as const satisfies Record<string, LocalisedMessage>;
