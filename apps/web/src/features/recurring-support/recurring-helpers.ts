// Pure pieces of the recurring support page (ADR 034): reading a typed amount, where a donation's
// name links to, the reason sent with a stop, and the day a pause would end.
import type { api } from '@kifu/domain';
import { amountLimits, type AmountLimits } from '@kifu/domain/money';
import { normaliseDigits } from '@kifu/domain/normalise';
import { pauseResumesOn, STOP_REASON_MAX_LENGTH } from '@kifu/domain/recurring-support';
import type { AmountRule } from './recurring-api';

/** A monthly amount's bounds: those of a monthly card gift (a wallet's are the same). */
export function monthlyLimits(item: Pick<api.RecurringSupportItem, 'payment_method'>): AmountLimits {
  return amountLimits(item.payment_method === 'walletPay' ? 'walletPay' : 'creditCard', 'monthly');
}

/** Thousands separators and the yen sign a supporter may type along with the digits. */
const DECORATION = /[,，¥￥円]/g;

/**
 * The whole number of yen typed in `text` (full-width digits, separators and the yen sign accepted),
 * or the rule it breaks.
 */
export function parseAmountInput(text: string, limits: AmountLimits): { ok: true; amount: number } | { ok: false; rule: AmountRule } {
  const digits = normaliseDigits(text).replace(DECORATION, '');
  if (!/^\d+$/.test(digits)) return { ok: false, rule: 'value' };
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount)) return { ok: false, rule: 'max' };
  if (amount < limits.min) return { ok: false, rule: 'min' };
  if (amount > limits.max) return { ok: false, rule: 'max' };
  return { ok: true, amount };
}

/** What the donation supports, and its page: the campaign when it is for one, else the portfolio or the associate. */
export function targetOf(item: Pick<api.RecurringSupportItem, 'associate' | 'portfolio' | 'campaign'>): {
  name: string;
  href: string | null;
} {
  if (item.campaign) return { name: item.campaign.title, href: `/campaign/${item.campaign.id}` };
  if (item.portfolio) return { name: item.portfolio.name, href: `/portfolio/${item.portfolio.id}` };
  if (item.associate) return { name: item.associate.name, href: `/associate/${item.associate.uid}` };
  return { name: '', href: null };
}

/**
 * Where to give again once a wallet gift is suspended (the wallet's permission cannot be renewed
 * from Kifu, unlike a card): the same portfolio's, campaign's or associate's donate form.
 */
export function giveAgainHref(item: Pick<api.RecurringSupportItem, 'associate' | 'portfolio' | 'campaign'>): string | null {
  if (item.portfolio) return `/portfolio/${item.portfolio.id}/donate`;
  if (!item.associate) return null;
  const donate = `/associate/${item.associate.uid}/donate`;
  return item.campaign ? `${donate}?campaign=${item.campaign.id}` : donate;
}

export const STOP_REASONS = ['amount', 'otherOrganisation', 'activities', 'other'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * The reason sent with a stop, for the organisation to read: the chosen reason's words and what the
 * supporter wrote, within the API's limit; null when there is neither.
 */
export function composeStopReason(choiceLabel: string | null, text: string): string | null {
  const written = text.trim();
  const parts = [choiceLabel?.trim() ?? '', written].filter((part) => part !== '');
  if (parts.length === 0) return null;
  return parts.join('\n').slice(0, STOP_REASON_MAX_LENGTH);
}

/** The day charging would start again after a pause of `months`, as the API works it out. */
export function pauseEndsOn(nextChargeOn: string | null, months: number, now: Date): string | null {
  if (nextChargeOn === null) return null;
  const chargeDay = Number(nextChargeOn.slice(8, 10));
  if (!Number.isInteger(chargeDay) || chargeDay < 1) return null;
  return pauseResumesOn(nextChargeOn, chargeDay, months, now);
}
