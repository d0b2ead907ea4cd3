// What a paid gift leaves the associate: the platform commission (spec §9, campaign rate for
// campaign gifts; floored by the domain so the associate never gets less) and the transfer amount.
// Every payment method records both the moment a donation becomes paid.
import { platformFee } from '@kifu/domain';

export function paidAmounts(donation: { amount: number; campaignId: number | null }): { commission: number; transferAmount: number } {
  const commission = platformFee(donation.amount, { campaign: donation.campaignId !== null });
  return { commission, transferAmount: donation.amount - commission };
}
