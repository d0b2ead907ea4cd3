// Amount-limit messages (spec §5 "Amount limits", §8 "Donation"). The API writes the Japanese
// phrase for the upper or the lower limit into its detail, and the client picks the message by it;
// both sides use AMOUNT_LIMIT_PHRASES so the phrases cannot drift apart.
import type { Locale } from '../enums';
import { formatYenAmount } from '../money';
import { formatMessage, type LocalisedMessage } from './message';

export const AMOUNT_LIMIT_PHRASES = { upper: '上限', lower: '下限' } as const;

export const AMOUNT_MESSAGES = {
  aboveMax: {
    ja: `支援金額が${AMOUNT_LIMIT_PHRASES.upper}を超えています。{method}をお選びの場合、${AMOUNT_LIMIT_PHRASES.upper}は{max}です。`,
    en: 'Support amount exceeded. If you choose {method}, the upper limitation is {max}.',
  },
  belowMin: {
    ja: `支援金額が${AMOUNT_LIMIT_PHRASES.lower}を下回っています。{min}以上で入力してください。`,
    en: 'Support amount is below the lower limit. Please enter at least {min}.',
  },
  rangeNote: { ja: '{min}以上、{max}以下', en: 'at least {min}, up to {max}' },
} as const satisfies Record<string, LocalisedMessage>;

/** `methodLabel` is the payment method's name in `locale`, e.g. "クレジットカード" / "credit card". */
export function amountAboveMaxMessage(methodLabel: string, max: number, locale: Locale): string {
  return formatMessage(AMOUNT_MESSAGES.aboveMax[locale], { method: methodLabel, max: formatYenAmount(max, locale) });
}

export function amountBelowMinMessage(min: number, locale: Locale): string {
  return formatMessage(AMOUNT_MESSAGES.belowMin[locale], { min: formatYenAmount(min, locale) });
}

/** The note under the amount field (spec §5: 'at least {min}, up to {max}' by method). */
export function amountRangeNote(min: number, max: number, locale: Locale): string {
  return formatMessage(AMOUNT_MESSAGES.rangeNote[locale], { min: formatYenAmount(min, locale), max: formatYenAmount(max, locale) });
}

/** Which limit a server detail reports, if any. The English phrases are read too. */
export function matchAmountLimitError(detail: string): 'above_max' | 'below_min' | undefined {
  const text = detail.toLowerCase();
  if (detail.includes(AMOUNT_LIMIT_PHRASES.upper) || text.includes('upper limit')) return 'above_max';
  if (detail.includes(AMOUNT_LIMIT_PHRASES.lower) || text.includes('lower limit')) return 'below_min';
  return undefined;
}
