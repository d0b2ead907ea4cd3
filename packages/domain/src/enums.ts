// Enumerations of spec §3 ("Enumerations"). Numeric ids are the wire values the API and the
// submission log use; names are the ones the donation form uses.

export const PaymentMethodId = {
  CREDIT_CARD: 1,
  BIT_COIN: 2,
  BRAND_PLEDGE: 3,
  WALLET_PAY: 4,
  DIRECT_TRANSFER: 5,
  BANK: 6,
  BANK_TRANSFER: 7,
} as const;
export type PaymentMethodId = (typeof PaymentMethodId)[keyof typeof PaymentMethodId];

/** The three methods a supporter can pick in the donation form. */
export const PAYMENT_METHODS = ['creditCard', 'walletPay', 'bankTransfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodIdOf: Record<PaymentMethod, PaymentMethodId> = {
  creditCard: PaymentMethodId.CREDIT_CARD,
  walletPay: PaymentMethodId.WALLET_PAY,
  bankTransfer: PaymentMethodId.BANK_TRANSFER,
};
const PAYMENT_METHOD_BY_ID = new Map<number, PaymentMethod>(PAYMENT_METHODS.map((method) => [paymentMethodIdOf[method], method]));
/** The method a stored payment method id stands for; undefined for an id that is none of them. */
export const paymentMethodOfId = (id: number): PaymentMethod | undefined => PAYMENT_METHOD_BY_ID.get(id);

export const Gender = { MALE: 1, FEMALE: 2, UNSPECIFIED: 3 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDER_IDS = [Gender.MALE, Gender.FEMALE, Gender.UNSPECIFIED] as const;

export const DonationType = { NORMAL: 1, CAMPAIGN: 2, PORTFOLIO: 3, AGENT: 6 } as const;
export type DonationType = (typeof DonationType)[keyof typeof DonationType];
export const DONATION_TYPE_IDS = [1, 2, 3, 6] as const;

/** Campaign types 1–6 with their labels (spec §3). */
export const CampaignType = { BD: 1, FREE: 2, MF: 3, ANNUAL: 4, MF_FREE: 5, REWARD: 6 } as const;
export type CampaignType = (typeof CampaignType)[keyof typeof CampaignType];
export const CAMPAIGN_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;
export const campaignTypeLabel: Record<CampaignType, string> = {
  1: 'BD',
  2: 'Free',
  3: 'MF',
  4: 'Annual',
  5: 'MF(Free)',
  6: 'Reward-based',
};

export const FREQUENCIES = ['single', 'monthly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Frequency codes used in submission logs. */
export const frequencyCode: Record<Frequency, 1 | 2 | 3> = { single: 1, monthly: 2, annual: 3 };

export const DONATE_RESULT_STATES = ['FAILED', 'READY_FOR_3DSECURE', 'PAID'] as const;
export type DonateResultState = (typeof DONATE_RESULT_STATES)[number];

export const ASYNC_STATES = ['idle', 'loading', 'succeeded', 'failed'] as const;
export type AsyncState = (typeof ASYNC_STATES)[number];

export const REQUEST_STATUSES = ['start', 'done', 'fail'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const NOTIFICATION_PREFERENCES = ['receive', 'not_receive'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

/** Associate organisation types 1–21 and 99 (unset), with ja/en labels. */
export const ORGANISATION_TYPES = {
  1: { ja: '任意団体', en: 'Voluntary group' },
  2: { ja: '認定NPO法人', en: 'Certified NPO' },
  3: { ja: '特例認定NPO法人', en: 'Special certified NPO' },
  4: { ja: 'NPO法人', en: 'NPO' },
  5: { ja: '公益社団法人', en: 'Public interest incorporated association' },
  6: { ja: '一般社団法人', en: 'General incorporated association' },
  7: { ja: '公益財団法人', en: 'Public interest foundation' },
  8: { ja: '一般財団法人', en: 'General foundation' },
  9: { ja: '国立研究開発法人', en: 'National research and development corporation' },
  10: { ja: '社会福祉法人', en: 'Social welfare corporation' },
  11: { ja: '学校法人', en: 'School corporation' },
  12: { ja: '独立行政法人', en: 'Incorporated administrative agency' },
  13: { ja: '地方独立行政法人', en: 'Local incorporated administrative agency' },
  14: { ja: '地方公共団体', en: 'Local government' },
  15: { ja: '医療法人社団', en: 'Medical corporation (association)' },
  16: { ja: '医療法人財団', en: 'Medical corporation (foundation)' },
  17: { ja: '労働組合', en: 'Labour union' },
  18: { ja: '準学校法人', en: 'Quasi-school corporation' },
  19: { ja: '国立大学法人', en: 'National university corporation' },
  20: { ja: '労働者協同組合', en: "Workers' cooperative" },
  21: { ja: '特定公益増進法人', en: 'Specific public-interest promotion corporation' },
  99: { ja: '未設定', en: 'Unset' },
} as const satisfies Record<number, { ja: string; en: string }>;
export type OrganisationTypeId = keyof typeof ORGANISATION_TYPES;
export const ORGANISATION_TYPE_IDS = Object.keys(ORGANISATION_TYPES).map(Number) as OrganisationTypeId[];

export const LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';
