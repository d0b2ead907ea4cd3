// Refunds an associate makes from its console (ADR 064). A gift can be refunded in full or in
// parts, never beyond what it kept; one refund at a time, so each knows what is left. What a gift
// still counts for — on the campaign's total, the supporter's receipts and tax summary, the donor
// register — is what it kept: its amount less what was refunded.

/** The longest reason a staff member may give; it is shown on the gift's page and in the audit log. */
export const REFUND_REASON_MAX_LENGTH = 500;

export interface RefundableGift {
  status: string;
  amount: number;
  refundedAmount: number;
}

/** What a gift still counts for after its refunds. */
export function keptAmount(gift: Pick<RefundableGift, 'amount' | 'refundedAmount'>): number {
  return gift.amount - gift.refundedAmount;
}

/** What can still be given back: the kept amount of a paid gift, nothing for any other state. */
export function refundableAmount(gift: RefundableGift): number {
  return gift.status === 'paid' ? keptAmount(gift) : 0;
}

/** Why a refund was not made, as the API names it at the start of an error's detail. */
export const REFUND_REFUSALS = [
  /** The gift is not paid (waiting, failed) or was refunded in full already. */
  'not_refundable',
  /** More than the gift still keeps. */
  'over_refundable',
  /** Another refund of the gift is still with the provider. */
  'refund_under_way',
  /** The provider refused it (its code follows). */
  'provider_refused',
] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];
