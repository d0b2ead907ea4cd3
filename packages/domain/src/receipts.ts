// Tax receipts (寄附金受領証明書, ADR 033): which gift can have one, its number and the
// date it states. The tax side (who is eligible for what, and how much relief) is tax-deduction.ts.
import { japanIsoDate } from './calendar';

/** Why a gift has no receipt, or that it has one. */
export type ReceiptAvailability = 'available' | 'not_paid' | 'refunded' | 'not_requested';

export interface ReceiptGift {
  status: string;
  needReceipt: boolean;
  isAnonymous: boolean;
}

/**
 * A receipt is for money received: a paid gift whose supporter asked for one. An anonymous gift
 * has none (spec §5: anonymous support sends need_receipt false). A refunded gift never gets one,
 * even if one was issued before the refund.
 */
export function receiptAvailability(gift: ReceiptGift): ReceiptAvailability {
  if (gift.status === 'refunded') return 'refunded';
  if (gift.status !== 'paid') return 'not_paid';
  if (!gift.needReceipt || gift.isAnonymous) return 'not_requested';
  return 'available';
}

/**
 * The number printed on a receipt: the associate, the year and a sequence that restarts each year.
 * Unique per associate (and across the platform, as the associate id is in it).
 */
export function receiptNumber(associateId: number, year: number, sequence: number): string {
  return `K${associateId}-${year}-${String(sequence).padStart(5, '0')}`;
}

/**
 * The date a receipt states is the day the money arrived — the card charge settled or the bank
 * transfer was covered — in Japan, never the day the form was sent.
 */
export function receivedOn(paidAt: Date): string {
  return japanIsoDate(paidAt);
}
