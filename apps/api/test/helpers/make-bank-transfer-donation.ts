// A bank-transfer donation as the bank-transfer route leaves it: a 'pending' row, then its virtual account
// issued at the bank and stored (open-virtual-account.ts), so the donation is 'awaiting_transfer'.
import { DonationType, PaymentMethodId } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { associates, campaigns, donations, virtualAccounts } from '../../src/db/schema/index';
import { openVirtualAccount } from '../../src/payments/bank-transfer/open-virtual-account';
import type { BankGateway } from '../../src/providers/bank/bank-gateway';

export interface MakeBankTransferDonation {
  amount?: number;
  /** A campaign gift carries the campaign commission rate. */
  campaign?: boolean;
  expiryDays?: number;
}

export async function makeBankTransferDonation(db: Database, bank: BankGateway, options: MakeBankTransferDonation = {}) {
  const amount = options.amount ?? 10_000;
  const [campaign] = options.campaign
    ? await db.select({ id: campaigns.id, associateId: campaigns.associateId }).from(campaigns).limit(1)
    : [];
  const [associate] = await db.select({ id: associates.id }).from(associates).limit(1);
  const [donation] = await db
    .insert(donations)
    .values({
      associateId: campaign?.associateId ?? associate!.id,
      campaignId: campaign?.id ?? null,
      amount,
      type: campaign ? DonationType.CAMPAIGN : DonationType.NORMAL,
      paymentMethod: PaymentMethodId.BANK_TRANSFER,
      status: 'pending',
    })
    .returning({ id: donations.id });
  const account = await openVirtualAccount(db, bank, { donationId: donation!.id, amount, expiryDays: options.expiryDays ?? 7 });
  return { donationId: donation!.id, accountId: account.providerAccountId, account };
}

export async function donationRow(db: Database, id: number) {
  return (await db.select().from(donations).where(eq(donations.id, id)))[0]!;
}

export async function virtualAccountRow(db: Database, donationId: number) {
  return (await db.select().from(virtualAccounts).where(eq(virtualAccounts.donationId, donationId)))[0]!;
}
