// The `detail` of a failed card payment: the gateway's failure code and message as it sent them,
// e.g. "insufficient_fund: insufficient funds in the account or the card has reached the credit
// limit". The web picks the ja/en message by matching words of the detail (spec §8 "Donation",
// packages/domain donation-errors.ts), and the code alone already matches.
import type { CardCharge } from '../../providers/card/card-gateway';

export function cardFailureDetail(charge: Pick<CardCharge, 'failureCode' | 'failureMessage' | 'status'>): string {
  const code = charge.failureCode ?? (charge.status === 'expired' ? 'expired_charge' : 'payment_rejected');
  return charge.failureMessage ? `${code}: ${charge.failureMessage}` : code;
}
