// What a paid gift leaves the associate: the platform commission (spec §9, campaign rate for
// campaign gifts; floored by the domain so the associate never gets less) and the transfer amount.
// Every payment method records both the moment a donation becomes paid. A campaign's promotion
// code waives part of the commission (discountAmount, ADR 036): the associate gets that much more,
// the donor pays what they chose.
import { platformFee } from '@kifu/domain';

export function paidAmounts(donation: { amount: number; campaignId: number | null; discountAmount?: number }): {
  commission: number;
  transferAmount: number;
} {
  const fee = platformFee(donation.amount, { campaign: donation.campaignId !== null });
  const commission = Math.max(0, fee - (donation.discountAmount ?? 0));
  return { commission, transferAmount: donation.amount - commission };
}
